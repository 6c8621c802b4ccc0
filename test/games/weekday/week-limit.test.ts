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

/** A campaign of three tribes set up by the given rules version (none: the current one), its draft begun. */
function drafting(limit: number, version?: number): GameState {
  const tribes = WEEKDAYS.slice(0, 3).map((weekday, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday }))
  const state = must(
    rules.createGame({ map: bundledMap('coast-3')!, tribes, seed: 'limit-seed-1', secretSeed: '', limit, ...(version === undefined ? {} : { version }) }),
  )
  return must(rules.applySystem(state, rules.actions.start(0), hmacRng))
}

/**
 * A campaign of three tribes set up by the given rules version (none: the current one), its draft
 * done; `when`, as the platform tells each pick: its instant and its week's tick.
 */
function drafted(limit: number, version?: number, when?: { at: number; weekTick: number }): GameState {
  let state = drafting(limit, version)
  for (let picks = 0; rules.view(state).status === 'draft'; picks++) {
    if (picks > 20) throw new Error('the draft never ends')
    const clock = rules.view(state).draft!.onTheClock!
    const pick = rules.offered(state, rules.legalOptions(state, clock))[0]!
    state = must(rules.applyOrder(state, clock, rules.draftPick!((pick as { city: string }).city, when), hmacRng))
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

t.test('R2.6 a draft that ends on Sunday after the tick: the week the next tick closes is the first counted', async (t) => {
  // Madrid, January: UTC+1. The tick of Sunday 3 January 2027 is at 20:00, 19:00 UTC.
  const weekTick = Date.UTC(2027, 0, 3, 19)
  const before = playOut(drafted(1, undefined, { at: Date.UTC(2027, 0, 3, 18), weekTick }))
  t.same(before.progress, ['0 of 1', '1 of 1'], 'at 19:00 the 3 January tick closes the draft week; the 10 January one, week 1')
  const after = drafted(1, undefined, { at: Date.UTC(2027, 0, 3, 19, 30), weekTick })
  t.same(rules.view(after).progress, { n: 1, of: 1 }, 'at 20:30 the week of 4 to 10 January is week 1 of 1 already')
  const played = playOut(after)
  t.same(played.progress, ['1 of 1'], 'and the 10 January tick ends the campaign')
  t.same([...played.windows.values()], [1, 1, 1], 'one window each, in the one counted week')
  t.match(rules.view(played.state), { status: 'finished', endedByLimit: true, progress: { n: 1, of: 1 } }, 'a finished campaign reads week 1 of 1, not 2 of 1')
  t.same(rules.view(before.state).progress, { n: 1, of: 1 })
  const exactly = drafted(1, undefined, { at: weekTick, weekTick })
  t.same(rules.view(exactly).progress, { n: 1, of: 1 }, 'a draft ending at the tick itself is after it: the calendar started after it')
  const begun = drafting(1)
  const clock = rules.view(begun).draft!.onTheClock!
  const pick = rules.offered(begun, rules.legalOptions(begun, clock))[0]!
  t.match(rules.applyOrder(begun, clock, { ...pick, at: 'Sunday', weekTick } as never, hmacRng), { ok: false, error: { code: 'draft/bad_time', rule: 'R2.6' } })
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
