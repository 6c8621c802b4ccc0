// The "your day" card (#30): for each campaign whose window is open today for the reader's tribe
// (or the tribe the reader stands in for), whose day it is, when it closes, what can be spent,
// how many armies can still move, and "Done", which gives the game's own end-turn order. The
// figures are the game's (Ruleset.turnSummary): the platform never asks which game it runs.
import { rulesetOf, type AnyState, type Weekday } from '../engine/index.ts'
import { openTurnsOf } from '../db/campaigns.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import type { Access } from './access.ts'
import type { Claims } from './accounts.ts'
import type { ServiceDeps } from './deps.ts'

/** More campaigns than anyone plays on one weekday; a bound for the list page. */
const CARDS_AT_MOST = 20

export interface DayCard {
  campaign: { id: string; name: string; ruleset: string; timeZone: string }
  tribe: { id: string; name: string }
  standIn: boolean
  closesAt: string
  /** The player ended the turn early (R4.6): nothing more to do today. */
  ended: boolean
  spendable: { key: string; amount: number }[]
  movable: number
  canEnd: boolean
}

type Snapshot = (campaignId: string) => Promise<{ state: AnyState; version: number }>
type Orders = (claims: Claims, campaignId: string, input: { orders: unknown[] }, idempotencyKey: undefined) => Promise<unknown>

/** A tribe's turn in the state, as the card shows it; null when the tribe has no window open in the game. */
function turnOf(state: AnyState, tribeId: string) {
  const rules = rulesetOf(state.ruleset)
  const tribe = rules.view(state).tribes.find((t) => t.id === tribeId)
  if (!tribe || tribe.eliminated || tribe.turn === 'closed' || tribe.turn === 'free') return null
  return { ended: tribe.turn === 'ended', summary: rules.turnSummary(state, tribeId) }
}

export function yourDayService({ db, clock }: ServiceDeps, snapshot: Snapshot, orders: Orders) {
  return {
    /** The reader's cards now: one query finds the campaigns whose window is open for them; only those are read. */
    async yourDay(userId: string): Promise<DayCard[]> {
      const now = clock.now()
      const rows = await openTurnsOf(db.pool, userId, now, CARDS_AT_MOST)
      const cards = await Promise.all(
        rows.map(async (row): Promise<DayCard | null> => {
          const window = windowStatus(row.weekday as Weekday, row.timeZone, now)
          if (!window.open || !window.closesAt) return null
          const turn = turnOf((await snapshot(row.id)).state, row.tribeId)
          if (!turn) return null
          return {
            campaign: { id: row.id, name: row.name, ruleset: row.ruleset, timeZone: row.timeZone },
            tribe: { id: row.tribeId, name: row.tribeName },
            standIn: row.standIn,
            closesAt: window.closesAt,
            ended: turn.ended,
            spendable: turn.summary.spendable,
            movable: turn.summary.movable,
            canEnd: turn.summary.end !== null,
          }
        }),
      )
      return cards.filter((c): c is DayCard => c !== null)
    },

    /**
     * "Done": the game's end-turn order, given as the turn page gives orders (the same checks:
     * the caller's tribe, its window, the campaign running). A turn already ended answers so
     * and changes nothing.
     */
    async endTurn(claims: Claims, a: Access): Promise<'ended' | 'already'> {
      if (a.role !== 'player' || !a.tribeId) throw new AppError(403, 'orders/not_a_player', "Only a tribe's player ends its turn")
      const turn = turnOf((await snapshot(a.campaign.id)).state, a.tribeId)
      if (turn?.ended) return 'already'
      const end = turn?.summary.end
      if (!end) throw new AppError(409, 'turn/nothing_to_end', 'Your tribe has no open turn to end now: its window is closed')
      await orders(claims, a.campaign.id, { orders: [end] }, undefined)
      return 'ended'
    },
  }
}
