// Every event a game logs in play has a sentence in the chronicle, in English and in Spanish:
// random campaigns of each registered game, every story event of their logs told (#26).
import t from 'tap'
import { CATALOGUE } from '../../src/lib/catalogue.ts'
import { rulesetOf } from '../../src/engine/index.ts'
import { FACES } from '../../src/faces/index.ts'
import { isSystemRow, type Words } from '../../src/lib/chronicle.ts'
import { gamesUnderTest, playAtRandom, runs } from './random-campaign.ts'

const LANGUAGES: Record<'en' | 'es', Words> = { en: CATALOGUE.en, es: CATALOGUE.es }

for (const face of FACES.filter((face) => gamesUnderTest().includes(face.id))) {
  t.test(`every story event of ${face.id} has a sentence in English and Spanish`, async (t) => {
    const rules = rulesetOf(face.id)
    // The game's own chronicle, as its face registers it.
    const tell = face.sentence
    const untold = new Set<string>()
    const told = new Set<string>()
    for (let seed = 11; seed < 11 + runs(3); seed++) {
      // quick: the same campaign and log, without the contract's checks of every step (contract.test.ts runs those).
      const { log } = playAtRandom(rules, 3, seed, { quick: true })
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
}
