// Every event a game logs in play has a sentence in the chronicle, in English and in Spanish:
// random campaigns of each registered game, every story event of their logs told (#26).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CATALOGUE } from '../../src/lib/catalogue.ts'
import t from 'tap'
import { rulesetIds, rulesetOf } from '../../src/engine/index.ts'
import { isSystemRow, type Words } from '../../src/lib/chronicle.ts'
import { sentence } from '../../src/faces/weekday/chronicle.ts'
import { conquestSentence } from '../../src/faces/conquest/chronicle.ts'
import { elMapaSentence } from '../../src/faces/elmapa/chronicle.ts'
import { openwarsSentence } from '../../src/faces/openwars/chronicle.ts'
import { playAtRandom, runs } from './random-campaign.ts'

const catalogue = (locale: 'en' | 'es'): Words => CATALOGUE[locale]
const LANGUAGES = { en: catalogue('en'), es: catalogue('es') }
/** Each game's chronicle: the weekday game's is the platform's own. */
const CHRONICLES: Record<string, typeof sentence> = { conquest: conquestSentence, openwars: openwarsSentence, elmapa: elMapaSentence }

for (const id of rulesetIds()) {
  t.test(`every story event of ${id} has a sentence in English and Spanish`, async (t) => {
    const rules = rulesetOf(id)
    const tell = CHRONICLES[id] ?? sentence
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
