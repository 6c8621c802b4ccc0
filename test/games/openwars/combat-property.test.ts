// W6.7 W10.5 W10.1 as a property: random battles of random armies are replayable to the same
// state, their initiative order never breaks the book's keys, and every tie-break is exercised.
import fc from 'fast-check'
import t from 'tap'
import { rankOf } from '../../../src/engine/games/openwars/battle.ts'
import { FACTIONS, kind, kindsOf, type Faction } from '../../../src/engine/games/openwars/data.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { canonicalJson, hmacRng } from '../../../src/engine/index.ts'
import { ofType, open, world } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1
  ci0:A   ll1    ci0:B
  ll1     ll1    ll1
`
const landKinds = (f: Faction) => kindsOf(f).filter((k) => k.type !== 'agua')

const army = (f: Faction) =>
  fc
    .subarray(landKinds(f), { minLength: 1, maxLength: 4 })
    // W5.10: one mágica unit per tribe in a location.
    .filter((kinds) => kinds.filter((k) => k.type === 'magica').length <= 1)
    .chain((kinds) => fc.tuple(...kinds.map((k) => fc.integer({ min: 1, max: k.unique || k.type === 'magica' ? 1 : 4 }).map((n) => [k.id, n] as const))))

const battleCase = fc
  .tuple(fc.constantFrom(...FACTIONS), fc.constantFrom(...FACTIONS), fc.string({ minLength: 8, maxLength: 12 }))
  .filter(([a, b]) => a !== b)
  .chain(([a, b, seed]) => fc.record({ a: fc.constant(a), b: fc.constant(b), seed: fc.constant(seed), armyA: army(a), armyB: army(b) }))

const levels = new Set<string>()

function run(c: { a: Faction; b: Faction; seed: string; armyA: (readonly [string, number])[]; armyB: (readonly [string, number])[] }) {
  const stacks = [...c.armyA.map(([k, n]) => `r2c1 A ${n} ${k}`), ...c.armyB.map(([k, n]) => `r2c2 B ${n} ${k}`)].join('\n')
  const s = open(world(MAP, { tribes: `A=${c.a}@monday B=${c.b}@thursday`, stacks, seed: `battle-${c.seed}`, mana: 20 }), 'A')
  const orders = [...c.armyA.map(([k, n]) => ({ type: 'move' as const, from: 'r2c1', kind: k, count: n, path: ['r2c2'] })), { type: 'endTurn' as const }]
  const first = openWars.applyBatch(s, 'A', orders, hmacRng)
  const again = openWars.applyBatch(s, 'A', orders, hmacRng)
  if (!first.ok || !again.ok) throw new Error(`refused: ${JSON.stringify(first)}`)
  return { s, first, again }
}

t.test('W6.7 W10.5 W10.1 random battles replay, and keep initiative order with every tie-break', async (t) => {
  fc.assert(
    fc.property(battleCase, (c) => {
      const { s, first, again } = run(c)
      if (canonicalJson(first.events) !== canonicalJson(again.events)) return false
      const replayed = openWars.replay(s, first.events, hmacRng)
      if (!replayed.ok || openWars.stateHash(replayed.state) !== openWars.stateHash(first.state)) return false
      const b = ofType(first.events, 'battle')[0]
      if (!b) return false
      for (let i = 1; i < b.order.length; i++) {
        const [x, y] = [kind(b.order[i - 1]!.split(':')[1]!), kind(b.order[i]!.split(':')[1]!)]
        const keys = (ini: number, k: typeof x) => [ini, rankOf(k), k.cost]
        const [kx, ky] = [keys(b.initiative[i - 1]!, x), keys(b.initiative[i]!, y)]
        const level = kx.findIndex((v, j) => v !== ky[j])
        if (level >= 0 && kx[level]! < ky[level]!) return false
        levels.add(level < 0 ? 'roll-off' : ['initiative', 'rank', 'cost'][level]!)
        if (level < 0 && b.rolls.length === 0) return false
      }
      // W2.10: one tribe is left, holding the location.
      const here = new Set(first.state.cells.r2c2!.stacks.map((x) => x.tribe))
      return here.size <= 1 && (here.size === 0 || first.state.cells.r2c2!.controller === [...here][0])
    }),
    {
      numRuns: 150,
      examples: [[{ a: 'orcos', b: 'elfos', seed: 'ejemplo-batalla', armyA: [['jinetes_lobo', 1]], armyB: [['arqueros', 2]] }]],
    },
  )
  t.same([...levels].sort(), ['cost', 'initiative', 'rank', 'roll-off'], 'every tie-break of W6.7 decided some pair')
})
