// #47: a state is its content, not the order its records keep their keys in. Two states equal
// but for that order (one read back from canonicalJson, or from a jsonb column, which orders
// keys its own way) have one stateHash, so they must play and read the same in every game.
import t from 'tap'
import { canonicalJson, hmacRng, rulesetOf, WEEKDAYS, type GameTypes } from '../../src/engine/index.ts'
import { elMapa } from '../../src/engine/games/elmapa/index.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'
import { weeklyTurn } from '../../src/engine/games/weekday/index.ts'
import { gamesUnderTest, type AnyRuleset } from './random-campaign.ts'
import { at, board, mv, play } from './weekday/dsl.ts'
import { mapa, open } from './elmapa/dsl.ts'

/** A deep copy with every object's keys in reverse order. */
const reversed = <X>(value: X): X =>
  Array.isArray(value)
    ? (value.map(reversed) as X)
    : value !== null && typeof value === 'object'
      ? (Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reversed(v)]),
        ) as X)
      : value

t.test('#47 weekday game: boards, the week-end map and the options list armies by tile and ships by number', async (t) => {
  const s = board(`
    A3 a2 .  ~a1
    ~a2 a4 B2 ~b1`)
  const turned = reversed(s)
  t.same(Object.keys(turned.armies), Object.keys(s.armies).reverse(), 'the same state, its records in another order')
  t.equal(weeklyTurn.stateHash(turned), weeklyTurn.stateHash(s))
  const read = (x: typeof s) => ({
    board: weeklyTurn.board(x, 'a'),
    spectator: weeklyTurn.board(x, null),
    weekEnd: weeklyTurn.periodEnd(x),
    options: weeklyTurn.legalOptions(x, 'a'),
  })
  t.same(read(turned), read(s))
  const a = read(turned).board
  t.same(
    a.armies.map((x) => x.tile),
    [at(0, 0), at(1, 0), at(1, 1), at(2, 1)],
    'armies in the map order',
  )
  t.same(
    a.ships.map((x) => x.id),
    ['s1', 's2', 's3'],
    'ships by number',
  )
})

t.test("#47 R2.4 an eliminated tribe's ships are listed by number", async (t) => {
  const s = board('A3 a5 B1 b2 ~b3 ~b1 C2 ~c1')
  for (const state of [s, reversed(s)]) {
    const { events } = play(state, [['a', mv(at(1, 0), at(2, 0), 5)]], [4])
    t.same(
      events.find((e) => e.type === 'eliminated'),
      { type: 'eliminated', tribe: 'b', troopsRemoved: 6, shipsRemoved: ['s1', 's2'] },
    )
  }
})

t.test('#47 M4.1 El Mapa: the turn summary lists oro, madera, piedra in that order', async (t) => {
  const s = open(mapa('Ja Jb', { stock: 'a 3 2 1' }), 'a')
  const sorted = JSON.parse(canonicalJson(s)) as typeof s
  for (const state of [s, sorted, reversed(s)])
    t.same(elMapa.turnSummary(state, 'a').spendable, [
      { key: 'm_stock_oro', amount: 3 },
      { key: 'm_stock_madera', amount: 2 },
      { key: 'm_stock_piedra', amount: 1 },
    ])
})

/**
 * One campaign played at random; at every step the state with its keys reversed must give the
 * same answer to the step and the same readings (views, boards, options, summaries, mails).
 */
function playTwice(rules: AnyRuleset, tribeCount: number, seed: number): number {
  let x = seed
  const random = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648
  const map = rules.fixedMap?.map ?? bundledMap('coast-4')!
  const tribes = WEEKDAYS.slice(0, tribeCount).map((weekday, i) => ({ id: `tribe-${i}`, name: `Tribe ${i}`, weekday }))
  const created = rules.createGame({ map, tribes, seed: `start-seed-${seed}`, secretSeed: `secret-seed-${seed}`, limit: 4 })
  if (!created.ok) throw new Error(created.error.code)
  let state = created.state
  let checks = 0
  const same = (where: string, read: (s: GameTypes['state']) => unknown) => {
    const [a, b] = [canonicalJson(read(state)), canonicalJson(read(reversed(state)))]
    if (a !== b) throw new Error(`${where}: another answer once the state's keys are reversed`)
    checks++
  }
  // The options and the turn summary, the dearest readings, of the tribe a system step names
  // (of every tribe after a start, a tick or a seed; of none after an order).
  const readings = (where: string, actor: string | null | undefined) => {
    same(`${where}: view`, (s) => [rules.view(s), rules.ranking(s), rules.periodEnd(s), rules.previewEconomy(s), rules.board(s, null)])
    for (const { id } of tribes) {
      const dear = actor === null || actor === id
      same(`${where}: ${id}'s readings`, (s) => [
        rules.board(s, id),
        rules.tickMail(s, id),
        dear ? rules.turnSummary(s, id) : null,
        dear ? rules.legalOptions(s, id) : null,
      ])
    }
  }
  const step = (where: string, actor: string | null | undefined, apply: (s: GameTypes['state']) => ReturnType<AnyRuleset['applySystem']>) => {
    same(where, (s) => {
      const r = apply(s)
      return r.ok ? [rules.stateHash(r.state), r.events] : r.error
    })
    const r = apply(state)
    if (!r.ok) throw new Error(`${where}: ${r.error.code}`)
    state = r.state
    readings(where, actor)
  }
  const turn = (tribe: string, where: string) => {
    for (let k = 0; k < 3 && rules.view(state).status !== 'finished'; k++) {
      const offered = rules.offered(state, rules.legalOptions(state, tribe))
      if (offered.length === 0) return
      const chosen = offered[Math.floor(random() * offered.length)]!
      step(`${where}: ${JSON.stringify(chosen)}`, undefined, (s) => rules.applyOrder(s, tribe, chosen, hmacRng))
    }
  }
  step('start', null, (s) => rules.applySystem(s, rules.actions.start(0), hmacRng))
  for (let pick = 0; rules.view(state).status === 'draft' && pick < 50; pick++) turn(rules.view(state).draft!.onTheClock!, `pick ${pick}`)
  for (let period = 0; period < 2 && rules.view(state).status !== 'finished'; period++) {
    for (const { id } of rules.view(state).tribes) {
      const tribe = rules.view(state).tribes.find((x) => x.id === id)!
      if (tribe.eliminated || rules.view(state).status === 'finished') continue
      if (tribe.turn === 'free') {
        turn(id, `period ${period}, ${id}`)
        continue
      }
      step(`period ${period}, ${id} opens`, id, (s) => rules.applySystem(s, rules.actions.openWindow(id), hmacRng))
      turn(id, `period ${period}, ${id}`)
      if (rules.view(state).status !== 'finished')
        step(`period ${period}, ${id} closes`, id, (s) => rules.applySystem(s, rules.actions.closeWindow(id, true), hmacRng))
    }
    if (rules.view(state).status === 'finished') break
    step(`period ${period} tick`, null, (s) => rules.applySystem(s, rules.actions.tick((period + 1) * 7 * 86_400_000), hmacRng))
    if (rules.view(state).status !== 'finished')
      step(`period ${period} seed`, null, (s) => rules.applySystem(s, rules.actions.setSeed(`period-seed-${seed}-${period}`), hmacRng))
  }
  return checks
}

for (const id of gamesUnderTest()) {
  t.test(`#47 ${id}: a state with its keys reversed plays and reads the same`, async (t) => {
    const rules = rulesetOf(id)
    const checks = playTwice(rules, 3, 4711)
    t.ok(checks > 50, `${checks} steps and readings compared`)
  })
}
