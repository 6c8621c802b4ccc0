// The data of world conquest (docs/rule-books.md N1): one JSON document per campaign, changed
// only by orders and system actions.
import type { PeriodSystemAction, Window } from '../../kernel/dispatch.ts'
import type { EngineError, TribeId, Weekday } from '../../kernel/ids.ts'

/** A trade of whole territories between two tribes (G9.1): the territories `from` gives `to`. */
export interface ConquestTransfer {
  from: TribeId
  to: TribeId
  tiles?: string[]
  /** Ships are never traded apart from their territory (G9.3): named only to be refused. */
  ships?: unknown[]
}
import type { ResourceId, WeaponId } from './world.ts'

export type Goods = Record<ResourceId | WeaponId, number>
export type Cargo = Partial<Goods>

export interface Territory {
  owner: TribeId
  troops: number
  ready: number
  guards: number
  gathered: boolean
  wall: 0 | 1 | 2
  stock: Goods
  artilleryReady: number
  planes: number
  planesReady: number
  ships: number
  shipsReady: number
  incoming: Goods
}

export type ObjectiveId = 'O1' | 'O2' | 'O3' | 'O4' | 'O5' | 'O6' | 'O7' | 'O8' | 'O9' | 'O10'

export interface ConquestTribe {
  id: TribeId
  name: string
  weekday: Weekday
  eliminated: boolean
  /** The round, and the elimination's place in the game (G8.8: later eliminated rank higher). */
  eliminatedAt: number | null
  eliminationStep: number | null
  eliminatedBy: TribeId | 'trade' | null
  objective: ObjectiveId | null
  o9Target: TribeId | null
  o9Fallback: boolean
  /** Empty: the default list (G3.4). */
  reinforcementList: string[]
  window: Window
  acquired: string[]
}

export interface ConquestResult {
  reason: 'objective' | 'roundLimit' | 'lastTribe'
  winners: TribeId[]
  ranking: TribeId[]
}

export interface ConquestState {
  ruleset: 'conquest'
  status: 'setup' | 'running' | 'finished'
  roundLimit: number
  /** 0 from the start until tick 0 is done (G1.14), then 1…L. */
  round: number
  tribesAtStart: number
  rng: { seed: string; counter: number }
  dealSeed: string
  /** Server-side until the end (G8.10); the pages never show it before. */
  objectiveSeed: string
  objectiveCommitment: string
  /** Epoch milliseconds of the start, for tick 0's 48 hours (G1.14). */
  startedAt: number | null
  eliminations: number
  territories: Record<string, Territory>
  tribes: ConquestTribe[]
  result: ConquestResult | null
}

export type BuildKind = 'troop' | 'wall' | 'fort' | 'ship' | 'plane' | WeaponId

export type ConquestOrder =
  | { type: 'setReinforcements'; list: string[] }
  | { type: 'move'; from: string; to: string; troops: number; cargo?: Cargo }
  | { type: 'attack'; from: string; to: string; troops: number }
  | { type: 'guard'; at: string; troops: number }
  | { type: 'gather'; at: string; troops: number }
  | { type: 'build'; at: string; kind: BuildKind; count: number }
  | { type: 'fly'; from: string; to: string; troops?: number; resources?: Cargo }
  | { type: 'airStrike'; from: string; target: string }
  | { type: 'sail'; from: string; to: string; troops?: number; cargo?: Cargo }
  | { type: 'navalBombard'; from: string; target: string }
  | { type: 'fireArtillery'; from: string; target: string }
  | { type: 'launchMissile'; from: string; target: string }
  | { type: 'releaseBio'; from: string; target: string }
  | { type: 'endTurn' }

/** The platform's actions, in the kernel's shapes. */
export type ConquestSystem = PeriodSystemAction<ConquestTransfer[]>

/** A die as the log keeps it: its counter, the round whose seed it used, and its face (G11.2). */
export interface Die {
  counter: number
  face: number
}

export type ConquestEvent =
  | { type: 'order'; tribe: TribeId; order: ConquestOrder }
  | { type: 'system'; action: ConquestSystem }
  | { type: 'dealt'; seed: string; order: string[]; owners: Record<string, TribeId> }
  | { type: 'objectivesDrawn'; commitment: string }
  | { type: 'seedSet'; counter: 0 }
  | { type: 'windowOpened'; tribe: TribeId }
  | { type: 'windowClosed'; tribe: TribeId }
  | {
      type: 'battle'
      attacker: TribeId
      defender: TribeId
      from: string
      to: string
      troops: number
      rounds: { attack: number[]; defence: number[]; attackerLost: number; defenderLost: number }[]
      dice: Die[]
      conquered: boolean
      survivors: number
      destroyed?: Partial<Goods> & { wall?: number; planes?: number; ships?: number }
    }
  | {
      type: 'bombarded'
      tribe: TribeId
      defender: TribeId
      kind: 'airStrike' | 'navalBombard' | 'fireArtillery' | 'launchMissile' | 'releaseBio'
      from: string
      target: string
      dice: Die[]
      hits: number
      removed: number
      planeLost?: boolean
      wallLowered?: boolean
    }
  | { type: 'gathered'; tribe: TribeId; at: string; gained: Partial<Goods>; treasure?: Die[]; incoming?: Partial<Goods> }
  | { type: 'built'; tribe: TribeId; at: string; kind: BuildKind; count: number }
  | { type: 'moved'; tribe: TribeId; kind: 'move' | 'fly' | 'sail'; from: string; to: string; troops: number; cargo: Cargo }
  | { type: 'guarded'; tribe: TribeId; at: string; troops: number }
  | { type: 'reinforcementsSet'; tribe: TribeId; list: string[] }
  | { type: 'turnEnded'; tribe: TribeId }
  | { type: 'reinforced'; round: number; tribe: TribeId; troops: number; placed: Record<string, number> }
  | { type: 'income'; round: number }
  | { type: 'roundStarted'; round: number }
  | { type: 'tickWaits'; reason: 'tick0_too_soon' }
  | { type: 'tradeExecuted'; transfers: { from: TribeId; to: TribeId; territories: string[] }[] }
  | { type: 'eliminated'; tribe: TribeId; by: TribeId | 'trade'; round: number }
  | {
      type: 'campaignEnded'
      reason: ConquestResult['reason']
      winners: TribeId[]
      ranking: TribeId[]
      objectives: Record<TribeId, ObjectiveId | null>
      objectiveSeed: string
      round: number
      roundSeed: string
    }

export type ConquestStep = { ok: true; state: ConquestState; events: ConquestEvent[] } | { ok: false; error: EngineError }

export interface NewConquest {
  tribes: { id: TribeId; name: string; weekday: Weekday }[]
  /** The deal seed, committed and revealed at the start (G11.4). */
  seed: string
  /** The objective seed, revealed at the end. */
  secretSeed: string
  roundLimit: number | null
}
