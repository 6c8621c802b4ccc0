// Orders (R4.3, R5–R10): a tribe's player sends one order or a batch, applied
// all or nothing; an Idempotency-Key makes retries safe. The hot path of the
// service: the login, the caller's tribe, the campaign and a kept answer are
// read in one statement, and the change saved in one more (locked.change);
// for a campaign this instance saved last, the save alone, guarded (#32).
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import { readForChange } from '../db/snapshots.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import { accessOf, checkCampaignId } from './access.ts'
import { sessionEnded, sessionStands, type Claims } from './accounts.ts'
import { StoredAnswer, type Locked } from './locked.ts'

/** A stable hash of a request body, for Idempotency-Key checks. */
/** What orders caused: the campaign's version after them, its game, and the events as the tribe may read them. */
export interface OrdersAnswer {
  version: number
  ruleset: string
  events: unknown[]
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex')
}

export function ordersService(locked: Locked) {
  return {
    /** Orders from the holder of a verified token (`claims`); whether the login still stands is checked here, in the same read. */
    /** `checkShape`: the API's check of the orders against the campaign's game's own schemas (the faces own them). */
    async orders(
      claims: Claims,
      campaignId: string,
      input: { tribeId?: string | undefined; orders: unknown[] },
      idempotencyKey: string | undefined,
      checkShape?: (ruleset: string, orders: readonly unknown[]) => void,
    ) {
      const userId = claims.sub
      checkCampaignId(campaignId, userId)
      // Only a request that may be retried under its Idempotency-Key is hashed, to be recognised.
      const hash = idempotencyKey === undefined ? '' : requestHash(input.orders)
      // The orders' shape is checked before any lock: at once for a player this instance has
      // seen ordering in the campaign, else right after the one read, once the campaign is
      // known to be theirs to see (a stranger learns nothing of a private one) and before their
      // login and role, so that a request gets the same answer whatever an instance remembers.
      const knownGame = locked.rulesetFor(campaignId, userId)
      if (knownGame) checkShape?.(knownGame, input.orders)
      // A request naming another tribe than the remembered one is read, and refused as the read refuses it.
      const ownTribe = (tribeId: string | null) => !input.tribeId || input.tribeId === tribeId
      try {
        return await locked.change(
          campaignId,
          async (sql, now) => {
            const row = await readForChange(sql, { campaignId, userId, jti: claims.jti ?? '', key: idempotencyKey ?? null, at: now })
            const a = accessOf(campaignId, row, userId)
            if (!knownGame) checkShape?.(row.ruleset, input.orders)
            if (!sessionStands(claims, row)) throw sessionEnded()
            if (a.role === 'gm') throw new AppError(403, 'orders/gm_cannot_play', 'A game master never plays orders for a tribe', 'R2.3')
            if (a.role !== 'player' || !a.tribeId) throw new AppError(403, 'orders/not_a_player', "Only a tribe's player gives its orders")
            if (input.tribeId && input.tribeId !== a.tribeId) throw new AppError(403, 'orders/not_your_tribe', 'You give orders only to your own tribe')
            if (row.seen) {
              if (row.seen.requestHash !== hash) throw new AppError(422, 'idempotency/key_reused', 'This Idempotency-Key was used for a different request')
              throw new StoredAnswer(row.seen.response)
            }
            return row
          },
          (row, campaign, w, now) => {
            const tribeId = row.tribeId!
            if (w.campaignStatus === 'paused') throw new AppError(409, 'campaign/paused', 'The campaign is paused by its game master')
            if (w.campaignStatus !== 'running')
              throw new AppError(409, 'campaign/not_running', `Orders are taken while the campaign runs (it is ${w.campaignStatus})`)
            const tribe = w.view.tribes.find((t) => t.id === tribeId)!
            if (tribe.turn === 'closed' && !tribe.eliminated) {
              const next = windowStatus(tribe.weekday, campaign.timeZone, now).nextOpening
              // In words, as a player reads it (#27); the instant itself is the view's nextOpening.
              const opening = DateTime.fromISO(next, { zone: campaign.timeZone }).setLocale('en-GB')
              const opens = opening.toFormat('cccc d LLLL, HH:mm')
              throw new AppError(
                409,
                'turn/window_closed',
                `${tribe.name} gives orders on ${opening.toFormat('cccc')}s, 00:00–20:00 (${campaign.timeZone}): the next window opens on ${opens} (${next})`,
                'R4.3',
              )
            }
            // The answer tells the player what their tribe may read of what happened: a game whose
            // events hold others' secrets (an El Mapa defender's reaction boosters) hides them (M12.10).
            const eventFor = w.rules.eventFor
            const logged = w.batch(tribeId, input.orders, now)
            const events = eventFor ? logged.map((event) => eventFor(event, tribeId, w.view.status === 'finished')) : logged
            // A stand-in's orders are the tribe's, and the log says who gave them.
            if (row.standIn) w.note('order.stand_in', { tribe: tribeId, by: userId, orders: input.orders.length }, now)
            return {
              value: { ruleset: campaign.ruleset, events },
              ...(idempotencyKey
                ? { idempotency: { userId, key: idempotencyKey, requestHash: hash, response: { ruleset: campaign.ruleset, events, version: w.version + 1 } } }
                : {}),
            }
          },
          {
            // A player seen ordering here: their next order is built without a read, its save guarded (#32).
            // The row is the one their read gave, kept with their seat: what the order reads of it
            // (their tribe, no stand-in) holds while the seats' version does, and the version and
            // marks it was read with are the remembered campaign's to give (attemptKnown). Built
            // anew for every order, its thirty fields were a tenth of what the shortcut allocated.
            rowOf: (known) => {
              const seat = known.tribes.get(userId)
              // Another token of the same player is read once: its own revocation is the read's to see.
              return seat && seat.jti === (claims.jti ?? '') && ownTribe(seat.row.tribeId) ? { row: seat.row } : null
            },
            // A co-player standing in (#49) is remembered with their own tribe: on the absent tribe's
            // day their own window is closed, the refusal takes the reading path, and that path plays
            // the absent tribe.
            remember: (row, known) => {
              if (row.tribeId && !row.standIn && !row.gm)
                known.tribes.set(userId, { jti: claims.jti ?? '', row: { ...row, state: null, stateBytes: null, tail: null, seen: null } })
            },
          },
        )
      } catch (e) {
        // A retry answers what the first request answered, and says that it is a replay.
        if (e instanceof StoredAnswer) return { ...(e.response as OrdersAnswer), replayed: true as const }
        throw e
      }
    },
  }
}
