// An invitation's link and its mail (#30, #49): a new invitation stored with its token and two
// weeks to run, and its mail queued within the daily limits, so that the service is no mail relay.
import { randomBytes } from 'node:crypto'
import { userByEmail, userById } from '../db/accounts.ts'
import { insertInvitation } from '../db/campaigns.ts'
import { invitationsInLastDay, lockInvitationLimits, queueMails } from '../db/outbox.ts'
import { playedWithGm } from '../db/recruiting.ts'
import type { Sql } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { withoutLinks } from '../lib/names.ts'

const INVITATION_DAYS = 14
const INVITATIONS_PER_GM_DAY = 20
const INVITATIONS_PER_ADDRESS_DAY = 3
// The limits count the last 24 hours: a day is the longest wait they imply.
const DAY_S = 86_400

/** Where an invitation's landing page is. */
export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invitations/${token}`

/** When an invitation made or resent now stops being usable. */
export const invitationExpiry = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 86_400_000)

/** Stores a new invitation with a fresh token; a null tribe is one to join with a new tribe. */
export async function insertNewInvitation(
  sql: Sql,
  invitation: { campaignId: string; createdById: string; email: string | null; tribeId: string | null; at: Date; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(18).toString('base64url')
  await insertInvitation(sql, { token, ...invitation })
  return token
}

/**
 * A daily limit reached, saying in words when it lets the next one through: a day after the
 * first mail it counts, in whole hours (the reader's language takes the number, #49).
 */
function limitReached(code: 'invitation/too_many' | 'invitation/too_many_to_address', limit: number, first: Date | null, now: Date): AppError {
  const wait = Math.max(1, Math.ceil(((first?.getTime() ?? now.getTime()) + DAY_S * 1000 - now.getTime()) / 1000))
  const hours = Math.ceil(wait / 3600)
  const inHours = hours === 1 ? 'in an hour' : `in ${hours} hours`
  const message =
    code === 'invitation/too_many'
      ? `A game master mails at most ${limit} invitations a day to people they have not played with; the next can go ${inHours}. Share the link instead, or invite someone you have played with`
      : `This address got ${limit} invitations today; the next can go ${inHours}. Share the link instead`
  const error = AppError.limited(code, message, wait)
  error.params = { limit, hours }
  return error
}

export interface InvitationMail {
  campaignId: string
  createdById: string
  email: string
  token: string
  expiresAt: Date
  locale: 'en' | 'es'
  /** The outbox's key for this mail: the token, or the token and the time of a resend. */
  period: string
  now: Date
  note?: string | null
  /** The tribe the invitation gives, for a replacement or a rematch. */
  tribe?: { name: string; weekday: string } | null
  rematch?: boolean
}

/** Queues the invitation mail, within the daily limits: the service is no mail relay. */
export async function mailInvitation(sql: Sql, publicUrl: string, mail: InvitationMail) {
  const { campaignId, createdById, email, now } = mail
  await lockInvitationLimits(sql, createdById, email)
  // Limits keep strangers from being mailed, not friends (#49): an address that has played with
  // this GM is held by neither, and its mails do not count toward the GM's.
  const known = await playedWithGm(sql, createdById, email)
  if (!known) {
    const sent = await invitationsInLastDay(sql, createdById, email, now)
    if (sent.byGm >= INVITATIONS_PER_GM_DAY) throw limitReached('invitation/too_many', INVITATIONS_PER_GM_DAY, sent.firstByGm, now)
    if (sent.toAddress >= INVITATIONS_PER_ADDRESS_DAY)
      throw limitReached('invitation/too_many_to_address', INVITATIONS_PER_ADDRESS_DAY, sent.firstToAddress, now)
  }
  const invitee = await userByEmail(sql, email)
  const gm = await userById(sql, createdById)
  // Who invites and to what, even to a stranger (#30): the daily limits above keep the
  // service from being a relay, the mail escapes what the GM wrote, and to a stranger no
  // address or link the GM wrote goes out (a spammer's payload is its link).
  const member = invitee !== null
  const said = (text: string | null | undefined) => (text == null ? null : member ? text : withoutLinks(text))
  await queueMails(
    sql,
    campaignId,
    [
      {
        userId: invitee?.id ?? null,
        toAddress: email,
        kind: 'invitation',
        period: mail.period,
        data: {
          member,
          ...(known ? { known: true } : {}),
          invitedBy: createdById,
          invitationUrl: invitationUrl(publicUrl, mail.token),
          expiresAt: mail.expiresAt.toISOString(),
          locale: mail.locale,
          gmName: said(gm?.displayName ?? ''),
          note: said(mail.note),
          ...(mail.tribe ? { takeOver: { ...mail.tribe, name: said(mail.tribe.name) } } : {}),
          // A rematch's invitation (#30): the player's own tribe again, kept on its weekday.
          ...(mail.rematch ? { rematch: true } : {}),
        },
      },
    ],
    now,
  )
}
