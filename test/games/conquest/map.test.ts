// Appendix A's world map, checked as A.3 says it must be.
import t from 'tap'
import { adjacent, BY_ID, CONTINENTS, distance, EDGES, NEIGHBOURS, seaDistance, TERRITORIES, TERRITORY_IDS, territoriesOf } from '../../../src/engine/games/conquest/world.ts'

t.test('G1.1 G1.2 A.3 42 distinct territories in 6 continents of 9, 4, 7, 6, 12 and 4', async (t) => {
  t.equal(new Set(TERRITORY_IDS).size, 42)
  t.same(CONTINENTS.map((c) => territoriesOf(c).length), [9, 4, 7, 6, 12, 4])
})

t.test('G1.3 A.3 82 distinct links, 25 by sea, none to itself, and the neighbour lists are symmetric', async (t) => {
  t.equal(EDGES.length, 82)
  t.equal(EDGES.filter((e) => e.sea).length, 25)
  t.equal(new Set(EDGES.map((e) => [e.a, e.b].sort().join('-'))).size, 82)
  t.notOk(EDGES.some((e) => e.a === e.b))
  for (const id of TERRITORY_IDS) for (const n of NEIGHBOURS.get(id)!) t.ok(adjacent(n, id), `${n} lists ${id} back`)
  t.ok(EDGES.filter((e) => e.sea).every((e) => BY_ID.get(e.a)!.coastal && BY_ID.get(e.b)!.coastal), 'every sea link joins two coasts')
  const degrees = TERRITORY_IDS.map((id) => NEIGHBOURS.get(id)!.length)
  t.equal(Math.min(...degrees), 2)
  t.equal(Math.max(...degrees), 7)
  t.same(TERRITORY_IDS.filter((id) => NEIGHBOURS.get(id)!.length === 2).sort(), ['apu', 'jap', 'mad', 'ngu'])
  t.same(TERRITORY_IDS.filter((id) => NEIGHBOURS.get(id)!.length === 7), ['chi'])
})

t.test('G1.4 G1.5 A.3 five inland territories; the map, each continent and the coasts are connected; the widest distance is 10', async (t) => {
  t.same(TERRITORIES.filter((x) => !x.coastal).map((x) => x.id), ['mos', 'ara', 'oms', 'tch', 'mon'])
  t.ok(TERRITORY_IDS.every((a) => TERRITORY_IDS.every((b) => Number.isFinite(distance(a, b)))), 'the map is connected')
  const coasts = TERRITORIES.filter((x) => x.coastal).map((x) => x.id)
  t.ok(coasts.every((a) => coasts.every((b) => Number.isFinite(seaDistance(a, b)))), 'every coast reaches every other by sea')
  t.equal(seaDistance('mos', 'efi'), Infinity, 'an inland end has no sea distance')
  t.equal(Math.max(...TERRITORY_IDS.flatMap((a) => TERRITORY_IDS.map((b) => distance(a, b)))), 10)
  t.equal(Math.max(...coasts.flatMap((a) => coasts.map((b) => seaDistance(a, b)))), 10)
  for (const c of CONTINENTS) {
    const ids = territoriesOf(c)
    const seen = new Set([ids[0]!])
    const queue = [ids[0]!]
    while (queue.length) for (const n of NEIGHBOURS.get(queue.shift()!)!) if (ids.includes(n) && !seen.has(n)) (seen.add(n), queue.push(n))
    t.equal(seen.size, ids.length, `${c} is connected on its own`)
  }
  const entries = TERRITORY_IDS.filter((id) => NEIGHBOURS.get(id)!.some((n) => BY_ID.get(n)!.continent !== BY_ID.get(id)!.continent))
  t.same(entries, ['ala', 'gro', 'mex', 'vce', 'bra', 'isl', 'efi', 'pyu', 'mos', 'arn', 'egi', 'sud', 'mor', 'ara', 'oms', 'sib', 'vie', 'sum'])
})
