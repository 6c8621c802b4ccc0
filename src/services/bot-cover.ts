// Where the game's bot covers a campaign's players (#50), the GM's choice, off by default: the
// window of a player away with no stand-in, and a tribe whose player missed so many windows in a
// row (until the player takes it back). The calendar reads the choice off the campaign's row.
import { setBotCover } from '../db/campaigns.ts'
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
    async setBotCover(a: Access, cover: BotCover): Promise<BotCover> {
      requireGm(a, 'choose where the bot covers the players')
      await setBotCover(sqlOf(db.pool), a.campaign.id, cover)
      return cover
    },
  }
}
