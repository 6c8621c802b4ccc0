// `npm run bench -- engine`: the rules engine on its own.
//   orders_per_s  legal orders replayed from a random 7-tribe campaign (goal ≥ 50,000)
//   pools_ms      pools of a generated 10,000-tile map with 7 tribes (goal ≤ 5 ms)
//   state_bytes   JSON size of a mid-game 7-tribe state
//   conquest_orders_per_s  legal world-conquest orders replayed from random 6-tribe play, beside the weekday game's
//   elmapa_orders_per_s, openwars_orders_per_s  the same for El Mapa (6 tribes) and Open Wars (7 tribes),
//                 recorded through the ruleset's own offered orders and timed beside the weekday game's
//   elmapa_battle_ms  one whole El Mapa battle on the 5×5 board (M8), from both plans to its end
// Each speed comes with a baseline measured in the same run and their ratio.
import { hmacRng } from '../src/engine/index.ts'
import { applyOrder, compileMap, computePools, type GameState, type MapDef, type Order } from '../src/engine/games/weekday/index.ts'
import { conquest, type ConquestOrder, type ConquestState } from '../src/engine/games/conquest/index.ts'
import { bundledMap } from '../src/engine/games/weekday/maps/index.ts'
import { chooser, randomOrder, simulate } from '../test/games/weekday/random-play.ts'
import { elMapa } from '../src/engine/games/elmapa/index.ts'
import { defaultPlan, fight, formation } from '../src/engine/games/elmapa/battle.ts'
import { openWars } from '../src/engine/games/openwars/index.ts'
import { recordCases, type AnyRuleset, type Case } from './lib/ruleset-cases.ts'
import type { Bench } from './run.ts'

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

const bench: Bench = async (report, log) => {
  // A mid-game campaign, then more random play from there, keeping every legal
  // order with the state it was given in, so the timed loop applies only legal orders.
  const map = bundledMap('coast-7')!
  const sim = simulate(map, 2026, 10, 40)
  const cases: { state: GameState; tribe: string; order: Order }[] = []
  {
    const c = chooser(99)
    let state = sim.state
    for (let week = 0; cases.length < 2000 && week < 200; week++) {
      for (const t of state.tribes) {
        const opened = { ...state, tribes: state.tribes.map((x) => (x.id === t.id ? { ...x, phase: 'recruitment' as const } : x)) }
        let s = opened
        for (let i = 0; i < 60; i++) {
          const order = randomOrder(s, t.id, c)
          const r = applyOrder(s, t.id, order, hmacRng)
          if (!r.ok) continue
          cases.push({ state: s, tribe: t.id, order })
          s = r.state
        }
        state = { ...s, tribes: s.tribes.map((x) => ({ ...x, phase: 'closed' as const })) }
      }
    }
  }
  log(`${cases.length} legal orders recorded`)
  const rounds = 5
  const orderRates: number[] = []
  const cloneRates: number[] = []
  for (let round = 0; round < rounds; round++) {
    let t0 = performance.now()
    for (const c of cases) applyOrder(c.state, c.tribe, c.order, hmacRng)
    orderRates.push(cases.length / ((performance.now() - t0) / 1000))
    t0 = performance.now()
    for (const c of cases) JSON.parse(JSON.stringify(c.state))
    cloneRates.push(cases.length / ((performance.now() - t0) / 1000))
  }
  const orders = median(orderRates)
  const clones = median(cloneRates)
  report('orders_per_s', orders, 'orders/s', 'goal >= 50000')
  report('json_clone_per_s', clones, 'clones/s', 'baseline: one JSON deep copy of the state')
  report('orders_vs_json_clone', orders / clones, 'ratio')

  // A 100 × 100 map, 7 tribes in vertical bands broken by sea streaks.
  const tiles: MapDef['tiles'] = []
  for (let r = 0; r < 100; r++) {
    for (let c = 0; c < 100; c++) {
      const sea = (r * 7 + c * 13) % 23 === 0
      tiles.push({ q: c - Math.floor(r / 2), r, terrain: sea ? 'sea' : 'land', ...(!sea && (r * 31 + c * 17) % 29 === 0 ? { city: true } : {}) })
    }
  }
  const big = compileMap({ id: 'big', name: 'big', tribes: 7, tiles })
  const pick = chooser(7)
  const owners = tiles.map((t) =>
    t.terrain === 'sea' ? null : pick.next() < 0.1 ? null : `t${Math.min(7, 1 + Math.floor(((t.q + Math.floor(t.r / 2)) / 100) * 7))}`,
  )
  computePools(big, owners, 0)
  const poolTimes: number[] = []
  const loopTimes: number[] = []
  let sink = 0
  for (let i = 0; i < 30; i++) {
    let t0 = performance.now()
    sink += computePools(big, owners, 0).length
    poolTimes.push(performance.now() - t0)
    t0 = performance.now()
    for (let k = 0; k < owners.length; k++) if (owners[k] === 't1' && big.neighbors[k]!.length > 0) sink++
    loopTimes.push(performance.now() - t0)
  }
  report('pools_ms', median(poolTimes), 'ms', `10,000 tiles, 7 tribes (${sink > 0 ? 'ok' : ''}); goal <= 5`)
  report('pools_vs_scan', median(poolTimes) / median(loopTimes), 'ratio', 'baseline: one scan of owners and neighbour lists')

  report('state_bytes', JSON.stringify(sim.state).length, 'bytes', `7 tribes after ${sim.state.week} weeks, ${Object.keys(sim.state.armies).length} armies`)

  // World conquest: six tribes dealt, tick 0, then every tribe's windows with orders the
  // engine's own legal options offer (moves, attacks, gathering, guards, building).
  const tribes = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday }))
  const created = conquest.createGame({ map: conquest.fixedMap!.map, tribes, seed: 'bench-deal-seed', secretSeed: 'bench-objective-seed', limit: 52 })
  if (!created.ok) throw new Error(created.error.code)
  const sys = (st: ConquestState, a: Parameters<typeof conquest.applySystem>[1]) => {
    const r = conquest.applySystem(st, a, hmacRng)
    if (!r.ok) throw new Error(r.error.code)
    return r.state
  }
  let cs = sys(sys(created.state, { type: 'startCampaign', at: 0 }), { type: 'tick', at: 3 * 86_400_000 })
  const conquestCases: { state: ConquestState; tribe: string; order: ConquestOrder }[] = []
  for (let round = 0; conquestCases.length < 2000 && round < 20 && cs.status === 'running'; round++) {
    for (const t of tribes) {
      if (cs.tribes.find((x) => x.id === t.id)!.eliminated || cs.status !== 'running') continue
      cs = sys(cs, { type: 'openWindow', tribe: t.id })
      for (const x of conquest.legalOptions(cs, t.id).territories) {
        const tries: ConquestOrder[] = [
          ...x.attacks.slice(0, 1).map((to) => ({ type: 'attack' as const, from: x.id, to, troops: Math.max(1, x.canLeave) })),
          ...x.moves.slice(0, 1).map((to) => ({ type: 'move' as const, from: x.id, to, troops: 1 })),
          { type: 'gather', at: x.id, troops: 1 },
          { type: 'guard', at: x.id, troops: 1 },
          { type: 'build', at: x.id, kind: 'troop', count: 1 },
        ]
        for (const order of tries) {
          const r = conquest.applyOrder(cs, t.id, order, hmacRng)
          if (!r.ok) continue
          conquestCases.push({ state: cs, tribe: t.id, order })
          cs = r.state
        }
      }
      if (cs.status === 'running') cs = sys(cs, { type: 'closeWindow', tribe: t.id })
    }
    if (cs.status === 'running') cs = sys(sys(cs, { type: 'tick', at: 0 }), { type: 'setSeed', seed: `bench-round-${round}` })
  }
  log(`${conquestCases.length} legal conquest orders recorded`)
  const conquestRates: number[] = []
  const weeklyRates: number[] = []
  for (let round = 0; round < rounds; round++) {
    let t0 = performance.now()
    for (const c of conquestCases) conquest.applyOrder(c.state, c.tribe, c.order, hmacRng)
    conquestRates.push(conquestCases.length / ((performance.now() - t0) / 1000))
    t0 = performance.now()
    for (const c of cases) applyOrder(c.state, c.tribe, c.order, hmacRng)
    weeklyRates.push(cases.length / ((performance.now() - t0) / 1000))
  }
  report('conquest_orders_per_s', median(conquestRates), 'orders/s', `${conquestCases.length} orders of 6-tribe world conquest`)
  report('conquest_vs_weekly_orders', median(conquestRates) / median(weeklyRates), 'ratio', 'measured side by side in this run')

  // The two newer games, through the one call every game answers: each timed beside the weekday game.
  const newer: [string, AnyRuleset, number][] = [
    ['elmapa', elMapa, 6],
    ['openwars', openWars, 7],
  ]
  for (const [name, rules, tribeCount] of newer) {
    const recorded: Case[] = []
    for (let seed = 1; recorded.length < 2000 && seed < 40; seed++) recorded.push(...recordCases(rules, tribeCount, seed, 2000 - recorded.length))
    log(`${recorded.length} legal ${name} orders recorded`)
    const gameRates: number[] = []
    const besideRates: number[] = []
    for (let round = 0; round < rounds; round++) {
      let t0 = performance.now()
      for (const c of recorded) rules.applyOrder(c.state, c.tribe, c.order, hmacRng)
      gameRates.push(recorded.length / ((performance.now() - t0) / 1000))
      t0 = performance.now()
      for (const c of cases) applyOrder(c.state, c.tribe, c.order, hmacRng)
      besideRates.push(cases.length / ((performance.now() - t0) / 1000))
    }
    report(`${name}_orders_per_s`, median(gameRates), 'orders/s', `${recorded.length} orders of ${tribeCount}-tribe random play`)
    report(`${name}_vs_weekly_orders`, median(gameRates) / median(besideRates), 'ratio', 'measured side by side in this run')
  }

  // One El Mapa battle (M8): both formations from the default plans, played to its end.
  const pickTroops = chooser(5)
  const armies = Array.from({ length: 400 }, () => ({
    leva: Math.floor(pickTroops.next() * 12),
    soldado: 1 + Math.floor(pickTroops.next() * 8),
    arquero: Math.floor(pickTroops.next() * 6),
    caballero: Math.floor(pickTroops.next() * 4),
  }))
  const battleTimes: number[] = []
  let battleRounds = 0
  for (let k = 0; k < rounds; k++) {
    const t0 = performance.now()
    for (let i = 0; i < armies.length; i += 2) {
      const [a, d] = [armies[i]!, armies[i + 1]!]
      let die = i
      const outcome = fight({
        attackers: formation(a, defaultPlan(a), 'A'),
        defenders: formation(d, defaultPlan(d), 'D'),
        attackerFlee: 0,
        defenderFlee: 0,
        defenderStays: false,
        obstacles: true,
        draw: (n) => die++ % n,
      })
      battleRounds += outcome.rounds.length
    }
    battleTimes.push((performance.now() - t0) / (armies.length / 2))
  }
  const perBattle = (battleRounds / (rounds * (armies.length / 2))).toFixed(1)
  report('elmapa_battle_ms', median(battleTimes), 'ms', `a whole battle of two armies of up to 30 troops, ${perBattle} rounds on average`)
}

export default bench
