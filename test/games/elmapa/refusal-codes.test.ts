// M2.3, M2.11, M11.5, M10.1: the calendar's and the trade's refusals, each by its code and
// rule, the state left as it was.
import t, { type Test } from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import type { ElMapaState, ElMapaSystem } from '../../../src/engine/games/elmapa/types.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { mapa, open, system, tribeOf } from './dsl.ts'

const GRID = `
  Ja   .   Jb
  .    ?   .`

/** The refusal of a system action, checking that the state given is left untouched. */
function refusedSystem(t: Test, s: ElMapaState, action: ElMapaSystem) {
  const before = structuredClone(s)
  const r = elMapa.applySystem(s, action, hmacRng)
  t.same(s, before, 'the state is unchanged')
  if (r.ok) throw new Error(`${action.type} was accepted`)
  return { code: r.error.code, rule: r.error.rule }
}

t.test('M2.3 a window does not open before tick 0 or after the end (calendar/not_running)', async (t) => {
  const setup = mapa(GRID)
  setup.status = 'setup'
  // The platform's calendar opens each weekday from the start: before tick 0 that opens nothing.
  const early = elMapa.applySystem(setup, { type: 'openWindow', tribe: 'a' }, hmacRng)
  t.ok(early.ok && tribeOf(early.state, 'a').window === 'closed' && early.events.every((e) => e.type === 'system'), 'before tick 0 no window opens')
  const shut = elMapa.applySystem(setup, { type: 'closeWindow', tribe: 'a' }, hmacRng)
  t.ok(shut.ok && shut.events.every((e) => e.type === 'system'), 'nor closes')
  const unstarted = structuredClone(setup)
  unstarted.startedAt = null
  t.same(refusedSystem(t, unstarted, { type: 'openWindow', tribe: 'a' }), { code: 'calendar/not_running', rule: 'M2.3' })
  const over = mapa(GRID)
  over.status = 'finished'
  t.same(refusedSystem(t, over, { type: 'openWindow', tribe: 'a' }), { code: 'calendar/not_running', rule: 'M2.3' })
  t.equal(tribeOf(open(mapa(GRID), 'a'), 'a').window, 'open', 'while running it opens')
})

t.test('M2.11 no tick before the start or after the end (calendar/not_running)', async (t) => {
  const unstarted = mapa(GRID)
  Object.assign(unstarted, { status: 'setup', startedAt: null })
  t.same(refusedSystem(t, unstarted, { type: 'tick', at: 0 }), { code: 'calendar/not_running', rule: 'M2.11' })
  const over = mapa(GRID)
  over.status = 'finished'
  t.same(refusedSystem(t, over, { type: 'tick', at: 1_000 }), { code: 'calendar/not_running', rule: 'M2.11' })
  t.equal(system(mapa(GRID), { type: 'tick', at: 1_000 }).s.round, 2, 'while running it ticks')
})

t.test('M11.5 an eliminated tribe has no window (calendar/eliminated)', async (t) => {
  const s = mapa(GRID)
  tribeOf(s, 'b').eliminated = true
  t.same(refusedSystem(t, s, { type: 'openWindow', tribe: 'b' }), { code: 'calendar/eliminated', rule: 'M11.5' })
  t.equal(tribeOf(s, 'b').window, 'closed')
  t.equal(tribeOf(open(s, 'a'), 'a').window, 'open', 'a tribe in play opens its window')
})

t.test('M10.1 a trade that is not a list of transfers is refused (trade/bad)', async (t) => {
  const s = mapa(GRID)
  for (const transfers of ['all', null, { from: 'a', to: 'b' }])
    t.same(refusedSystem(t, s, { type: 'executeTrade', transfers: transfers as never }), { code: 'trade/bad', rule: 'M10.1' }, JSON.stringify(transfers))
  t.match(system(s, { type: 'executeTrade', transfers: [] }).events.at(-1), { type: 'tradeExecuted' }, 'an empty list is a trade')
})
