// The skeleton every game's dispatcher shares: one transition run on the game's working copy,
// its refusals turned into typed errors; the handler of an input's type; a new period's seed.
import { Reject, reject } from './errors.ts'
import type { EngineError, TribeId } from './ids.ts'

export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/**
 * `table[key]` when `key` is a string naming one of the table's own entries; else undefined. An
 * order's field is the sender's: a name every object inherits ('toString', '__proto__') must not
 * find a prototype's member and be acted on as a building, a direction or a cell (#47).
 */
export const ownEntry = <T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined

export type Transition<S, E> = { ok: true; state: S; events: E[] } | { ok: false; error: EngineError }

/**
 * Runs `body` on the working copy `open` makes. A rule's refusal (`reject`) becomes the typed
 * error of the step; any other throw is the engine failing on its input, never a crash of
 * the caller. `badState` names what is wrong with a state that is not the game's.
 */
export function transition<S, E, W extends { s: S; events: E[] }>(badState: string | null, open: () => W, body: (w: W) => void): Transition<S, E> {
  try {
    if (badState !== null) return { ok: false, error: { code: 'engine/bad_state', message: badState } }
    const w = open()
    body(w)
    return { ok: true, state: w.s, events: w.events }
  } catch (e) {
    if (e instanceof Reject) return { ok: false, error: e.error }
    return { ok: false, error: { code: 'engine/internal_error', message: `the engine failed on this input: ${(e as Error)?.message ?? String(e)}` } }
  }
}

/**
 * The handler of an order's type in a game's table, and the order's fields for it to check one
 * by one; a refusal listing the types it knows otherwise.
 */
export function handlerOf<H>(table: Record<string, H>, order: unknown): { handler: H; fields: Record<string, unknown> } {
  if (isObject(order) && typeof order.type === 'string' && Object.hasOwn(table, order.type)) return { handler: table[order.type]!, fields: order }
  return reject('order/unknown_type', `unknown order type ${JSON.stringify(isObject(order) ? order.type : order)}; one of ${Object.keys(table).join(', ')}`)
}

/** A game's answers to the system's actions (the clock, the GM, diplomacy), by type: each checks its fields one by one. */
export type SystemTable<W> = Record<string, (w: W, fields: Record<string, unknown>) => void>

/** The handler of a system action's type, and the action's fields for it; a refusal otherwise. */
export function systemHandlerOf<W>(table: SystemTable<W>, action: unknown): { handler: SystemTable<W>[string]; fields: Record<string, unknown> } {
  if (!isObject(action)) return reject('system/unknown_type', 'a system action is an object with a type')
  if (typeof action.type === 'string' && Object.hasOwn(table, action.type)) return { handler: table[action.type]!, fields: action }
  return reject('system/unknown_type', `unknown system action ${JSON.stringify(action.type)}`)
}

/**
 * A game's system step: the action logged as `{ type: 'system', action }`, then answered by the
 * game's table (an unknown type is refused before anything is logged).
 */
export function systemStep<A, W extends { emit(event: { type: 'system'; action: A }): void }>(table: SystemTable<W>) {
  return (w: W, action: A) => {
    const { handler, fields } = systemHandlerOf(table, action)
    w.emit({ type: 'system', action })
    handler(w, fields)
  }
}

/** `setSeed`, as every game answers it: the new period's dice seed, its counter from 0, and the event saying so. */
export function seedSetter(rule: string) {
  return (w: { s: { rng: { seed: string; counter: number } }; emit(event: { type: 'seedSet'; counter: 0 }): void }, fields: Record<string, unknown>) => {
    w.s.rng = seedOf(fields, rule)
    w.emit({ type: 'seedSet', counter: 0 })
  }
}

/** What a game whose periods are weekday windows and a tick does for each of the platform's actions. */
export interface PeriodActions<W> {
  startCampaign(w: W, at: unknown): void
  openWindow(w: W, tribe: unknown): void
  /** `check`: whether the window's end-of-turn checks run (false when the GM closes it by hand). */
  closeWindow(w: W, tribe: unknown, check: boolean): void
  tick(w: W, at: unknown): void
  executeTrade(w: W, transfers: unknown): void
}

/** The system table of such a game: each action's fields handed to its answer, and `setSeed` under the game's rule. */
export function periodSystem<W extends Parameters<ReturnType<typeof seedSetter>>[0]>(seedRule: string, on: PeriodActions<W>): SystemTable<W> {
  return {
    startCampaign: (w, a) => on.startCampaign(w, a.at),
    setSeed: seedSetter(seedRule),
    openWindow: (w, a) => on.openWindow(w, a.tribe),
    closeWindow: (w, a) => on.closeWindow(w, a.tribe, a.check !== false),
    tick: (w, a) => on.tick(w, a.at),
    executeTrade: (w, a) => on.executeTrade(w, a.transfers),
  }
}

/** A tribe's window in a period game: shut, open, ordered in, or ended by the tribe. */
export type Window = 'closed' | 'open' | 'started' | 'ended'

/** The rule ids (and the few words) of a period game's turn checks: every such game makes the same checks in the same order. */
export interface TurnRules {
  over: string
  notStarted: string
  eliminated: string
  /** During setup: the orders a tribe may give, and the refusal of any other. */
  setup: { orders: readonly string[]; code: string; message: string; rule: string }
  /** A setup order once setup is over, where the game refuses it apart (Open Wars' muster, W3.6). */
  setupOver?: { code: string; message: string; rule: string }
  closed: string
  /** A tribe that ended its turn: what follows its name, and the rule. */
  ended: { says: string; rule: string }
}

/**
 * May the tribe give an order of this type now? The campaign runs, the tribe is in, and its
 * window is open (during setup, only the setup's orders); the first order starts the window.
 */
export function requireTurn(
  w: { s: { status: string; startedAt: number | null } },
  t: { name: string; weekday: string; eliminated: boolean; window: Window },
  type: string,
  rules: TurnRules,
) {
  if (w.s.status === 'finished') reject('campaign/not_running', 'the campaign is over', rules.over)
  if (w.s.startedAt === null) reject('campaign/not_running', 'the campaign has not started', rules.notStarted)
  if (t.eliminated) reject('turn/eliminated', `${t.name} has been eliminated`, rules.eliminated)
  const setupOrder = rules.setup.orders.includes(type)
  if (w.s.status === 'setup') {
    if (!setupOrder) reject(rules.setup.code, rules.setup.message, rules.setup.rule)
    return
  }
  if (rules.setupOver && setupOrder) reject(rules.setupOver.code, rules.setupOver.message, rules.setupOver.rule)
  if (t.window === 'closed') reject('turn/window_closed', `${t.name} gives orders only on ${t.weekday}, 00:00–20:00`, rules.closed)
  if (t.window === 'ended') reject('turn/ended', `${t.name}${rules.ended.says}`, rules.ended.rule)
  t.window = 'started'
}

/**
 * The platform's actions in the shapes `periodSystem` answers: such a game's `Ruleset.actions`.
 * `Trade` is the game's own description of a ratified trade; each game's Ruleset type checks
 * that these shapes are its system actions.
 */
export function periodActions<Trade>() {
  return {
    start: (at: number) => ({ type: 'startCampaign' as const, at }),
    setSeed: (seed: string) => ({ type: 'setSeed' as const, seed }),
    openWindow: (tribe: TribeId) => ({ type: 'openWindow' as const, tribe }),
    closeWindow: (tribe: TribeId, checks: boolean) =>
      checks ? { type: 'closeWindow' as const, tribe } : { type: 'closeWindow' as const, tribe, check: false as const },
    tick: (at: number) => ({ type: 'tick' as const, at }),
    executeTrade: (transfers: Trade) => ({ type: 'executeTrade' as const, transfers }),
  }
}

/** The system actions of such a game as its log keeps them: the shapes `periodActions` makes. */
export type PeriodSystemAction<Trade> =
  | { type: 'startCampaign'; at: number }
  | { type: 'setSeed'; seed: string }
  | { type: 'openWindow'; tribe: TribeId }
  | { type: 'closeWindow'; tribe: TribeId; check?: false }
  | { type: 'tick'; at: number }
  | { type: 'executeTrade'; transfers: Trade }

/** A new period's dice seed: a string of at least 8 characters, its counter from 0 (R8.4, G11.3). */
export function seedOf(action: Record<string, unknown>, rule: string): { seed: string; counter: number } {
  if (typeof action.seed !== 'string' || action.seed.length < 8) reject('system/bad_seed', 'a seed is a string of at least 8 characters', rule)
  return { seed: action.seed as string, counter: 0 }
}

/** The seed a logged system action set (games log each as `{ type: 'system', action }`), or null. */
export function seedSetBy(event: unknown): string | null {
  if (!isObject(event) || event.type !== 'system' || !isObject(event.action) || event.action.type !== 'setSeed') return null
  return typeof event.action.seed === 'string' ? event.action.seed : null
}

/** Whether a logged event is a period's seed being set (its seed is withheld until revealed). */
export const setsSeed = (event: unknown): boolean => isObject(event) && event.type === 'system' && isObject(event.action) && event.action.type === 'setSeed'
