// M8.18 M12.10: a battle replayed from the log gives the same board at every step, over random
// armies and plans: the log's inputs replay to the same events and state, and the logged
// actions, applied one by one to the logged starting board, always make a legal board that ends
// with the survivors the engine kept.
import fc from 'fast-check'
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { TROOPS } from '../../../src/engine/games/elmapa/catalogue.ts'
import type { BattlePlan, ElMapaEvent } from '../../../src/engine/games/elmapa/types.ts'
import { KINDS, type Kind } from '../../../src/engine/games/elmapa/tiles.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { mapa, troops, tribeOf } from './dsl.ts'

const kind = fc.constantFrom<Kind>(...KINDS)
const army = fc
  .record({ leva: fc.nat(8), soldado: fc.nat(5), arquero: fc.nat(6), caballero: fc.nat(3) })
  .filter((x) => x.leva + x.soldado + x.arquero + x.caballero > 0)
const plan = fc
  .record({
    entries: fc.array(
      fc.record({ kind, take: fc.oneof(fc.constant('all' as const), fc.integer({ min: 1, max: 4 })), tactic: fc.constantFrom('advance', 'hold', 'shoot') }),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
    columns: fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }),
    flee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
  })
  .map(({ entries, columns, flee }): BattlePlan => ({
    platoons: entries.map((e, i) => ({
      ...e,
      column: columns[i]!,
      tactic: e.tactic === 'shoot' && e.kind !== 'arquero' ? 'advance' : e.tactic,
    })) as BattlePlan['platoons'],
    flee,
  }))

t.test('M8.18 M12.10 a battle replayed from the log gives the same board at every step', async (t) => {
  let battles = 0
  fc.assert(
    fc.property(army, army, plan, plan, fc.string({ minLength: 8, maxLength: 12 }), (mine, theirs, attackPlan, standing, seed) => {
      const s = mapa(`Ja . l1-madera@b Jb ?`, {
        armies: `a 0,1 ${Object.entries(mine)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}; b 0,2 ${Object.entries(theirs)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
      })
      s.rng = { seed: `week-${seed}`, counter: 0 }
      tribeOf(s, 'b').plan = standing
      const log: ElMapaEvent[] = []
      const opened = elMapa.applySystem(s, { type: 'openWindow', tribe: 'a' }, hmacRng)
      if (!opened.ok) return false
      log.push(...opened.events)
      const stepped = elMapa.applyOrder(opened.state, 'a', { type: 'step', army: 1, dir: 'E', plan: attackPlan }, hmacRng)
      if (!stepped.ok) throw new Error(stepped.error.code)
      log.push(...stepped.events)
      const replayed = elMapa.replay(s, log, hmacRng)
      if (!replayed.ok || elMapa.stateHash(replayed.state) !== elMapa.stateHash(stepped.state)) throw new Error('the log does not replay to the same state')
      const event = stepped.events.find((e) => e.type === 'battle')
      if (!event || event.type !== 'battle') throw new Error('no battle')
      battles++
      const r = event.record
      // The board, step by step, from the log alone.
      const board = r.platoons.map((p) => ({ ...p }))
      const free = (x: number, y: number) =>
        x >= 0 && x <= 4 && y >= 0 && y <= 4 && !r.obstacles.some(([ox, oy]) => ox === x && oy === y) && !board.some((p) => p.n > 0 && p.x === x && p.y === y)
      for (const action of [...r.rounds.flat(), ...(r.pursuit ?? [])]) {
        const p = board.find((q) => q.id === action.platoon)!
        if (p.n <= 0) throw new Error(`${p.id} acts dead`)
        if (action.path.length > p.move) throw new Error(`${p.id} walks past its move`)
        for (const [x, y] of action.path) {
          if (Math.abs(x - p.x) + Math.abs(y - p.y) !== 1 || !free(x, y)) throw new Error(`${p.id} steps to (${x},${y}) illegally`)
          ;[p.x, p.y] = [x, y]
        }
        if (action.target) {
          const e = board.find((q) => q.id === action.target)!
          const d = Math.abs(e.x - p.x) + Math.abs(e.y - p.y)
          if (e.id[0] === p.id[0] || e.n < action.kills! || action.kills! < 1) throw new Error('a bad attack')
          if (action.ranged ? p.kind !== 'arquero' || d < 2 || d > 4 : d !== 1) throw new Error('out of reach')
          e.n -= action.kills!
          p.n -= action.counter ?? 0
          if (p.n < 0) throw new Error('a count below 0')
        }
      }
      const left = (side: 'A' | 'D') => {
        const out = troops('')
        for (const p of board) if (p.id[0] === side) out[p.kind] += p.n
        return out
      }
      const lost = (side: 'A' | 'D', start: ReturnType<typeof left>) => KINDS.every((k) => start[k] - left(side)[k] === r.killed[side][k])
      if (!lost('A', mine) || !lost('D', theirs)) throw new Error('the kills do not add up')
      const after = stepped.state.armies.find((a) => a.id === 1)
      if (r.result !== 'defender' && JSON.stringify(after!.troops) !== JSON.stringify(left('A'))) throw new Error('the army keeps other survivors')
      if (r.result === 'attacker' && r.vp !== KINDS.reduce((n, k) => n + r.killed.D[k] * TROOPS[k].hp, 0)) throw new Error('VP')
      return true
    }),
    { numRuns: 150 },
  )
  t.equal(battles, 150, '150 random battles replayed step by step')
})
