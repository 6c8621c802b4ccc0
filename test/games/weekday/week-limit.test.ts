// R2.6: the week limit counts the full weeks after the draft's. A campaign played through the
// ruleset as the calendar drives it (the draft, then each tribe's window and each Sunday tick)
// counts every tribe's windows until the limit ends it, and reads "week n of L" on the way.
import t from 'tap'
import { hmacRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { weeklyTurn, type GameState } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'

const rules = weeklyTurn

function must<T>(result: { ok: true; state: T } | { ok: false; error: { code: string } }): T {
  if (!result.ok) throw new Error(result.error.code)
  return result.state
}

/** A campaign of three tribes set up by the given rules version (none: the current one), its draft done. */
function drafted(limit: number, version?: number): GameState {
  const tribes = WEEKDAYS.slice(0, 3).map((weekday, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday }))
  let state = must(
    rules.createGame({ map: bundledMap('coast-3')!, tribes, seed: 'limit-seed-1', secretSeed: '', limit, ...(version === undefined ? {} : { version }) }),
  )
  state = must(rules.applySystem(state, rules.actions.start(0), hmacRng))
  for (let picks = 0; rules.view(state).status === 'draft'; picks++) {
    if (picks > 20) throw new Error('the draft never ends')
    const clock = rules.view(state).draft!.onTheClock!
    const pick = rules.offered(state, rules.legalOptions(state, clock))[0]!
    state = must(rules.applyOrder(state, clock, pick, hmacRng))
  }
  return state
}

/** Plays on from the draft's week: every tribe's window opens and closes, then the tick; the windows each tribe had, and what the pages read. */
function playOut(start: GameState) {
  let state = start
  const windows = new Map<string, number>()
  const progress: string[] = []
  for (let week = 0; rules.view(state).status === 'running'; week++) {
    if (week > 20) throw new Error('the limit never ended the campaign')
    const seen = rules.view(state).progress
    progress.push(seen ? `${seen.n} of ${seen.of}` : 'none')
    for (const tribe of rules.view(state).tribes) {
      state = must(rules.applySystem(state, rules.actions.openWindow(tribe.id), hmacRng))
      windows.set(tribe.id, (windows.get(tribe.id) ?? 0) + 1)
      state = must(rules.applySystem(state, rules.actions.closeWindow(tribe.id, true), hmacRng))
    }
    state = must(rules.applySystem(state, rules.actions.tick(0), hmacRng))
    if (rules.view(state).status === 'running') state = must(rules.applySystem(state, rules.actions.setSeed(`week-seed-${week}`), hmacRng))
  }
  return { state, windows, progress }
}

t.test('R2.6 a limit of 4 gives every tribe at least 4 windows after the draft week, then ends', async (t) => {
  const start = drafted(4)
  t.equal(rules.view(start).status, 'running', 'the last pick starts the campaign (R3.5)')
  t.same(rules.view(start).progress, { n: 0, of: 4 }, "the draft's week is not counted")
  const { state, windows, progress } = playOut(start)
  t.same(progress, ['0 of 4', '1 of 4', '2 of 4', '3 of 4', '4 of 4'], 'the pages read week 1 to 4 of 4 after the draft week')
  t.same([...windows.values()], [5, 5, 5], 'each tribe: its window in the draft week and one in each of the 4 counted weeks')
  t.match(rules.view(state), { status: 'finished', endedByLimit: true })
  t.match(rules.applySystem(state, rules.actions.tick(0), hmacRng), { ok: false, error: { code: 'campaign/not_running' } }, 'nothing is paid after the end')
})

t.test('R2.6 a limit of 1: the draft week, then one counted week', async (t) => {
  const { windows, progress } = playOut(drafted(1))
  t.same(progress, ['0 of 1', '1 of 1'])
  t.same([...windows.values()], [2, 2, 2])
})

t.test('R2.6 a campaign created under rules version 1 keeps the limit it was played by', async (t) => {
  const start = drafted(4, 1)
  t.notOk('firstCountedWeek' in start, 'its state is what version 1 set up, so its log replays to the stored hash')
  const { progress, windows } = playOut(start)
  t.same(progress, ['1 of 4', '2 of 4', '3 of 4', '4 of 4'], 'version 1 counted the draft week as week 1')
  t.same([...windows.values()], [4, 4, 4])
  t.equal(rules.version, 2, 'new campaigns are created under version 2')
})

t.test('R2.6 no limit: no progress to read, and the campaign runs on', async (t) => {
  const tribes = WEEKDAYS.slice(0, 2).map((weekday, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday }))
  const state = must(rules.createGame({ map: bundledMap('coast-3')!, tribes, seed: 'limit-seed-2', secretSeed: '', limit: null }))
  t.equal(rules.view(state).progress, null)
})
