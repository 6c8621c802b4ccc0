import type { TileKey } from './hex.ts'

import type { EngineError, TribeId, Weekday } from '../../kernel/ids.ts'

export { WEEKDAYS, type EngineError, type TribeId, type Weekday } from '../../kernel/ids.ts'

// ---- maps (R1, docs/maps.md) ----

export interface MapTileDef {
  q: number
  r: number
  terrain: 'land' | 'sea'
  city?: boolean
  name?: string
}

/**
 * A named place (R1.5): one tile (a city) or an area (a sea, a region), named in both of the
 * server's languages. Names only label the map; the rules never read them.
 */
export interface PlaceName {
  tiles: TileKey[]
  en: string
  es: string
}

export interface MapDef {
  id: string
  name: string
  description?: string
  /** How many tribes the map was drawn for. */
  tribes: number
  tiles: MapTileDef[]
  names?: PlaceName[]
}

// ---- state ----

/**
 * `closed`: outside the window (no orders); `recruitment` → `actions` (R4.4);
 * `ended`: the player ended the turn early (R4.6).
 */
export type TurnPhase = 'closed' | 'recruitment' | 'actions' | 'ended'

export interface TribeState {
  id: TribeId
  name: string
  weekday: Weekday
  phase: TurnPhase
  eliminated: boolean
}

/** Troops of one tribe (or neutral: tribe null) on one land tile (R7.1). */
export interface Army {
  tribe: TribeId | null
  troops: number
  mp: number
}

export interface Ship {
  id: string
  tribe: TribeId
  tile: TileKey
  crew: number
  mp: number
}

/** A pool fixed at the weekly payout (R6.2, R6.4). */
export interface Pool {
  id: string
  tribe: TribeId
  cities: TileKey[]
  tiles: number
  payout: number
  balance: number
}

export interface DraftState {
  order: TribeId[]
  picks: { tribe: TribeId; city: TileKey }[]
}

export interface GameState {
  /** Shape version of this JSON, for stored snapshots. */
  schema: 1
  ruleset: 'weekly-turn'
  map: MapDef
  tribes: TribeState[]
  /** Owner of each map tile, aligned with map.tiles; null is neutral (and every sea tile). */
  owners: (TribeId | null)[]
  armies: Record<TileKey, Army>
  ships: Record<string, Ship>
  besieged: TileKey[]
  pools: Pool[]
  draft: DraftState | null
  status: 'setup' | 'draft' | 'running' | 'finished'
  rng: { seed: string; counter: number }
  week: number
  weekLimit: number | null
  /**
   * The first week the limit counts (R2.6): 2, the week after the draft's, in campaigns of
   * rules version 2 on; absent in older ones, whose limit counted the draft's week as the first.
   */
  firstCountedWeek?: number
  nextShipId: number
  ranking: TribeId[] | null
}

// ---- orders (what a player sends) ----

export type Order =
  /** `at`, `weekTick`: the pick's instant and its week's tick (epoch ms), as the platform tells them (R2.6). */
  | { type: 'draftPick'; city: TileKey; at?: number; weekTick?: number }
  | { type: 'recruit'; city: TileKey; troops: number }
  | { type: 'buildShip'; port: TileKey; sea: TileKey }
  | { type: 'move'; from: TileKey; troops: number; path?: TileKey[]; to?: TileKey }
  | { type: 'embark'; from: TileKey; ship: string; troops: number }
  | { type: 'disembark'; ship: string; to: TileKey; troops: number }
  | { type: 'shipMove'; ship: string; path?: TileKey[]; to?: TileKey }
  | { type: 'portAssault'; ship: string; port: TileKey; troops: number; occupy: boolean }
  | { type: 'board'; ship: string; target: string }
  | { type: 'crewTransfer'; from: string; to: string; troops: number }
  | { type: 'endTurn' }

export type OrderType = Order['type']

// ---- system transitions (the scheduler, the GM, diplomacy) ----

export interface TradeTransfer {
  from: TribeId
  to: TribeId
  tiles?: TileKey[]
  ships?: string[]
}

export type SystemAction =
  | { type: 'startDraft' }
  | { type: 'openWindow'; tribe: TribeId }
  /** `siege: false`: closed by a GM's resume, not by the calendar, so no siege check (R9.2). */
  | { type: 'closeWindow'; tribe: TribeId; siege?: boolean }
  | { type: 'weeklyPayout' }
  | { type: 'setSeed'; seed: string }
  | { type: 'executeTrade'; transfers: TradeTransfer[] }

// ---- events (the log, R12.1) ----

export interface CombatEvent {
  type: 'combat'
  kind: 'land' | 'disembark' | 'portAssault' | 'boarding'
  tile: TileKey
  attacker: TribeId
  defender: TribeId | null
  attackers: number
  defenders: number
  /** Multipliers of R8.2. */
  a: 1 | 2
  d: 1 | 2
  roll: number
  counter: number
  attack: number
  defence: number
  result: 'attacker' | 'defender' | 'tie'
  attackerSurvivors: number
  defenderSurvivors: number
}

export type GameEvent =
  | { type: 'order'; tribe: TribeId; order: Order }
  | { type: 'system'; action: SystemAction }
  | { type: 'draftStarted'; order: TribeId[]; counter: number }
  | { type: 'draftPicked'; tribe: TribeId; city: TileKey }
  | { type: 'campaignStarted' }
  | { type: 'windowOpened'; tribe: TribeId }
  | { type: 'windowClosed'; tribe: TribeId }
  | { type: 'recruited'; tribe: TribeId; city: TileKey; troops: number; pool: string; cost: number }
  | { type: 'shipBuilt'; tribe: TribeId; ship: string; port: TileKey; sea: TileKey; pool: string; cost: number }
  | { type: 'moved'; tribe: TribeId; from: TileKey; path: TileKey[]; troops: number; claimed: TileKey[]; merged: boolean }
  | { type: 'embarked'; tribe: TribeId; from: TileKey; ship: string; troops: number }
  | { type: 'disembarked'; tribe: TribeId; ship: string; to: TileKey; troops: number }
  | { type: 'shipMoved'; tribe: TribeId; ship: string; path: TileKey[] }
  | { type: 'crewTransferred'; tribe: TribeId; from: string; to: string; troops: number }
  | CombatEvent
  | { type: 'tileTaken'; tile: TileKey; from: TribeId | null; to: TribeId; city: boolean }
  | { type: 'shipTaken'; ship: string; from: TribeId; to: TribeId }
  | { type: 'turnEnded'; tribe: TribeId }
  | { type: 'siegeLoss'; city: TileKey; owner: TribeId; lost: number; garrison: number }
  | { type: 'siegeLifted'; city: TileKey; owner: TribeId | null }
  | { type: 'payout'; week: number; pools: Pool[] }
  | { type: 'seedSet'; counter: number }
  | { type: 'tradeExecuted'; transfers: TradeTransfer[] }
  | { type: 'eliminated'; tribe: TribeId; troopsRemoved: number; shipsRemoved: string[] }
  | { type: 'campaignFinished'; ranking: TribeId[]; reason: 'last_tribe' | 'week_limit' }

export type Result = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: EngineError }
