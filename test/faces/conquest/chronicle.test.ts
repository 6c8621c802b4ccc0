// World conquest's chronicle tells a record of the log the same however its keys were kept: a
// `reinforced` event read back from the log's jsonb has its `placed` keys in jsonb's order, not
// in the order the engine wrote them (#47).
import t from 'tap'
import { GOODS, TERRITORY_IDS } from '../../../src/engine/games/conquest/index.ts'
import { conquestSentence } from '../../../src/faces/conquest/chronicle.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'

const names = new Map([['ana', 'Aztecas']])

t.test('G3.3 #47 a reinforcement lists its territories in the world order, whatever the order of its record', async (t) => {
  const [first, second, third] = [TERRITORY_IDS[0]!, TERRITORY_IDS[5]!, TERRITORY_IDS[40]!]
  const written = { type: 'reinforced', round: 2, tribe: 'ana', troops: 4, placed: { [third]: 2, [first]: 1, [second]: 1 } }
  const stored = { ...written, placed: { [second]: 1, [first]: 1, [third]: 2 } }
  for (const locale of ['en', 'es'] as const) {
    const told = conquestSentence('reinforced', written, names, CATALOGUE[locale])
    t.equal(conquestSentence('reinforced', stored, names, CATALOGUE[locale]), told, `${locale}: one sentence for both orders`)
    t.ok(told.indexOf(`${first} +1`) < told.indexOf(`${second} +1`) && told.indexOf(`${second} +1`) < told.indexOf(`${third} +2`), `${locale}: ${told}`)
  }
})

t.test('#47 goods gathered are told in the book order (resources, then weapons), whatever the order of their record', async (t) => {
  const [resource, weapon] = [GOODS[0]!, GOODS.at(-1)!]
  const told = (gained: Record<string, number>) =>
    conquestSentence('gathered', { type: 'gathered', tribe: 'ana', at: TERRITORY_IDS[0], gained, incoming: {} }, names, CATALOGUE.en)
  const written = told({ [weapon]: 1, [resource]: 2 })
  t.equal(told({ [resource]: 2, [weapon]: 1 }), written, 'one sentence for both orders')
  t.match(written, new RegExp(`^.*2 .*, 1 `), `the resource first: ${written}`)
})
