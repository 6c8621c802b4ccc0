// The data of El Mapa (RULES-ELMAPA.md): one JSON document per campaign, changed only by orders
// and system actions. Face-down tiles, hands, plans, deck orders and the secret seeds are in it:
// views.ts decides what each reader sees (M12.9).
import type { PeriodSystemAction, Window } from '../../kernel/dispatch.ts'
import type { TribeId, Weekday } from '../../kernel/ids.ts'
import type { CardKind, Stock, Troops } from './catalogue.ts'
import type { Kind } from './tiles.ts'

export type Dir = 'N' | 'E' | 'S' | 'W'
export type Tactic = 'advance' | 'hold' | 'shoot'

export interface PlanEntry {
  kind: Kind
  take: number | 'all'
  column: number
  tactic: Tactic
}
/** A combat card named on a plan entry, with its boosters (M9.6, M9.8). */
export interface CombatCard {
  card: string
  entry: number
  boosters?: string[]
}
export interface BattlePlan {
  platoons: PlanEntry[]
  flee: number
  reactions?: CombatCard[]
}

export interface Castle {
  /** Slot → building id (M3.2). */
  slots: Record<string, string>
  built: boolean
  reserve: Troops
  /** Training progress per kind (M5.2). */
  progress: Troops
  /** Investment units of the wonder in `4a` (M3.7). */
  invest: number
}

export interface MapCell {
  key: string
  r: number
  c: number
  code: 'J' | 'M' | 'P' | '1' | '2' | '3'
  position: number | null
  tile: string
  revealed: boolean
  closed: Dir | null
  guards: { kind: Kind; n: number }[]
  treasures: number
  owner: TribeId | null
  castle: Castle | null
}

export interface Army {
  id: number
  tribe: TribeId
  cell: string
  troops: Troops
  convoy: boolean
  tired: boolean
  steps: number
  bonus: number
  /** Map cards cast on it this window (M9.7, M13.16). */
  cast: CardKind[]
}

export interface Dispersed {
  id: number
  tribe: TribeId
  troops: Troops
  from: string
  /** The round whose ending tick brings it back (M5.9). */
  returns: number
}

export interface Tribe {
  id: TribeId
  name: string
  weekday: Weekday
  position: number
  stock: Stock
  exploreVp: number
  battleVp: number
  hand: string[]
  /** The standing plan (M8.5); null: the default plan of whatever troops defend (M8.7). */
  plan: BattlePlan | null
  window: Window
  bankUsed: number
  /** Armed cards (M9.8): the extra of Suerte and Producción, 0 when none is armed. */
  suerte: number
  produccion: number
  eliminated: boolean
  eliminatedAt: number | null
  eliminatedBy: TribeId | 'trade' | null
}

export type EndReason = 'wonder' | 'explored' | 'roundLimit' | 'lastTribe'

export interface Score {
  id: TribeId
  vp: number
  explore: number
  battle: number
  buildings: number
  villages: number
  goods: number
  place: number
}

export interface ElMapaState {
  ruleset: 'elmapa'
  status: 'setup' | 'running' | 'finished'
  settings: { obstacles: 'random' | 'none'; limit: number }
  /** 0 until tick 0 (M2.4), then the round being played. */
  round: number
  startedAt: number | null
  /** The period's weekly seed (M12.7); round 0's is the start's public seed. */
  rng: { seed: string; counter: number }
  setupSeed: string
  /** Secret until the end (M12.2): the tile, card and treasure seeds derive from it. */
  secretSeed: string
  commitments: { tile: string; card: string; treasure: string }
  counters: { tile: number; card: number; treasure: number }
  rows: number
  cols: number
  cells: Record<string, MapCell>
  /** Reading order of the cells. */
  order: string[]
  tribes: Tribe[]
  armies: Army[]
  nextArmy: number
  dispersed: Dispersed[]
  nextGroup: number
  decks: Record<'1' | '2' | '3', string[]>
  piles: Record<'1' | '2' | '3', string[]>
  treasureDeck: string[]
  treasurePile: string[]
  /** M11.1: a trigger met this round, acted on at its tick. */
  wonderBuilt: boolean
  eliminations: number
  result: { reason: EndReason; ranking: TribeId[]; scores: Score[] } | null
}

export type ArmyRef = number | 'new' | 'newConvoy'

export type ElMapaOrder =
  | { type: 'setBattlePlan'; plan: BattlePlan }
  | { type: 'hire'; village: string; troops: Partial<Troops>; army: ArmyRef }
  | {
      type: 'build'
      village: string
      building: string
      slot: string
      cards?: { card: string; boosters?: string[] }[]
      invest?: number | { village: string; kind: Kind; n: number }[]
    }
  | { type: 'bankTrade'; exchange: 'sell-madera' | 'sell-piedra' | 'buy-madera' | 'buy-piedra'; n: number }
  | { type: 'step'; army: number; dir: Dir; plan?: BattlePlan; cards?: CombatCard[] }
  | { type: 'exchange'; armies: [number, number]; give: [Partial<Troops>, Partial<Troops>] }
  | { type: 'cast'; card: string; boosters?: string[]; army?: number; cells?: string[] }
  | { type: 'teleport'; card: string; boosters?: string[]; army: number; to: string; plan?: BattlePlan; cards?: CombatCard[] }
  | { type: 'endTurn' }

export interface ElMapaTransfer {
  from: TribeId
  to: TribeId
  resources?: Partial<Stock>
  cards?: string[]
  cells?: string[]
}

/** The platform's actions, in the kernel's shapes. */
export type ElMapaSystem = PeriodSystemAction<ElMapaTransfer[]>

export interface Die {
  counter: number
  face: number
  purpose: string
}

export interface RevealedCell {
  cell: string
  tile: string
  closed: Dir | null
}

export type ElMapaEvent =
  | { type: 'order'; tribe: TribeId; order: ElMapaOrder }
  | { type: 'system'; action: ElMapaSystem }
  | { type: 'started'; positions: Record<TribeId, number>; commitments: ElMapaState['commitments']; revealed: RevealedCell[] }
  | { type: 'revealed'; tribe: TribeId; cells: RevealedCell[] }
  | { type: 'treasure'; tribe: TribeId; cell: string; card: string; gained: Partial<Stock> }
  | { type: 'claimed'; tribe: TribeId; cell: string; from: TribeId | null }
  | { type: 'battle'; record: BattleRecord }
  | { type: 'dispersed'; tribe: TribeId; group: number; troops: Troops; returns: number }
  | { type: 'returned'; tribe: TribeId; group: number; cell: string; into: number | 'reserve' }
  | { type: 'drew'; tribe: TribeId; level: 1 | 2 | 3; n: number }
  | { type: 'windowOpened'; tribe: TribeId }
  | { type: 'windowClosed'; tribe: TribeId }
  | { type: 'ticked'; round: number; produced: Record<TribeId, Stock> }
  | { type: 'tickWaits'; reason: 'tick0_too_soon' }
  | { type: 'seedSet'; counter: 0 }
  | { type: 'tradeExecuted'; transfers: ElMapaTransfer[] }
  | { type: 'eliminated'; tribe: TribeId; by: TribeId | 'trade' }
  | { type: 'ended'; reason: EndReason; ranking: TribeId[]; scores: Score[]; secretSeed: string; hands: Record<TribeId, string[]> }

/** One action of a battle (M8.18): a platoon's path and attack, or a counter-attack. */
export interface BattleAction {
  platoon: string
  path: [number, number][]
  target?: string
  ranged?: boolean
  kills?: number
  counter?: number
}

export interface BattleRecord {
  attacker: TribeId
  defender: TribeId | null
  from: string
  cell: string
  obstacles: [number, number][]
  platoons: { id: string; kind: Kind; n: number; x: number; y: number; tactic: Tactic; hp: number; move: number }[]
  rounds: BattleAction[][]
  pursuit: BattleAction[] | null
  fled: 'A' | 'D' | null
  result: 'attacker' | 'defender' | 'standoff'
  killed: { A: Troops; D: Troops }
  vp: number
  dice: Die[]
  cards: string[]
}
