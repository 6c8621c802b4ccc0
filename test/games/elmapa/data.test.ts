// The shipped data's checked properties: Appendix A.4 (tiles and decks), B.6 (layouts), and the
// counts of Appendices A, E and F.
import t from 'tap'
import { techDeck, TREASURE_DECK, treasureGives } from '../../../src/engine/games/elmapa/catalogue.ts'
import { LAYOUTS, manhattan, type Layout } from '../../../src/engine/games/elmapa/layouts.ts'
import { frontierDeck, MIDDLE_PACK, NEAR_PACK, TILE, TILES } from '../../../src/engine/games/elmapa/tiles.ts'

const SIZES: Record<number, [number, number, number, number, number, number]> = {
  2: [9, 8, 6, 14, 22, 30],
  3: [13, 9, 9, 21, 33, 54],
  4: [12, 12, 12, 28, 44, 60],
  5: [14, 14, 15, 35, 55, 91],
  6: [16, 16, 18, 42, 66, 130],
}

t.test('A.1 the box: 114 / 108 / 18 tiles of levels 1 / 2 / 3, 240 in all', async (t) => {
  const byLevel = [1, 2, 3].map((l) => TILES.filter((x) => x.level === l).reduce((n, x) => n + x.box, 0))
  t.same(byLevel, [114, 108, 18])
  t.same(
    [1, 2, 3].map((l) => TILES.filter((x) => x.level === l).length),
    [12, 12, 3],
    'kinds per level',
  )
  for (const x of TILES) t.equal(x.box % 6, 0, `A.3 ${x.id}: every count divides by 6`)
})

t.test('A.4 per number of tribes: packs, frontier deck and box counts (M1.8)', async (t) => {
  const dealt: Record<number, [number, number, number]> = { 2: [24, 36, 6], 3: [45, 54, 9], 4: [48, 72, 12], 5: [76, 90, 15], 6: [112, 108, 18] }
  for (const n of [2, 3, 4, 5, 6]) {
    const cells = LAYOUTS[n]!.cells
    t.equal(cells.filter((c) => c.code === '1').length, 7 * n, `${n}: 7N near cells`)
    t.equal(cells.filter((c) => c.code === '2').length, 11 * n, `${n}: 11N middle cells`)
    t.equal(frontierDeck(n).length, cells.filter((c) => c.code === '3').length, `${n}: one frontier tile per frontier cell`)
    const used = new Map<string, number>()
    for (const id of [
      ...Array(n)
        .fill([...NEAR_PACK, ...MIDDLE_PACK])
        .flat(),
      ...frontierDeck(n),
    ])
      used.set(id, (used.get(id) ?? 0) + 1)
    for (const x of TILES) t.ok((used.get(x.id) ?? 0) <= x.box, `${n}: ${x.id} within its box count`)
    const unused = TILES.filter((x) => !used.has(x.id)).map((x) => x.id)
    t.same(unused, n === 2 || n === 4 ? ['l1-paraje'] : [], `${n}: the kinds used`)
    const levels = [1, 2, 3].map((l) => [...used].filter(([id]) => TILE[id]!.level === l).reduce((k, [, m]) => k + m, 0))
    t.same(levels, dealt[n], `${n}: tiles dealt by level`)
  }
  const six = [
    ...Array(6)
      .fill([...NEAR_PACK, ...MIDDLE_PACK])
      .flat(),
    ...frontierDeck(6),
  ]
  t.same(
    TILES.filter((x) => six.filter((id) => id === x.id).length !== x.box).map((x) => [x.id, six.filter((id) => id === x.id).length]),
    [['l1-paraje', 34]],
    'with 6 tribes all are used in full but l1-paraje, 34 of 36',
  )
})

/** The code a symmetry compares: digits as they are, homes as H (levels), or with labels. */
const at = (l: Layout, r: number, c: number) => l.cells.find((x) => x.r === r && x.c === c)!
const level = (l: Layout, r: number, c: number) => (at(l, r, c).code.match(/[123]/) ? at(l, r, c).code : 'H')
function symmetric(l: Layout, f: (r: number, c: number) => [number, number], labels: boolean) {
  const sigma = new Map<number, number>()
  return l.cells.every((x) => {
    const [r, c] = f(x.r, x.c)
    if (level(l, x.r, x.c) !== level(l, r, c)) return false
    if (!labels || level(l, r, c) !== 'H') return true
    const y = at(l, r, c)
    if (y.code !== x.code) return false
    if (sigma.has(x.position!) && sigma.get(x.position!) !== y.position) return false
    sigma.set(x.position!, y.position!)
    return true
  })
}

t.test('B.6 layouts: counts, homes, zones and symmetries (M1.4–M1.6)', async (t) => {
  for (const n of [2, 3, 4, 5, 6]) {
    const l = LAYOUTS[n]!
    const [rows, cols, home, near, middle, frontier] = SIZES[n]!
    t.same([l.rows, l.cols], [rows, cols], `${n}: ${rows} × ${cols}`)
    const count = (codes: string) => l.cells.filter((c) => codes.includes(c.code)).length
    t.same([count('JMP'), count('1'), count('2'), count('3')], [home, near, middle, frontier], `M1.6 ${n}: the counts`)
    const js = l.cells.filter((c) => c.code === 'J')
    for (const m of l.cells.filter((c) => c.code === 'M' || c.code === 'P')) {
      t.equal(
        manhattan(
          m,
          js.find((j) => j.position === m.position)!,
        ),
        1,
        `M1.4 ${n}: ${m.code}${m.position} is adjacent to J${m.position}`,
      )
    }
    const ties = l.cells.filter(
      (c) => (c.code === '1' || c.code === '2') && js.map((j) => manhattan(j, c)).filter((d, _, all) => d === Math.min(...all)).length > 1,
    )
    t.same(ties, [], `M1.5 ${n}: no near or middle cell equally near two J`)
    for (let k = 1; k <= n; k++) {
      t.same(
        [l.cells.filter((c) => c.code === '1' && c.position === k).length, l.cells.filter((c) => c.code === '2' && c.position === k).length],
        [7, 11],
        `M1.5 ${n}: position ${k} has 7 near and 11 middle cells`,
      )
    }
  }
  const [L2, L3, L4, L5, L6] = [2, 3, 4, 5, 6].map((n) => LAYOUTS[n]!) as [Layout, Layout, Layout, Layout, Layout]
  t.ok(
    symmetric(L2, (r, c) => [8 - r, 7 - c], true),
    'B.1 half turn, labels included',
  )
  t.ok(symmetric(L2, (r, c) => [8 - r, c], false) && symmetric(L2, (r, c) => [r, 7 - c], false), 'B.1 both mirrors (levels)')
  t.ok(
    symmetric(L3, (r, c) => [r, 8 - c], false),
    'B.2 east-west mirror (levels)',
  )
  t.ok(
    symmetric(L4, (r, c) => [c, 11 - r], true),
    'B.3 quarter turn, labels included',
  )
  t.ok(
    symmetric(L5, (r, c) => [c, r], false),
    'B.4 north-west–south-east diagonal mirror (levels)',
  )
  t.ok(
    symmetric(L6, (r, c) => [15 - r, 15 - c], true),
    'B.5 half turn, labels included',
  )
  t.ok(symmetric(L6, (r, c) => [c, r], false) && symmetric(L6, (r, c) => [15 - c, 15 - r], false), 'B.5 both diagonal mirrors (levels)')
  t.notOk(
    symmetric(L3, (r, c) => [12 - r, c], false),
    'the check can fail: B.2 has no north-south mirror',
  )
})

t.test('App. E and F: 72 technology cards, 24 treasure cards (M9.1, M12.6)', async (t) => {
  t.same([techDeck(1).length, techDeck(2).length, techDeck(3).length], [24, 24, 24])
  t.same(techDeck(1).slice(0, 7), ['pies-1', 'pies-2', 'pies-3', 'pies-4', 'pies-5', 'pies-6', 'punteria-1'], 'App. E order, copies 1 to 6')
  t.equal(TREASURE_DECK.length, 24)
  const total = { oro: 0, madera: 0, piedra: 0 }
  for (const c of TREASURE_DECK) total[treasureGives(c).resource] += treasureGives(c).n
  t.same(total, { oro: 32, madera: 14, piedra: 8 })
})
