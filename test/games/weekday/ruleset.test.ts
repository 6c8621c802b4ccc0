// The ruleset boundary (#17): the weekday wargame answers through its Ruleset exactly as its
// engine functions do, and a campaign's recorded ruleset id finds it.
import t from 'tap'
import { hmacRng, rulesetIds, rulesetOf } from '../../../src/engine/index.ts'
import { applyOrder, legalOptions, stateHash, weeklyTurn } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { randomOrder, chooser, simulate } from './random-play.ts'

t.test('the registry finds each game by the id its states record, and no other', async (t) => {
  t.same(rulesetIds(), ['weekly-turn', 'conquest', 'openwars', 'elmapa'])
  t.equal(rulesetOf('weekly-turn'), weeklyTurn)
  t.match(weeklyTurn, { id: 'weekly-turn', version: 2 })
  t.throws(() => rulesetOf('chess'), /no ruleset "chess" on this server/, "a state from another server's game is refused, not misread")
})

t.test('R12.2 two weeks of random play replay through the ruleset to the same state, and its orders are judged alike', async (t) => {
  const map = bundledMap('coast-3')!
  const played = simulate(map, 7, 2)
  t.equal(played.initial.ruleset, 'weekly-turn')
  const rules = rulesetOf(played.initial.ruleset)
  const replayed = rules.replay(played.initial, played.events, hmacRng)
  t.ok(replayed.ok, 'the log replays')
  if (replayed.ok) t.equal(rules.stateHash(replayed.state), stateHash(played.state), 'to the state it was played to')
  const c = chooser(11)
  for (let i = 0; i < 200; i++) {
    const tribe = played.state.tribes[i % played.state.tribes.length]!.id
    const order = randomOrder(played.state, tribe, c)
    const via = rules.applyOrder(played.state, tribe, order, hmacRng)
    const direct = applyOrder(played.state, tribe, order, hmacRng)
    t.same(
      via.ok ? rules.stateHash(via.state) : via.error.code,
      direct.ok ? stateHash(direct.state) : direct.error.code,
      `order ${i}: the same answer through the ruleset`,
    )
  }
  t.same(rules.legalOptions(played.state, played.state.tribes[0]!.id), legalOptions(played.state, played.state.tribes[0]!.id), 'the same legal options')
  t.same(rules.ranking(played.state).length, played.state.tribes.length, 'every tribe ranked')
  t.ok(Array.isArray(rules.previewEconomy(played.state)), "the economy view: the next payout's pools")
  t.same(rules.validateMap(map), [], 'its maps are validated by it')
})

t.test("R9.2 the actions the platform drives are the game's own: a calendar close checks sieges, a resume's does not", async (t) => {
  const map = bundledMap('coast-3')!
  const { state } = simulate(map, 3, 1)
  const rules = weeklyTurn
  const tribe = state.tribes[0]!.id
  t.same(rules.actions.closeWindow(tribe, true), { type: 'closeWindow', tribe })
  t.same(rules.actions.closeWindow(tribe, false), { type: 'closeWindow', tribe, siege: false })
  t.same(
    [rules.actions.openWindow(tribe), rules.actions.tick(0), rules.actions.start(0), rules.actions.setSeed('s'.repeat(8))],
    [{ type: 'openWindow', tribe }, { type: 'weeklyPayout' }, { type: 'startDraft' }, { type: 'setSeed', seed: 'ssssssss' }],
  )
  const opened = rules.applySystem(state, rules.actions.openWindow(tribe), hmacRng)
  t.ok(opened.ok, 'an opening the engine accepts')
  if (opened.ok) t.equal(opened.state.tribes[0]!.phase, 'recruitment', 'which opens the window (R4.5)')
  t.same(rules.actions.executeTrade([{ from: 'a', to: 'b', tiles: ['1,1'] }]), { type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: ['1,1'] }] })
})

t.test("R4.4 R4.6 the platform's view of a state: status, week, and each tribe's weekday and turn", async (t) => {
  const map = bundledMap('coast-3')!
  const { state } = simulate(map, 5, 1)
  const rules = weeklyTurn
  const tribe = state.tribes[0]!
  const phases = { closed: 'closed', recruitment: 'open', actions: 'started', ended: 'ended' } as const
  for (const phase of Object.keys(phases) as (keyof typeof phases)[]) {
    const s = { ...state, tribes: state.tribes.map((x) => (x.id === tribe.id ? { ...x, phase } : x)) }
    t.equal(rules.view(s).tribes[0]!.turn, phases[phase], `${phase} is a turn ${phases[phase]}`)
  }
  const view = rules.view(state)
  t.match(view, { status: state.status, period: state.week })
  t.same(
    view.tribes.map((x) => [x.id, x.name, x.weekday, x.eliminated]),
    state.tribes.map((x) => [x.id, x.name, x.weekday, x.eliminated]),
  )
})

t.test("R6.1 R12.1 what pages and mails read through the ruleset: the board, the week's end map, a day's losses, the payout mail", async (t) => {
  const map = bundledMap('coast-3')!
  const played = simulate(map, 7, 2)
  const rules = weeklyTurn
  t.equal(rulesetOf(played.state.ruleset), weeklyTurn, 'the state names its ruleset')
  const state = played.state
  const reader = state.tribes[0]!
  const board = rules.board(state, reader.id)
  t.equal(board.map.tiles.length, map.tiles.length, 'every tile on the board')
  t.same(
    board.mine!.armies.map((a) => a.tile).sort(),
    Object.entries(state.armies)
      .filter(([, a]) => a.tribe === reader.id)
      .map(([k]) => k)
      .sort(),
    "the reader's own armies, with their points",
  )
  t.equal(rules.board(state, null).mine, null, 'a spectator has none')
  const end = rules.periodEnd(state) as { week: number; owners: number[] }
  t.equal(end.week, state.week)
  t.same(
    end.owners,
    state.owners.map((o) => (o === null ? -1 : state.tribes.findIndex((x) => x.id === o))),
    'owners as tribe indices',
  )
  const hostile = played.events.filter((e) => rules.hostileEvents.includes(e.type))
  const hurt = rules.digest(hostile)
  const combats = hostile.filter((e) => e.type === 'combat' && e.defender)
  t.equal(
    [...hurt.values()].reduce((n, h) => n + h.attacks, 0),
    combats.length,
    'every defended combat counted once',
  )
  t.same(
    rules
      .digest([
        { type: 'siegeLoss', tile: '0,0', owner: 'x', lost: 2 } as never,
        { type: 'eliminated', tribe: 'y' } as never,
        { type: 'shipTaken', ship: 's1', from: 'x', to: 'y' } as never,
      ])
      .get('x'),
    { attacks: 0, troopsLost: 2, placesLost: [], shipsLost: ['s1'], siegeLosses: 2, eliminated: false },
  )
  const mail = rules.tickMail(state, reader.id) as { total: number; pools: { payout: number }[] } | null
  if (reader.eliminated) t.equal(mail, null)
  else
    t.equal(
      mail!.total,
      mail!.pools.reduce((n, p) => n + p.payout, 0),
      'the payout mail sums its pools',
    )
  t.equal(rules.tickMail(state, 'nobody'), null, 'no mail for a tribe that is not in the game')
  t.equal(rules.secretOf(state), '', 'the weekday game keeps no secret seed')
  t.match(rules.view(state), { seed: state.rng.seed, ranking: state.status === 'finished' ? Array : null })
})
