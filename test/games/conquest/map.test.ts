// Appendix A's world map, checked as A.3 says it must be.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import {
  adjacent,
  BY_ID,
  CONTINENTS,
  distance,
  EDGES,
  isTerritory,
  NEIGHBOURS,
  RARE,
  RESOURCES,
  seaDistance,
  TERRITORIES,
  TERRITORY_IDS,
  territoriesOf,
  WEAPONS,
} from '../../../src/engine/games/conquest/world.ts'

t.test('G1.1 G1.2 A.3 42 distinct territories in 6 continents of 9, 4, 7, 6, 12 and 4', async (t) => {
  t.equal(new Set(TERRITORY_IDS).size, 42)
  t.same(
    CONTINENTS.map((c) => territoriesOf(c).length),
    [9, 4, 7, 6, 12, 4],
  )
})

t.test('G1.3 A.3 82 distinct links, 25 by sea, none to itself, and the neighbour lists are symmetric', async (t) => {
  t.equal(EDGES.length, 82)
  t.equal(EDGES.filter((e) => e.sea).length, 25)
  t.equal(new Set(EDGES.map((e) => [e.a, e.b].sort().join('-'))).size, 82)
  t.notOk(EDGES.some((e) => e.a === e.b))
  for (const id of TERRITORY_IDS) for (const n of NEIGHBOURS.get(id)!) t.ok(adjacent(n, id), `${n} lists ${id} back`)
  t.ok(
    EDGES.filter((e) => e.sea).every((e) => BY_ID.get(e.a)!.coastal && BY_ID.get(e.b)!.coastal),
    'every sea link joins two coasts',
  )
  const degrees = TERRITORY_IDS.map((id) => NEIGHBOURS.get(id)!.length)
  t.equal(Math.min(...degrees), 2)
  t.equal(Math.max(...degrees), 7)
  t.same(TERRITORY_IDS.filter((id) => NEIGHBOURS.get(id)!.length === 2).sort(), ['apu', 'jap', 'mad', 'ngu'])
  t.same(
    TERRITORY_IDS.filter((id) => NEIGHBOURS.get(id)!.length === 7),
    ['chi'],
  )
})

t.test('G1.4 G1.5 A.3 five inland territories; the map, each continent and the coasts are connected; the widest distance is 10', async (t) => {
  t.same(
    TERRITORIES.filter((x) => !x.coastal).map((x) => x.id),
    ['mos', 'ara', 'oms', 'tch', 'mon'],
  )
  t.ok(
    TERRITORY_IDS.every((a) => TERRITORY_IDS.every((b) => Number.isFinite(distance(a, b)))),
    'the map is connected',
  )
  const coasts = TERRITORIES.filter((x) => x.coastal).map((x) => x.id)
  t.ok(
    coasts.every((a) => coasts.every((b) => Number.isFinite(seaDistance(a, b)))),
    'every coast reaches every other by sea',
  )
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

t.test('G1.1 A.1 A.2 the map data is Appendix A of the rule book, row by row and link by link', async (t) => {
  const book = readFileSync(path.resolve(import.meta.dirname, '../../../docs/RULES-CONQUEST.md'), 'utf8')
  const INTERMEDIATE: Record<string, string> = {
    Petróleo: 'oil',
    Red: 'net',
    Litio: 'lithium',
    'Energía Nuclear': 'nuclear',
    Tribus: 'tribes',
    'Tesoros (treasure draw)': 'treasure',
  }
  const rows = [...book.matchAll(/^\| `([a-z]{3})` \| ([^|]+) \| (NA|SA|EU|AF|AS|OC) \| (yes|no) \| ([^|]+) \| ([^|]+) \|$/gm)]
  t.equal(rows.length, 42, 'A.1 has 42 rows')
  t.same(
    TERRITORIES,
    rows.map(([, id, name, continent, coast, intermediate]) => ({
      id,
      name: name!.trim(),
      continent,
      coastal: coast === 'yes',
      intermediate: INTERMEDIATE[intermediate!.trim()],
    })),
    'ids, names, continents, coasts and intermediates, in table order',
  )
  for (const [, id, , , , , neighbours] of rows) {
    const listed = neighbours!
      .replace(/\(\d+\)/, '')
      .split(',')
      .map((n) => n.trim())
    t.same([...NEIGHBOURS.get(id!)!].sort(), listed.map((n) => n.replace('~', '')).sort(), `${id}'s neighbours`)
    for (const n of listed) {
      const link = EDGES.find((e) => (e.a === id && e.b === n.replace('~', '')) || (e.b === id && e.a === n.replace('~', '')))!
      t.equal(link.sea, n.startsWith('~'), `${id}-${n}: ${n.startsWith('~') ? 'a sea link' : 'a land border'}`)
    }
  }
  const block = /### A\.2 Edge list[\s\S]*?```\n([\s\S]*?)```/.exec(book)![1]!
  const links = block
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .join(' ')
    .trim()
    .split(/\s+/)
  t.same(
    EDGES,
    links.map((l) => ({ a: l.replace('~', '').split('-')[0], b: l.replace('~', '').split('-')[1], sea: l.endsWith('~') })),
    'A.2, in its order',
  )
  t.same(RARE, { NA: 'tech', SA: 'niobium', EU: null, AF: 'virus', AS: 'labour', OC: null }, 'G4.1 the rare resource of each continent')
  t.same(RESOURCES, ['basic', 'oil', 'net', 'lithium', 'nuclear', 'tribes', 'tech', 'niobium', 'virus', 'labour'], "G4.1 the 10 kinds, in the book's order")
  t.same(WEAPONS, ['tank', 'artillery', 'missile', 'bio'])
  t.same(CONTINENTS, ['NA', 'SA', 'EU', 'AF', 'AS', 'OC'], "G1.2 in the book's order")
  t.notOk(isTerritory('xyz'))
  t.notOk(isTerritory(undefined))
  t.ok(isTerritory('ngu'))
})

t.test('G1.5 distances are the fewest links; sea distances keep to coasts, both ends included', async (t) => {
  t.equal(distance('egi', 'egi'), 0)
  t.equal(distance('ala', 'sib'), 1, 'the Bering sea link counts as a link')
  t.equal(distance('bra', 'ngu'), 8)
  t.equal(distance('sue', 'mor'), 2, 'through inland Moscú')
  t.equal(seaDistance('sue', 'mor'), 3, 'not by sea')
  t.equal(seaDistance('egi', 'egi'), 0)
  t.equal(seaDistance('ara', 'ara'), Infinity, 'an inland territory has no sea distance, not even to itself')
  t.equal(seaDistance('egi', 'mos'), Infinity)
  t.equal(seaDistance('sue', 'dud'), 6)
  for (const a of TERRITORY_IDS) for (const b of TERRITORY_IDS) if (distance(a, b) !== distance(b, a)) t.fail(`${a}-${b} is not symmetric`)
  t.ok(
    TERRITORY_IDS.every((a) => NEIGHBOURS.get(a)!.every((b) => distance(a, b) === 1)),
    'every neighbour is 1 link away',
  )
})
