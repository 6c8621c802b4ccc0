// What a reader may read of a logged event (W10.8): until the end, a tribe's standing orders, its
// default order, its casualty list and its starting army are its own, GMs included, so that no
// scene can leak them. A battle's log shows what a standing order did, never the order; the
// starting armies come out at tick 0 with the muster (W3.7). After the end everything is public.
import type { TribeId } from '../../kernel/ids.ts'
import type { OpenEvent, OpenOrder } from './types.ts'

const SECRET: ReadonlySet<OpenOrder['type']> = new Set(['setStanding', 'setDefault', 'setCasualtyOrder', 'setArmy'])

/** The event as `reader` (a tribe, or null for a GM or a spectator) may read it now; `over`: the campaign has ended. */
export function eventFor(event: OpenEvent, reader: TribeId | null, over: boolean): OpenEvent {
  if (over || event.type !== 'order' || event.tribe === reader || !SECRET.has(event.order.type)) return event
  // That the tribe gave such an order is public (it is in the log's order); what it said is not.
  // A redacted order has only its type: no order of the game's union, and readers know it by `hidden`.
  return { ...event, order: { type: event.order.type, hidden: true } as unknown as OpenOrder }
}
