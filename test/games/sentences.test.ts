// Every event a game logs in play has a sentence in the chronicle, in English and in Spanish (#26),
// and is the shape the API documents for it (#50): random campaigns of each registered game, every
// event of their logs told and checked against the game's event schema, as each reader gets it.
import t from 'tap'
import { Ajv } from 'ajv'
import { CATALOGUE } from '../../src/lib/catalogue.ts'
import { playSeats, rulesetOf } from '../../src/engine/index.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'
import { FACES } from '../../src/faces/index.ts'
import { answerComponents, eventsComponent, orderComponents } from '../../src/faces/order-schemas.ts'
import { isSystemRow, type Words } from '../../src/lib/chronicle.ts'
import { gamesUnderTest, playAtRandom, runs } from './random-campaign.ts'

const LANGUAGES: Record<'en' | 'es', Words> = { en: CATALOGUE.en, es: CATALOGUE.es }

// As the app's validator reads the components (src/app.ts): the orders' discriminators, no coercion.
const ajv = new Ajv({ strict: false, discriminator: true, allErrors: false })
for (const component of [...orderComponents(), ...answerComponents()]) ajv.addSchema(component as object)

for (const face of FACES.filter((face) => gamesUnderTest().includes(face.id))) {
  const rules = rulesetOf(face.id)
  // quick: the same campaigns and logs, without the contract's checks of every step (contract.test.ts runs those).
  const logs = Array.from({ length: runs(3) }, (_, k) => playAtRandom(rules, 3, 11 + k, { quick: true }).log)
  // And a whole game among bots and a random player, to its end: battles, eliminations and the end are logged too.
  const played: unknown[] = []
  playSeats(rules, ['bot', 'random', 'bot'], 7, { map: bundledMap('coast-4')!, limit: 4, log: played })

  t.test(`every story event of ${face.id} has a sentence in English and Spanish`, async (t) => {
    // The game's own chronicle, as its face registers it.
    const tell = face.sentence
    const untold = new Set<string>()
    const told = new Set<string>()
    for (const log of [...logs, played]) {
      for (const event of log as { type: string; order?: { type?: string } }[]) {
        // A game whose orders are its story (Open Wars logs a move as its order, no event of its own) may tell them.
        const order = event.type === 'order'
        if (isSystemRow(event.type) && !order) continue
        for (const [locale, words] of Object.entries(LANGUAGES)) {
          const said = tell(event.type, event, new Map(), words)
          if (said.trim() !== '') told.add(order ? `order ${event.order?.type}` : event.type)
          else if (!order) untold.add(`${event.type} (${locale})`)
        }
      }
    }
    t.same([...untold].sort(), [], `${told.size} kinds of event told: ${[...told].sort().join(', ')}`)
    t.ok(told.size >= 5, 'the random campaigns logged a story')
  })

  t.test(`every event of ${face.id} is the shape ${eventsComponent(face)} documents, as each reader gets it`, async (t) => {
    const valid = ajv.getSchema(`${eventsComponent(face)}#`)
    if (!valid) throw new Error(`no component ${eventsComponent(face)}`)
    const wrong = new Map<string, string>()
    const seen = new Set<string>()
    let checked = 0
    for (const log of [...logs, played]) {
      for (const event of log) {
        // What an order's answer and the log's reader get: the game's secrets hidden from others (M12.10).
        const readings = [event, ...(rules.eventFor ? [rules.eventFor(event, 'tribe-0', false), rules.eventFor(event, null, false)] : [])]
        for (const reading of readings) {
          const type = (reading as { type: string }).type
          seen.add(type)
          checked++
          if (!valid(reading) && !wrong.has(type)) wrong.set(type, `${ajv.errorsText(valid.errors)} in ${JSON.stringify(reading).slice(0, 300)}`)
        }
      }
    }
    t.same(Object.fromEntries(wrong), {}, `${checked} events of ${seen.size} types checked: ${[...seen].sort().join(', ')}`)
    t.ok(seen.size >= 5, 'the random campaigns logged events of several types')
    // The schema is closed: a field the engine adds and the schema lacks is refused, not let through.
    const sample = logs.flat().find((event) => (event as { type: string }).type !== 'system')!
    t.notOk(valid({ ...(sample as object), unheardOf: 1 }), 'a field the schema does not name is refused')
  })
}
