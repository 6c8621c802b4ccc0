// Account links (#51): the mailed tokens that reset a password, sign a person in, or confirm a
// new address, kept as hashes; and the account changes they make.
import { instant, utc, type Sql } from './sql.ts'
import { EmailTaken } from './accounts.ts'

export type LinkPurpose = 'password_reset' | 'sign_in' | 'email_change' | 'email_confirm'

/**
 * Stores a new link and retires the account's earlier unused links of the same purpose: only
 * the newest mail works, so an old one found later in a mailbox does nothing.
 */
export async function insertAccountToken(
  sql: Sql,
  token: { userId: string; purpose: LinkPurpose; tokenHash: string; newEmail?: string | null; expiresAt: Date; now: Date },
): Promise<void> {
  await sql.query(`UPDATE account_tokens SET used_at = ${utc(3)} WHERE user_id = $1::uuid AND purpose = $2 AND used_at IS NULL`, [
    token.userId,
    token.purpose,
    token.now.toISOString(),
  ])
  await sql.query(
    `INSERT INTO account_tokens (id, user_id, purpose, token_hash, new_email, created_at, expires_at)
     VALUES (gen_random_uuid(), $1::uuid, $2, $4, $5, ${utc(3)}, ${utc(6)})`,
    [token.userId, token.purpose, token.now.toISOString(), token.tokenHash, token.newEmail ?? null, token.expiresAt.toISOString()],
  )
}

/** How many links of this purpose the account was sent since `since` (the per-address limit). */
export async function tokensSince(sql: Sql, userId: string, purpose: LinkPurpose, since: Date): Promise<{ count: number; first: Date | null }> {
  const [row] = await sql.query<{ count: number; first: Date | null }>(
    `SELECT count(*)::int AS count, ${instant('min(created_at)', 'first')} FROM account_tokens
     WHERE user_id = $1::uuid AND purpose = $2 AND created_at > ${utc(3)}`,
    [userId, purpose, since.toISOString()],
  )
  return row ?? { count: 0, first: null }
}

/** Spends a link: its account and address when it is one of this purpose, unused and unexpired; otherwise null. Single use even under a race: the UPDATE takes it once. */
export async function spendAccountToken(
  sql: Sql,
  tokenHash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<{ userId: string; newEmail: string | null } | null> {
  const [row] = await sql.query<{ userId: string; newEmail: string | null }>(
    `UPDATE account_tokens SET used_at = ${utc(3)}
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > ${utc(3)}
     RETURNING user_id AS "userId", new_email AS "newEmail"`,
    [tokenHash, purpose, now.toISOString()],
  )
  return row ?? null
}

/** Whether a link would still work, without spending it (the page that asks for a new password). */
export async function tokenStands(sql: Sql, tokenHash: string, purpose: LinkPurpose, now: Date): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > ${utc(3)}`, [
    tokenHash,
    purpose,
    now.toISOString(),
  ])
  return rows.length > 0
}

/** A new password; every login issued before it stops working. */
export async function setPassword(sql: Sql, userId: string, passwordHash: string): Promise<void> {
  await sql.query(`UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, [
    userId,
    passwordHash,
  ])
}

/** The account's address is the person's: a link mailed to it was followed (or an invitation mailed to it accepted). */
export async function confirmEmail(sql: Sql, userId: string, at: Date): Promise<void> {
  await sql.query(`UPDATE users SET email_confirmed_at = ${utc(2)} WHERE id = $1::uuid AND email_confirmed_at IS NULL`, [userId, at.toISOString()])
}

/** Locks the account's row for the transaction: its link requests and its closing never interleave. */
export async function lockUser(sql: Sql, userId: string): Promise<void> {
  await sql.query(`SELECT 1 FROM users WHERE id = $1::uuid FOR UPDATE`, [userId])
}

/** Whether the account's address is confirmed. */
export async function emailConfirmed(sql: Sql, userId: string): Promise<boolean> {
  const [row] = await sql.query<{ confirmed: boolean }>(`SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = $1::uuid`, [userId])
  return row?.confirmed ?? false
}

/** A new address; every login issued before it stops working. Throws EmailTaken when another account has it. */
export async function setEmail(sql: Sql, userId: string, email: string): Promise<void> {
  try {
    // Confirmed by the very link that changed it.
    await sql.query(
      `UPDATE users SET email = $2, email_confirmed_at = now() AT TIME ZONE 'UTC', token_version = token_version + 1, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`,
      [userId, email],
    )
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new EmailTaken(email)
    throw error
  }
}
