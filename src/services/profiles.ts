// Profiles (#13 part 9): a player's public page (their campaigns, finished ones with their
// rank, windows played and missed) and their own settings (name, language, time zone).
import { IANAZone } from 'luxon'
import { userById } from '../db/accounts.ts'
import { profileCampaigns, updateProfile } from '../db/profiles.ts'
import { UUID } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { cleanName } from '../lib/names.ts'
import type { ServiceDeps } from './deps.ts'

export function profilesService({ db }: Pick<ServiceDeps, 'db'>) {
  return {
    /** Whoever may see the site sees a player's name and the campaigns of theirs they may see. */
    async profile(userId: string, viewerId: string | null) {
      const user = UUID.test(userId) ? await userById(db, userId) : null
      if (!user) throw new AppError(404, 'profile/not_found', 'No such player')
      const rows = await profileCampaigns(db.pool, user.id, viewerId)
      const campaigns = rows.map((r) => {
        const place = r.tribeId && r.ranking ? r.ranking.indexOf(r.tribeId) + 1 : 0
        return {
          id: r.id,
          name: r.name,
          status: r.status,
          role: r.role,
          tribeName: r.tribeName,
          rank: r.status === 'finished' && place > 0 ? place : null,
          of: r.ranking?.length ?? null,
          played: r.played,
          missed: r.missed,
        }
      })
      return {
        user: { id: user.id, displayName: user.displayName, since: user.createdAt.toISOString() },
        current: campaigns.filter((c) => c.status !== 'finished'),
        finished: campaigns.filter((c) => c.status === 'finished'),
        windows: { played: campaigns.reduce((s, c) => s + c.played, 0), missed: campaigns.reduce((s, c) => s + c.missed, 0) },
      }
    },

    /** Changes the caller's display name, language or time zone; answers nothing. */
    async updateMe(userId: string, input: { displayName?: string | undefined; locale?: 'en' | 'es' | undefined; timeZone?: string | undefined }) {
      if (input.timeZone !== undefined && !IANAZone.isValidZone(input.timeZone)) {
        throw new AppError(400, 'auth/invalid_time_zone', `"${input.timeZone}" is not an IANA time zone (like Europe/Madrid)`)
      }
      await updateProfile(db.pool, userId, {
        ...(input.displayName !== undefined ? { displayName: cleanName(input.displayName, 'displayName') } : {}),
        ...(input.locale !== undefined ? { locale: input.locale } : {}),
        ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
      })
    },
  }
}

export type ProfilesService = ReturnType<typeof profilesService>
