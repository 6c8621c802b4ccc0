// Where the game's bot covers a campaign's players (#50), the GM's choice, off by default: the
// window of a player away with no stand-in, and a tribe whose player missed so many windows in a
// row (until the player takes it back). The calendar reads the choice off the campaign's row.
import { setBotCover, tribeBotReason } from '../db/campaigns.ts'
import { sqlOf } from '../db/sql.ts'
import { requireGm, type Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'

export interface BotCover {
  /** The bot plays the window of a player away with no stand-in. */
  absent: boolean
  /** After this many windows missed in a row the bot plays the tribe; null: never. */
  afterMissed: number | null
}

export function botCoverService({ db }: Pick<ServiceDeps, 'db'>) {
  return {
    botCover(a: Access): BotCover {
      requireGm(a, 'choose where the bot covers the players')
      return { absent: a.campaign.botAbsent, afterMissed: a.campaign.botAfterMissed }
    },
    /** Why the game's bot plays the reader's own tribe, or null (a person plays it, or the reader plays none). */
    async ownBot(a: Access): Promise<string | null> {
      if (a.role !== 'player' || a.standIn || !a.tribeId) return null
      return tribeBotReason(sqlOf(db.pool), a.campaign.id, a.tribeId)
    },
    async setBotCover(a: Access, cover: BotCover): Promise<BotCover> {
      requireGm(a, 'choose where the bot covers the players')
      await setBotCover(sqlOf(db.pool), a.campaign.id, cover)
      return cover
    },
  }
}
