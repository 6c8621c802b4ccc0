// M1.1, M1.2, M2.1, M2.2, M2.4, M12.2–M12.6: a new campaign's refusals under El Mapa's own rule
// ids, what it holds before its start, and the start's draw of positions and first armies.
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import type { ElMapaState } from '../../../src/engine/games/elmapa/types.ts'
import { hmacRng, type Rng } from '../../../src/engine/index.ts'
import { system, troops } from './dsl.ts'

type Day = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday'

function create(input: unknown) {
  return elMapa.createGame(input as Parameters<typeof elMapa.createGame>[0])
}
const game = (tribes: [string, Day][], more: Record<string, unknown> = {}) =>
  create({
    map: elMapa.fixedMap!.map,
    tribes: tribes.map(([id, weekday]) => ({ id, name: `Tribe ${id}`, weekday })),
    seed: 'setup-seed-steps',
    secretSeed: 'secret-seed-steps',
    limit: 8,
    ...more,
  })
const refusal = (r: ReturnType<typeof create>) => (r.ok ? 'accepted' : [r.error.code, r.error.rule, r.error.message])
const created = (tribes: [string, Day][]): ElMapaState => {
  const r = game(tribes)
  if (!r.ok) throw new Error(r.error.code)
  return r.state
}

t.test('M2.1 M1.1 M1.2 M12.2: a new campaign is refused under El Mapa’s rules, saying what is wrong', async (t) => {
  t.same(refusal(create(null)), ['setup/tribe_count', 'M2.1', 'El Mapa is played by 2 to 6 tribes; this campaign has 0'], 'no input at all')
  t.same(refusal(game([['a', 'monday']])), ['setup/tribe_count', 'M2.1', 'El Mapa is played by 2 to 6 tribes; this campaign has 1'])
  t.same(
    refusal(
      game([
        ['a', 'monday'],
        ['b', 'monday'],
      ]),
    ),
    ['setup/weekdays', 'M1.1', 'every tribe owns its own weekday'],
  )
  const two: [string, Day][] = [
    ['a', 'monday'],
    ['b', 'tuesday'],
  ]
  t.same(refusal(game(two, { limit: 53 })), ['setup/round_limit', 'M1.2', 'the round limit is 1 to 52 rounds; got 53'])
  t.same(refusal(game(two, { secretSeed: 'short' })), ['setup/bad_seed', 'M12.2', 'the setup and secret seeds are strings of at least 8 characters'])
})

t.test('M12.5 M12.6 M2.2: before its start a campaign has no map, no decks and no army', async (t) => {
  const s = created([
    ['a', 'monday'],
    ['b', 'tuesday'],
  ])
  // The tiles and cards are dealt from the secret seed at the start, not before.
  t.same([s.rows, s.cols, s.cells, s.order, s.armies], [0, 0, {}, [], []])
  t.same([s.decks, s.piles, s.treasureDeck, s.treasurePile], [{ 1: [], 2: [], 3: [] }, { 1: [], 2: [], 3: [] }, [], []])
})

t.test('M2.1 M2.4: a campaign starts once, at a named instant', async (t) => {
  const s = created([
    ['a', 'monday'],
    ['b', 'tuesday'],
  ])
  const started = system(s, { type: 'startCampaign', at: 0 }).s
  const again = elMapa.applySystem(started, { type: 'startCampaign', at: 1 }, hmacRng)
  t.same(!again.ok && [again.error.code, again.error.rule, again.error.message], ['setup/already_started', 'M2.1', 'the campaign has started already'])
  const when = elMapa.applySystem(s, { type: 'startCampaign', at: 'now' } as never, hmacRng)
  t.same(!when.ok && [when.error.code, when.error.rule, when.error.message], ['system/bad_time', 'M2.4', 'the start names its instant (epoch milliseconds)'])
})

t.test('M12.4 M2.2: positions come from the weekday order, however the tribes were listed, with the setup seed’s draws 0, 1, …', async (t) => {
  // u = 0 on the setup seed: j = 0 each time, so entries i and 0 swap from the top.
  const start = (tribes: [string, Day][]) => {
    const counters: number[] = []
    const rng: Rng = (seed, c) => (seed === 'setup-seed-steps' ? (counters.push(c), 0) : hmacRng(seed, c))
    return { ...system(created(tribes), { type: 'startCampaign', at: 0 }, rng), counters }
  }
  const listed = start([
    ['a', 'friday'],
    ['b', 'monday'],
    ['c', 'wednesday'],
  ])
  const positions = Object.fromEntries(listed.s.tribes.map((x) => [x.id, x.position]))
  t.same(positions, { a: 2, b: 3, c: 1 }, 'weekday order [b, c, a] → swap 2,0 → [a, c, b] → swap 1,0 → [c, a, b]')
  t.same(listed.counters, [0, 1], 'one draw per swap, counted up from 0')
  const inOrder = start([
    ['b', 'monday'],
    ['c', 'wednesday'],
    ['a', 'friday'],
  ])
  t.same(Object.fromEntries(inOrder.s.tribes.map((x) => [x.id, x.position])), positions, 'the same positions for the tribes listed in weekday order')
  const started = listed.events.find((e) => e.type === 'started')
  t.same(started?.type === 'started' && started.positions, positions, 'the log says each tribe’s position')
  // The three-tribe layout's J1, J2, J3 (App. B).
  const army = (id: number, tribe: string, cell: string) => ({
    id,
    tribe,
    cell,
    troops: troops('leva=1'),
    convoy: false,
    tired: false,
    steps: 0,
    bonus: 0,
    cast: [],
  })
  t.same(listed.s.armies, [army(1, 'c', '8,0'), army(2, 'a', '8,8'), army(3, 'b', '0,4')], 'one combat army of 1 leva on each J, in position order, fresh')
})
