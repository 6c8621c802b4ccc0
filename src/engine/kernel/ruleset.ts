// The boundary between the platform and a game (#17): what the services, the calendar, the
// dice, the scenes, the mails and the pages ask of a game's rules, behind one interface, so
// that a second game adds a folder and a line in the registry (./rulesets.ts), not `if`s.
// Time and randomness come in as arguments: a ruleset is as pure as the engine.
import type { Rng } from './rng.ts'
import type { EngineError, TribeId, Weekday } from './ids.ts'
import type { NamedPlace } from './places.ts'

/**
 * A tribe's turn as the calendar sees it: `closed` outside its window; in it, `open` (no
 * order given yet), `started`, or `ended` early by its player; `free` when the game takes its
 * orders outside any window (a setup period), so no window is opened, missed or reminded.
 */
export type TurnState = 'closed' | 'open' | 'started' | 'ended' | 'free'

/** What the platform reads of any game's state: its status, its week and each tribe's weekday and turn. */
export interface PlatformView {
  status: 'setup' | 'draft' | 'running' | 'finished'
  /** The period (the weekday game's week, world conquest's round), which the dice are committed by: period 0's seed is the start's draw; each tick reveals the ending period's and commits the next's. */
  period: number
  /** The current week's secret seed (server-side; published at the week's end). */
  seed: string
  /** `phase`: where the tribe is in its turn, in the game's words (the weekday game's `recruitment`); the turn when absent. */
  tribes: { id: TribeId; name: string; weekday: Weekday; eliminated: boolean; turn: TurnState; phase?: string }[]
  /** While a draft runs: its order and whose pick it is. */
  draft?: { order: TribeId[]; onTheClock: TribeId | null; picks: number } | null
  /** Once over: the ranking, and whether the period limit ended it. */
  ranking: TribeId[] | null
  endedByLimit: boolean
  /**
   * With a period limit, how far the game is through it in the game's own count ("week 2 of 4"):
   * `n` is 0 in a period the limit does not count (the weekday game's draft week, R2.6).
   */
  progress?: { n: number; of: number } | null
}

/**
 * A tribe's turn in a few figures, for the "your day" card and the window's mail (#30): the
 * platform shows them without knowing the game. Nothing to spend, nothing to move and no `end`
 * outside an open window.
 */
export interface TurnSummary<O> {
  /**
   * What the tribe can spend now, each a key of the game's face catalogue (views/games/<folder>/i18n/)
   * and an amount: the key's sentence is an ICU message of `n` ("{n, plural, one {# resource} …}"),
   * or a noun the amount is written before ("Oil": "3 Oil").
   */
  spendable: { key: string; amount: number }[]
  /** How many of the tribe's armies (stacks, ships: whatever moves as one in the game) can still move or act this window. */
  movable: number
  /** The order that ends the turn early now (R4.6, G2.8), or null when the rules would refuse it. */
  end: O | null
}

/** One die of the log: its counter under the period's seed, the face it showed, what it decided. */
export interface Draw {
  counter: number
  face: number
  purpose: string
}

/** One tribe's part of a trade: what the platform reads of it (who gives, who gets); the rest is the game's. */
export interface Transfer {
  from: TribeId
  to: TribeId
}

/** What a campaign's stored snapshot keeps in place of a chosen map: the map is kept once, apart. */
export interface MapStub {
  id: string
  hash?: string
}

/**
 * A game whose campaigns play on a map chosen from its bundled ones or uploaded by a player
 * (the weekday game's hex maps, R1.4). The map lives in the state; storage keeps it apart,
 * once a campaign, and puts it back on load.
 */
export interface ChosenMaps<M, S> {
  readonly bundled: readonly M[]
  /** What the maps list shows of one: its id and name, and the game's own counts. */
  summary(map: M): { id: string; name: string } & Record<string, string | number>
  /** An upload under the id the server gives it. */
  renamed(map: M, id: string): M
  /** The map in a state (a stub in a stored one), and the state with another put in its place. */
  of(state: S): M | MapStub | undefined
  with(state: S, map: M | MapStub): S
}

/** How a game's state is written to storage and read back (see `Ruleset.storage`). */
export interface StateStorage<S> {
  /** The stored form; it keeps the state's `ruleset` field, by which it is read back. */
  pack(state: S): unknown
  unpack(stored: unknown): S
}

/**
 * A tribe's losses in a day, for its digest mail: what the platform's digest says of any game. A
 * game may add losses of its own (the weekday game's ships and sieges), which the digest mail of
 * its own folder (views/games/<game>/emails) says.
 */
export interface Hurt {
  attacks: number
  troopsLost: number
  /** The places (tiles, territories, locations) the tribe lost, by the ids the game's places name. */
  placesLost: string[]
  eliminated: boolean
}

/** What the platform gives a game to set it up: its map, its tribes, the start's public seed and a secret one. */
export interface PlatformSetup<M> {
  map: M
  tribes: { id: TribeId; name: string; weekday: Weekday }[]
  seed: string
  secretSeed: string
  limit: number | null
  /**
   * The version of the rules the campaign recorded when it was created: a game plays each
   * campaign by the rules it began under, so a replay of an old one sets it up as it was.
   * Absent: the ruleset's current version.
   */
  version?: number
}

/** One figure of a tribe's standing on the results page (#30): a catalogue key of the game's face, its label, and the number. */
export interface Figure {
  key: string
  value: number
}

/**
 * What a finished campaign's results page shows of a game (#30), drawn by the platform: each
 * tribe's figures, and how much each tribe held at each period's end, for the chart over time.
 */
export interface Standings<S> {
  /** Every tribe's figures now, in the ranking's order. */
  of(state: S): { tribe: TribeId; figures: Figure[] }[]
  /** The catalogue key of what the chart counts (the weekday game's land tiles, world conquest's territories). */
  heldKey: string
  /** What each tribe held by what `periodEnd` recorded, in the order of the state's tribes; null for a record it cannot read. */
  held(periodEnd: unknown): { period: number; held: number[] } | null
}

/** The data a game is made of: its state, orders, system actions, log events, options, setup, map and economy view. */
export interface GameTypes {
  state: { ruleset: string }
  order: unknown
  system: unknown
  event: unknown
  options: unknown
  map: unknown
  economy: unknown
  /** What a reader sees of the board; `mine` is the reader's own part (null for others). */
  board: { mine: object | null }
  /** What a scene trades: a game's own description of the assets changing hands, each from one tribe to another. */
  trade: readonly Transfer[]
}

/**
 * The system actions the platform drives, in the game's own shapes: the start, each
 * period's seed, a window's opening and close (with or without the close's checks), the weekly
 * tick, and a ratified trade.
 */
export interface PlatformActions<T extends GameTypes> {
  /** The start (a draft's, for a game that has one); `at`: the instant, epoch milliseconds (a game may count time from its start). */
  start(at: number): T['system']
  setSeed(seed: string): T['system']
  openWindow(tribe: TribeId): T['system']
  /** `checks: false`: a close that is not the calendar's (a GM's resume), so no end-of-window checks. */
  closeWindow(tribe: TribeId, checks: boolean): T['system']
  /** The weekly tick (Sunday 20:00). */
  tick(at: number): T['system']
  executeTrade(trade: T['trade']): T['system']
}

/** What of a game a bot reads and answers: the board, the options and the orders. */
export type BotTypes = Pick<GameTypes, 'board' | 'options' | 'order'>

/** What a bot is given to choose from: only what the tribe's player is shown. */
export interface BotSight<T extends BotTypes> {
  tribe: TribeId
  /** What the tribe's player reads of the board: everything public, and the tribe's own secrets. */
  board: T['board']
  /** The tribe's legal options as its page lists them (a game's odds among them). */
  options: T['options']
  /** The orders those options offer, written out: the bot answers one of these or none. */
  offered: readonly T['order'][]
  /** How many orders the bot has given since its window opened (or since it last started, in a setup period). */
  given: number
}

/** A game's bot: pure, and the same sight and draws give the same answer. */
export interface Bot<T extends BotTypes> {
  /** The next order, one of `sight.offered`, or null when the tribe is done for now. `random`: a number in [0, 1) a call. */
  choose(sight: BotSight<T>, random: () => number): T['order'] | null
}

/** A transition of the state with the events it logs, or a typed refusal. */
export type Step<T extends GameTypes> = { ok: true; state: T['state']; events: T['event'][] } | { ok: false; error: EngineError }

export interface Ruleset<T extends GameTypes> {
  /** Recorded with each campaign, with `version`, so that a replay uses the rules it was played by. */
  readonly id: string
  readonly version: number
  /** A game played on one board of its own: campaigns name it and upload none. */
  readonly fixedMap?: { id: string; name: string; map: T['map'] }
  /** The map format: every problem named (an empty list is a valid map), and its fingerprint. */
  validateMap(input: unknown, tribes?: number): { code: string; message: string }[]
  mapHash(map: T['map']): string
  /** The dice a game draws: how many sides, which events hold draws, and each draw of an event. */
  readonly dice: {
    sides: number
    events: readonly string[]
    drawsOf(event: T['event']): Draw[]
    /** The game's own account of a period's dice from its logged events (the weekday game's battles and draft draw); `seed` once revealed. */
    details?(logged: readonly { seq: number; type: string; payload: T['event'] }[], seed: string | null): Record<string, unknown>
  }
  /** For a game whose campaigns choose or upload their map. */
  readonly maps?: ChosenMaps<T['map'] & { id: string; name: string }, T['state']>
  /**
   * A state as it is stored, for a game whose states hold much that a stored one can leave out
   * (conquest's stocks, mostly zeros): `unpack(pack(state))` is the state, key order included,
   * and `unpack` also reads a state stored whole. Without it a state is stored as it is.
   */
  readonly storage?: StateStorage<T['state']>
  /**
   * A scene's proposal as the game stores and later executes it: `proposal` is what a tribe or
   * a GM sent (`transfers` and anything else); a refusal names what a trade may not hold.
   */
  tradeOf(proposal: { transfers: readonly Transfer[] } & Record<string, unknown>): { ok: true; trade: T['trade'] } | { ok: false; error: EngineError }
  /**
   * The order a draft pick is, for a game that starts with a draft (R3.2's city pick). `when`:
   * the pick's instant and its week's tick (Sunday 20:00 in the campaign's zone, earlier than the
   * pick on a Sunday evening), epoch milliseconds: the game has no clock, and R2.6 counts weeks
   * from the end of the draft's.
   */
  draftPick?(choice: string, when?: { at: number; weekTick: number }): T['order']
  /**
   * The place a draft pick order takes, or null for any other order: the inverse of `draftPick`,
   * so that the platform can give a pick the game's bot chose with its instant (#50).
   */
  draftChoiceOf?(order: T['order']): string | null
  /** The event types a period's map draws (its orders as arrows), for games that draw them. */
  readonly mapEvents?: readonly string[]
  /** Why a campaign of this game cannot have this period limit (weeks, rounds), or null; null asks for the game's default. */
  checkLimit(limit: number | null): EngineError | null
  /** The most tribes a campaign of this game can start with on this map: joining stops there. */
  maxTribes(map: T['map']): number
  /** A new campaign's state, or why it cannot be set up this way. */
  createGame(input: PlatformSetup<T['map']>): { ok: true; state: T['state'] } | { ok: false; error: EngineError }
  /** A player's order; a batch is all or nothing, and says which order failed. */
  applyOrder(state: T['state'], tribe: TribeId, order: T['order'], rng: Rng): Step<T>
  applyBatch(state: T['state'], tribe: TribeId, orders: readonly T['order'][], rng: Rng): Step<T> | { ok: false; error: EngineError; index: number }
  /** What the calendar, the GM and the scenes drive: window open and close, the weekly tick, trades. */
  applySystem(state: T['state'], action: T['system'], rng: Rng): Step<T>
  readonly actions: PlatformActions<T>
  /** The state as the calendar, the mails and the pages' frame read it. */
  view(state: T['state']): PlatformView
  /** Every legal order of a tribe now, each found legal by the rules themselves. */
  legalOptions(state: T['state'], tribe: TribeId): T['options']
  /**
   * What the platform files an event under, tagged when it is written: the tribe it concerns
   * and whether it is an order given in a window (the roster's and the profile's count).
   */
  tagEvent(event: T['event']): { tribe: TribeId | null; played: boolean }
  /**
   * The orders the legal options offer, written out (each move at its largest and smallest
   * size): what a bot or the shared contract test may send, every one of them legal now.
   */
  offered(state: T['state'], options: T['options']): T['order'][]
  /** What the next payout would give (the economy view of the pages and mails). */
  previewEconomy(state: T['state']): T['economy']
  /** What is held now, for a game that keeps its economy apart from the board (the weekday game's pools). */
  heldEconomy?(state: T['state']): T['economy']
  /** The ranking (victory is its head once the game is over). */
  ranking(state: T['state']): TribeId[]
  /** Replays a log from a setup state; the hash compares states. */
  replay(initial: T['state'], events: readonly T['event'][], rng: Rng): { ok: true; state: T['state'] } | { ok: false; at: number; message: string }
  stateHash(state: T['state']): string
  /** The secret seed the state was set up with, for a replay of the whole campaign. */
  secretOf(state: T['state']): string
  /** The board at a period's end, compactly, for the history page's map. */
  periodEnd(state: T['state']): unknown
  /** The event types that hurt a tribe, and what a day's such events cost each tribe. */
  readonly hostileEvents: readonly string[]
  digest(events: readonly T['event'][]): Map<TribeId, Hurt>
  /** A finished campaign's figures and chart, for its results page (#30); a game without them shows the ranking only. */
  readonly standings?: Standings<T['state']>
  /** The named places of the state's map (#27), for the mails that name tiles; none when unnamed. */
  places?(state: T['state']): readonly NamedPlace[]
  /**
   * In a setup period before tick 0 (a game whose first tick waits after the start: world
   * conquest, El Mapa, Open Wars), the instant (epoch ms) tick 0 is the first Sunday 20:00 at or
   * after; null otherwise. The platform's calendar knows the Sundays (a start's mail names the day).
   */
  tickZeroNotBefore?(state: T['state']): number | null
  /** The weekly tick's mail of a tribe (its `payout` mail's data), or none. */
  tickMail(state: T['state'], tribe: TribeId): Record<string, unknown> | null
  /** A tribe's turn in a few figures: what it can spend, what can still move, the order that ends it (#30). */
  turnSummary(state: T['state'], tribe: TribeId): TurnSummary<T['order']>
  /** What a reader sees of the board: everything public, and the secrets of the reader's own tribe only. */
  board(state: T['state'], reader: TribeId | null): T['board']
  /**
   * A logged event as a reader may read it (a tribe, or null for a GM or a spectator): a game
   * whose log holds secrets (El Mapa's plans and cards, M12.10) hides them until `over`, the
   * campaign's end; absent, every event is public as logged.
   */
  eventFor?(event: T['event'], reader: TribeId | null, over: boolean): T['event']
  /** The game's bot (#50): what plays a tribe no person plays, from what that tribe's player is shown. */
  readonly bot?: Bot<Pick<T, 'board' | 'options' | 'order'>>
}
