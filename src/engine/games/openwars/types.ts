// The data of Open Wars: one JSON document per campaign, changed only by orders and system
// actions (W10.1). Cells hold their card, controller, stacks and lasting spell effects.
import type { PeriodSystemAction, Window } from '../../kernel/dispatch.ts'
import type { EngineError, TribeId, Weekday } from '../../kernel/ids.ts'
import type { Faction } from './data.ts'

/** W6.4: a stack's instructions for battles fought while its owner is not active. */
export interface StandingOrder {
  modo: 'luchar' | 'retirarse'
  umbral?: number | 'siempre'
  destino?: string
  retaguardia?: number
  hechizo?: string | null
}

/** W5.9: all units of one kind of one tribe in one location. */
export interface Stack {
  tribe: TribeId
  kind: string
  count: number
  /** Units that moved, fired or cast this window (W5.2); unmoved go first (W11.9). */
  moved: number
  /** W6.12: hits on the next unit to fall. */
  damage: number
  order: StandingOrder | null
  /** W5.12, W11.7: Celeridad and Vientos on this stack this window. */
  bonus: string[]
}

/** A lasting spell on a location (W7.8): until its caster's next window. */
export interface Lasting {
  spell: string
  tribe: TribeId
}

export interface Cell {
  card: string
  controller: TribeId | null
  stacks: Stack[]
  lasting: Lasting[]
}

/** A volley or declared spell of the active tribe (W6.1 step 1), in declaration order. */
export type Declared =
  | { what: 'volley'; from: string; kind: string; target: string; units: number }
  | { what: 'spell'; from: string; kind: string; spell: string; target: string; liche: boolean }

export interface OpenTribe {
  id: TribeId
  name: string
  faction: Faction | null
  /**
   * W1.1: the tribe named its faction (a claim); false while it plays a default, which any other
   * tribe may take. Absent in states set up before #47 (see `namedFaction`).
   */
  chosen?: boolean
  weekday: Weekday
  gold: number
  mana: number
  /** W3.5: the sealed starting army; null until submitted (the default then). */
  army: Record<string, number> | null
  defaultOrder: StandingOrder
  casualtyList: string[]
  window: Window
  phase: 'recruitment' | 'movement' | null
  /** W2.13: the tribe's capital (its sector's), set at the start. */
  capital: string | null
  /** Forja de armas this window: the cities whose recruits cost 2 less. */
  forged: string[]
  eliminated: boolean
  eliminationStep: number | null
  eliminatedBy: TribeId | 'trade' | 'upkeep' | null
}

export interface OpenMap {
  id: string
  name: string
  /** `aleatorio`: the ring band of W2.12 built at the start; `escenario`: the cells below (W2.15). */
  mode: 'aleatorio' | 'escenario'
  rows?: number
  cols?: number
  wrap?: boolean
  cells?: string[][]
}

export interface OpenState {
  ruleset: 'openwars'
  status: 'setup' | 'running' | 'finished'
  roundLimit: number
  /** 0 until tick 0 (W3.6), then 1…L. */
  round: number
  startedAt: number | null
  map: OpenMap
  rows: number
  cols: number
  wrap: boolean
  cells: Record<string, Cell>
  tribes: OpenTribe[]
  rng: { seed: string; counter: number }
  mapSeed: string
  setupSeed: string
  setupCommitment: string
  /** The locations contested this window, in the order they became so (W6.1). */
  contested: string[]
  declared: Declared[]
  /** Battle effects declared this window on a location: `spell:cell:tribe` (W11.16). */
  battleMarks: string[]
  eliminations: number
  result: { reason: 'lastTribe' | 'roundLimit'; ranking: TribeId[]; ranks: number[] } | null
}

export type OpenOrder =
  | { type: 'setFaction'; faction: Faction }
  | { type: 'setArmy'; army: Record<string, number> }
  | { type: 'recruit'; city: string; kind: string; count: number }
  | { type: 'move'; from: string; kind: string; count: number; path: string[] }
  | { type: 'aim'; from: string; kind: string; target: string }
  /** `target`: none for Vientos favorables, which ignores one (W11.7); the pages always name one. */
  | { type: 'cast'; from: string; kind: string; spell: string; target: string; targetKind?: string; count?: number }
  | { type: 'setStanding'; at: string; kind: string; order: StandingOrder | null }
  | { type: 'setDefault'; order: StandingOrder }
  | { type: 'setCasualtyOrder'; kinds: string[] }
  | { type: 'endTurn' }

export interface OpenTransfer {
  from: TribeId
  to: TribeId
  gold?: number
  mana?: number
  locations?: string[]
}

/** The platform's actions, in the kernel's shapes. */
export type OpenSystem = PeriodSystemAction<OpenTransfer[]>

export interface Die {
  counter: number
  face: number
}

/** One turn of a battle as the log tells it (W10.1). */
export interface BattleTurn {
  round: number
  tribe: TribeId
  kind: string
  act: 'attack' | 'retreat' | 'spell'
  attack?: number
  dice?: Die[]
  hits?: number
  to?: string
  spell?: string
  fell?: { tribe: TribeId; kind: string }[]
}

export type OpenEvent =
  | { type: 'order'; tribe: TribeId; order: OpenOrder }
  | { type: 'system'; action: OpenSystem }
  | { type: 'mapBuilt'; seed: string; sectors: TribeId[]; cards: string[]; setupCommitment: string }
  | {
      type: 'mustered'
      armies: Record<TribeId, Record<string, number>>
      values: Record<TribeId, number>
      rolls: { tribe: TribeId; die: Die }[]
      weekdays: Record<TribeId, Weekday>
      setupSeed: string
    }
  | { type: 'seedSet'; counter: 0 }
  | { type: 'windowOpened'; tribe: TribeId; gold: number; mana: number; banished: { at: string; kind: string }[] }
  | { type: 'windowClosed'; tribe: TribeId }
  | { type: 'volley'; tribe: TribeId; from: string; target: string; kind: string; dice: Die[]; hits: number; fell: { tribe: TribeId; kind: string }[] }
  | { type: 'spellResolved'; tribe: TribeId; spell: string; target: string; dice: Die[]; hits: number; fell: { tribe: TribeId; kind: string }[]; void: boolean }
  | {
      type: 'battle'
      at: string
      attacker: TribeId
      defender: TribeId
      order: string[]
      /** W6.7: each stack's effective initiative, in order. */
      initiative: number[]
      rolls: Die[]
      turns: BattleTurn[]
      winner: TribeId | null
      withdrew: string[]
    }
  | {
      type: 'phaseEnded'
      tribe: TribeId
      risen: { at: string; tribe: TribeId; kind: string; die: Die; rose: boolean }[]
      raised: { at: string; tribe: TribeId; count: number }[]
    }
  | { type: 'roundStarted'; round: number }
  | { type: 'tickWaits'; reason: 'tick0_too_soon' }
  | { type: 'tradeExecuted'; transfers: OpenTransfer[] }
  | { type: 'eliminated'; tribe: TribeId; by: TribeId | 'trade' | 'upkeep' }
  | { type: 'campaignEnded'; reason: 'lastTribe' | 'roundLimit'; ranking: TribeId[]; ranks: number[]; round: number; roundSeed: string; setupSeed: string }

export type OpenStep = { ok: true; state: OpenState; events: OpenEvent[] } | { ok: false; error: EngineError }
