// A new campaign's state, replay of its log (R12.2) and a stable state hash.
import { compileMap } from './map.ts'
import { applyOrder, applySystem, STARTING_GARRISON } from './rules.ts'
import type { Rng } from './rng.ts'
import { sha256, toHex, utf8 } from './sha256.ts'
import type { Army, GameEvent, GameState, MapDef, TribeId, Weekday } from './types.ts'

export interface NewTribe { id: TribeId; name: string; weekday: Weekday }

export function createGame(input: { map: MapDef; tribes: NewTribe[]; seed: string; weekLimit?: number | null }): GameState {
  const map = compileMap(input.map)
  const armies: Record<string, Army> = {}
  // Every city starts with a neutral garrison of 5 (R3.3).
  for (let i = 0; i < map.size; i++) if (map.city[i]) armies[map.keys[i]!] = { tribe: null, troops: STARTING_GARRISON, mp: 0 }
  return {
    schema: 1,
    ruleset: 'weekly-turn',
    map: input.map,
    tribes: input.tribes.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday, phase: 'closed', eliminated: false })),
    owners: new Array(map.size).fill(null),
    armies,
    ships: {},
    besieged: [],
    pools: [],
    draft: null,
    status: 'setup',
    rng: { seed: input.seed, counter: 0 },
    week: 0,
    weekLimit: input.weekLimit ?? null,
    nextShipId: 1,
    ranking: null,
  }
}

/** JSON with object keys sorted, so equal states serialise to equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`
}

export function stateHash(state: GameState): string {
  return toHex(sha256(utf8(canonicalJson(state))))
}

export type ReplayResult = { ok: true; state: GameState } | { ok: false; at: number; message: string }

/**
 * Re-applies the inputs of a log (the `order` and `system` events) to the
 * initial state; every other event must come out exactly as recorded.
 */
export function replay(initial: GameState, events: readonly GameEvent[], rng: Rng): ReplayResult {
  let state = initial
  let i = 0
  while (i < events.length) {
    const input = events[i]!
    const result = input.type === 'order' ? applyOrder(state, input.tribe, input.order, rng)
      : input.type === 'system' ? applySystem(state, input.action, rng)
      : null
    if (!result) return { ok: false, at: i, message: `event ${i} (${input.type}) is not an order or system input` }
    if (!result.ok) return { ok: false, at: i, message: `event ${i} was refused on replay: ${result.error.code}` }
    const recorded = events.slice(i, i + result.events.length)
    if (canonicalJson(recorded) !== canonicalJson(result.events)) {
      return { ok: false, at: i, message: `events from ${i} differ on replay` }
    }
    state = result.state
    i += result.events.length
  }
  return { ok: true, state }
}
