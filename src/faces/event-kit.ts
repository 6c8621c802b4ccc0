// What every game's event schema is made of. An order's answer carries the events it caused, in
// the game's own shapes (#50): each face says them as a union of closed objects told apart by
// `type`, and states at compile time that its schema and the engine's event type agree, so that
// an event added or changed in the engine alone fails the type check (and a field added alone
// fails test/games/sentences.test.ts, which checks every logged event against the schema).
import { Type, type TProperties, type TSchema } from 'typebox'

/** One event: its `type` and its fields, closed. */
export const event = <Name extends string, Fields extends TProperties>(type: Name, fields: Fields, description: string) =>
  Type.Object({ type: Type.Literal(type), ...fields }, { additionalProperties: false, description })

/**
 * The events every round game (world conquest, Open Wars, El Mapa) logs alike, each with its own
 * book's rule ids: a window closed, tick 0 waiting for its Sunday, the round's dice seed set.
 */
export const roundEvents = (rules: { closed: string; tick0: string; hours: number; seed: string }) =>
  [
    event('windowClosed', { tribe: Type.String() }, `A tribe's window closed (${rules.closed})`),
    event('tickWaits', { reason: Type.Literal('tick0_too_soon') }, `Tick 0 waits for a Sunday at least ${rules.hours} hours away (${rules.tick0})`),
    event('seedSet', { counter: Type.Literal(0) }, `The round's dice seed set, its counter from 0 (${rules.seed})`),
  ] as const

/** A tribe out of the game, and who or what put it out (`by`, in the game's words). */
export const eliminatedEvent = (by: string, rule: string) =>
  event('eliminated', { tribe: Type.String(), by: Type.String({ description: by }) }, `A tribe eliminated (${rule})`)

/** A die as the logs keep it: its counter on the period's seed and its face (G11.2, W10.2). */
export const Die = Type.Object({ counter: Type.Integer(), face: Type.Integer() }, { additionalProperties: false })

/** One of fixed words. */
export const oneOf = <const Words extends string[]>(words: readonly [...Words], description?: string) => Type.Enum(words, description ? { description } : {})

/** A map from tribe id (or another id) to a value. */
export const byId = <Value extends TSchema>(value: Value, description?: string) => Type.Record(Type.String(), value, description ? { description } : {})

/**
 * An order as it was given, in the game's own order schema (a component of its own); or one the
 * log keeps though the orders route never takes it (`also`: the weekday game's draft pick); or,
 * in a game with secrets (`sealed`), one with what this reader may not see taken out, marked
 * `hidden` (M12.10, W10.8).
 */
export const givenOrder = <Order>(component: string, options: { also?: TSchema[]; sealed?: boolean } = {}) => {
  const { also = [], sealed = false } = options
  const forms: unknown[] = [{ $ref: `${component}#` }, ...also]
  if (sealed)
    forms.push({
      type: 'object',
      required: ['type', 'hidden'],
      properties: { type: { type: 'string' }, hidden: { const: true } },
      description: "another tribe's order with its secret parts taken out: its type, and what every reader may see",
    })
  return Type.Unsafe<Order>(forms.length === 1 ? forms[0]! : { anyOf: forms })
}

/** The platform's own action (a window, a tick, a trade): logged, never caused by an order. */
export const systemAction = <Action>() =>
  Type.Unsafe<Action>({
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', description: 'startCampaign, setSeed, openWindow, closeWindow, tick, executeTrade (and the game’s own)' } },
    description: "One of the platform's actions (the calendar, the GM, a trade): in the log, never in an order's answer",
  })

/** True when each type is assignable to the other: a face states `Agree<Static<schema>, EngineEvent>`. */
export type Same<Left, Right> = [Left] extends [Right] ? ([Right] extends [Left] ? true : false) : false
export type Agree<Left, Right> = Same<Left, Right> extends true ? true : { schema: Left; engine: Right }
