// What a reader may read of a logged event (M12.9, M12.10): until the end, another tribe's
// standing plan, the combat cards it named on a step and the kinds of its boosters stay its own;
// a trade's cards are named to the tribes of the trade only. After the end every event is public
// (M11.6): the secret seed and every hand are out, and anyone can replay the log.
import type { TribeId } from '../../kernel/ids.ts'
import { CARDS, cardKind } from './catalogue.ts'
import { levelOfCard } from './explore.ts'
import type { ElMapaEvent, ElMapaOrder, ElMapaTransfer } from './types.ts'

/** A card hidden by its level: "level-2" (M12.9: booster counts and levels are public). */
const hidden = (card: string) => (cardKind(card) ? `level-${levelOfCard(card)}` : 'level-?')
const hideAll = (cards: readonly string[] | undefined) => cards?.map(hidden)

function orderFor(o: ElMapaOrder): ElMapaOrder {
  switch (o.type) {
    case 'setBattlePlan':
      // Marked `hidden`, which no order of the game's union has: readers know a redacted plan by it.
      return { type: 'setBattlePlan', plan: { platoons: [], flee: 0 }, hidden: true } as unknown as ElMapaOrder
    case 'step': {
      const { plan, cards, ...rest } = o
      return { ...rest, ...(plan || cards ? { hidden: true } : {}) } as ElMapaOrder
    }
    case 'teleport': {
      const { plan, cards, boosters, ...rest } = o
      return { ...rest, ...(boosters ? { boosters: hideAll(boosters) } : {}), ...(plan || cards ? { hidden: true } : {}) } as ElMapaOrder
    }
    case 'cast':
      return o.boosters ? { ...o, boosters: hideAll(o.boosters)! } : o
    case 'build':
      return o.cards ? { ...o, cards: o.cards.map((c) => ({ card: hidden(c.card), boosters: hideAll(c.boosters) ?? [] })) } : o
    default:
      return o
  }
}

const transfersFor = (transfers: readonly ElMapaTransfer[], reader: TribeId | null): ElMapaTransfer[] =>
  transfers.some((x) => x.from === reader || x.to === reader) ? [...transfers] : transfers.map((x) => (x.cards ? { ...x, cards: hideAll(x.cards) } : x))

/** The event as `reader` (a tribe, or null for a GM or a spectator) may read it now; `over`: the campaign has ended. */
export function eventFor(event: ElMapaEvent, reader: TribeId | null, over: boolean): ElMapaEvent {
  if (over) return event
  switch (event.type) {
    case 'order':
      return event.tribe === reader ? event : { ...event, order: orderFor(event.order) }
    case 'system':
      return event.action.type === 'executeTrade' ? { ...event, action: { ...event.action, transfers: transfersFor(event.action.transfers, reader) } } : event
    case 'tradeExecuted':
      return { ...event, transfers: transfersFor(event.transfers, reader) }
    case 'battle':
      // A combat card fired or played is public; a booster's kind is not (M12.9, M12.11).
      return { ...event, record: { ...event.record, cards: event.record.cards.map((c) => (CARDS[cardKind(c)!]?.timing === 'combat' ? c : hidden(c))) } }
    default:
      return event
  }
}
