// Taking one's data away and leaving (#51): the export is everything the service holds about
// the person; closing asks for the password, hands each GM role on, and keeps the logs whole.
import { accountData, closeAccount, gmHandovers, playedTribes } from '../db/account-closing.ts'
import { lockUser } from '../db/account-tokens.ts'
import { settingsOf, userById } from '../db/accounts.ts'
import type { Database } from '../db/index.ts'
import { queueMails } from '../db/outbox.ts'
import { sqlOf, transaction } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { verifyPassword } from '../lib/password.ts'
import { toPublic } from './accounts.ts'
import type { Clock } from './clock.ts'
import { gmNews } from './gm-news.ts'

export function accountClosingService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps
  return {
    /** Everything held about the account: its details, settings, campaigns, orders, messages, absences, devices and hook. */
    async export(userId: string) {
      const user = await userById(db, userId)
      if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists')
      const [settings, data] = await Promise.all([settingsOf(db.pool, userId), accountData(sqlOf(db.pool), userId)])
      return { exportedAt: clock.now().toISOString(), account: toPublic(user), settings, ...data }
    },

    /**
     * Closes the account, its password given. Each unfinished campaign it was the GM of passes
     * to another GM, or else to its earliest player; the campaigns it leaves say who took over.
     */
    async close(userId: string, password: string): Promise<{ handedOver: { campaignId: string; name: string; to: string | null }[] }> {
      const user = await userById(db, userId)
      if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists')
      if (!(await verifyPassword(password, user.passwordHash))) throw new AppError(400, 'auth/wrong_password', 'Your current password is not that one')
      return transaction(db.pool, async (sql) => {
        // Locked first: two closings (or a closing and a login change) of one account never interleave.
        await lockUser(sql, userId)
        const handovers = await gmHandovers(sql, userId)
        const tribes = await playedTribes(sql, userId)
        const now = clock.now()
        await closeAccount(sql, userId, handovers, now)
        // Told after the hand-over, so the news reaches the campaign's game masters as they are now.
        for (const h of handovers.filter((x) => x.heir)) await queueMails(sql, h.campaignId, await gmNews(sql, h.campaignId, 'gm_handed', userId, {}, now), now)
        for (const t of tribes) await queueMails(sql, t.campaignId, await gmNews(sql, t.campaignId, 'left', t.tribeId, { tribeName: t.name }, now), now)
        return { handedOver: handovers.map((h) => ({ campaignId: h.campaignId, name: h.name, to: h.heir })) }
      })
    },
  }
}

export type AccountClosingService = ReturnType<typeof accountClosingService>
