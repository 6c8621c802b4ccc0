// The test language of Open Wars: an ASCII map of location cards, then stacks.
//
//   const s = world(`
//     ag1   ag1    ag1
//     ci0:A ll1    ll1:B
//     mo1   bo1:B  ci1:B
//   `, { tribes: 'A=elfos@monday B=orcos@thursday', stacks: `
//     r2c1 A 2 arqueros moved=1
//     r2c3 B 1 trolls damage=1
//   ` })
//
// Each map cell is a card id of Appendix B with `:tribe` for its controller. `ring: seed` deals
// the ring band of W2.12 instead (capitals by the seed's sector shuffle). The state is running,
// in `round` (1), every window closed, the round's seed `seed`; `open(s, 'A')` opens a window.
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { ringBand } from '../../../src/engine/games/openwars/map.ts'
import type { Faction } from '../../../src/engine/games/openwars/data.ts'
import type { OpenEvent, OpenOrder, OpenState, OpenSystem, StandingOrder } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng, type Rng, type Weekday } from '../../../src/engine/index.ts'
import { readable } from '../readable.ts'

export interface WorldOptions {
  tribes: string
  stacks?: string
  ring?: string
  wrap?: boolean
  round?: number
  roundLimit?: number
  seed?: string
  gold?: number
  mana?: number
}

export function world(map: string, o: WorldOptions): OpenState {
  const tribes = o.tribes
    .trim()
    .split(/\s+/)
    .map((x) => {
      const [id, rest] = x.split('=')
      const [faction, weekday] = rest!.split('@')
      return { id: id!, faction: faction as Faction, weekday: weekday as Weekday }
    })
  let rows: string[][]
  if (o.ring)
    rows = ringBand(
      tribes.map((t) => t.id),
      o.ring,
      hmacRng,
    ).cards
  else
    rows = map
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
  const s: OpenState = {
    ruleset: 'openwars',
    status: 'running',
    roundLimit: o.roundLimit ?? 16,
    round: o.round ?? 1,
    startedAt: 0,
    map: { id: 'test', name: 'test', mode: 'escenario' },
    rows: rows.length,
    cols: rows[0]!.length,
    wrap: o.ring ? true : (o.wrap ?? false),
    cells: {},
    tribes: tribes.map((t) => ({
      id: t.id,
      name: `Tribe ${t.id}`,
      faction: t.faction,
      weekday: t.weekday,
      gold: o.gold ?? 0,
      mana: o.mana ?? 0,
      army: null,
      defaultOrder: { modo: 'luchar', hechizo: null },
      casualtyList: [],
      window: 'closed',
      phase: null,
      forged: [],
      capital: null,
      eliminated: false,
      eliminationStep: null,
      eliminatedBy: null,
    })),
    rng: { seed: o.seed ?? 'test-round-seed', counter: 0 },
    mapSeed: 'test-map-seed',
    setupSeed: 'test-setup-seed',
    setupCommitment: '',
    contested: [],
    declared: [],
    battleMarks: [],
    eliminations: 0,
    result: null,
  }
  rows.forEach((row, r) =>
    row.forEach((token, c) => {
      const [card, controller] = token.split(':')
      s.cells[`r${r + 1}c${c + 1}`] = { card: card!, controller: controller ?? null, stacks: [], lasting: [] }
    }),
  )
  for (const line of (o.stacks ?? '')
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const [at, tribe, count, kind, ...keys] = line.split(/\s+/)
    const extra = Object.fromEntries(keys.map((k) => k.split('=')))
    const cell = s.cells[at!]
    if (!cell) throw new Error(`no cell ${at}`)
    cell.stacks.push({
      tribe: tribe!,
      kind: kind!,
      count: Number(count),
      moved: Number(extra.moved ?? 0),
      damage: Number(extra.damage ?? 0),
      order: null,
      bonus: [],
    })
    if (extra.control !== 'no' && cell.controller === null) cell.controller = tribe!
  }
  const rank = (id: string) =>
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(s.tribes.find((t) => t.id === id)!.weekday)
  for (const c of Object.values(s.cells)) c.stacks.sort((a, b) => rank(a.tribe) - rank(b.tribe) || (a.kind < b.kind ? -1 : 1))
  return s
}

export function standing(s: OpenState, at: string, tribe: string, kind: string, order: StandingOrder): OpenState {
  s.cells[at]!.stacks.find((x) => x.tribe === tribe && x.kind === kind)!.order = order
  return s
}

export function tribe(s: OpenState, id: string) {
  return s.tribes.find((t) => t.id === id)!
}

export function stack(s: OpenState, at: string, tribe: string, kind: string) {
  return s.cells[at]!.stacks.find((x) => x.tribe === tribe && x.kind === kind)
}

/**
 * A game on the fixed map before its start: A plays on Monday and B on Friday unless `tribes`
 * says otherwise ("A@wednesday B@monday"), seeded as most rule tests are.
 */
export function notStarted(tribes = 'A@monday B@friday'): OpenState {
  const created = openWars.createGame({
    map: openWars.fixedMap!.map,
    tribes: tribes.split(/\s+/).map((entry) => {
      const [id, weekday] = entry.split('@') as [string, Weekday]
      return { id, name: id, weekday }
    }),
    seed: 'a-map-seed',
    secretSeed: 'a-setup-seed',
    limit: 6,
  })
  if (!created.ok) throw new Error(`createGame: ${created.error.code}`)
  return created.state
}

/** The same game started: its setup period (W3.4), where each tribe names its faction and army. */
export const inSetup = (tribes?: string): OpenState => sys(notStarted(tribes), { type: 'startCampaign', at: 0 }).state

/** Applies a system action, throwing on a refusal. */
export function sys(s: OpenState, action: OpenSystem, rng: Rng = hmacRng): { state: OpenState; events: OpenEvent[] } {
  const r = openWars.applySystem(s, action, rng)
  if (!r.ok) throw new Error(`${action.type}: ${r.error.code} ${r.error.message}`)
  return { state: r.state, events: r.events }
}

export const open = (s: OpenState, id: string, rng: Rng = hmacRng) => sys(s, { type: 'openWindow', tribe: id }, rng).state

/** Applies orders in sequence, throwing on the first refusal. */
export function play(s: OpenState, id: string, orders: OpenOrder[], rng: Rng = hmacRng): { state: OpenState; events: OpenEvent[] } {
  const events: OpenEvent[] = []
  for (const o of orders) {
    const r = openWars.applyOrder(s, id, o, rng)
    if (!r.ok) throw new Error(`${o.type}: ${r.error.code} ${r.error.message}`)
    s = r.state
    events.push(...r.events)
  }
  return { state: s, events }
}

/** The refusal of an order: its code and rule. */
export function refused(s: OpenState, id: string, o: OpenOrder, rng: Rng = hmacRng): { code: string; rule?: string } {
  const { code, rule } = refusal(s, id, o, rng)
  return { code, rule }
}

/** The whole refusal of an order: its code, rule, message and params. */
export function refusal(s: OpenState, id: string, o: OpenOrder, rng: Rng = hmacRng) {
  const r = openWars.applyOrder(s, id, o, rng)
  if (r.ok) throw new Error(`${o.type} was accepted`)
  return readable(r.error)
}

export const ofType = <K extends OpenEvent['type']>(events: OpenEvent[], type: K) => events.filter((e): e is Extract<OpenEvent, { type: K }> => e.type === type)

/** Dice that always show `face` (1–6): a battle's or a volley's outcome fixed for a test. */
export const always =
  (face: number): Rng =>
  () =>
    face - 1

/** A small board for battles: the capitals r2c1 (A) and r2c4 (B), water along row 1, land elsewhere. */
export const BATTLE_MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci0:B
  bo1     mo1    de1    ll1
  ll1     ll1    ll1    ll1
`
