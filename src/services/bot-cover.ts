// Where the game's bot covers a campaign's players (#50), the GM's choice, off by default: the
// window of a player away with no stand-in, and a tribe whose player missed so many windows in a
// row (until the player takes it back). The calendar reads the choice off the campaign's row.
// And the empty seats the GM gives it before the start, so that a few friends fill a big map.
import type { Weekday } from '../engine/index.ts'
import { lockCampaign, setBotCover } from '../db/campaigns.ts'
import { sqlOf, transaction } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { requireGm, type Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'
import { seatBot } from './joining.ts'

export interface BotCover {
  /** The bot plays the window of a player away with no stand-in. */
  absent: boolean
  /** After this many windows missed in a row the bot plays the tribe; null: never. */
  afterMissed: number | null
}

export function botCoverService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  return {
    botCover(a: Access): BotCover {
      requireGm(a, 'choose where the bot covers the players')
      return { absent: a.campaign.botAbsent, afterMissed: a.campaign.botAfterMissed }
    },
    /** An empty seat for the bot before the start: a tribe of its own name and weekday, which nobody plays. */
    async addBotSeat(a: Access, input: { tribeName: string; weekday: string }) {
      requireGm(a, 'give an empty seat to the bot')
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (campaign.status !== 'setup')
          throw new AppError(409, 'campaign/already_started', 'Seats are given to the bot before the start only; after it, hand a tribe to the bot', 'R3.1')
        const tribe = await seatBot(sql, campaign, input, clock.now())
        return { tribe: { id: tribe.id, name: tribe.name, weekday: tribe.weekday as Weekday, colour: tribe.colour }, bot: true as const }
      })
    },
    async setBotCover(a: Access, cover: BotCover): Promise<BotCover> {
      requireGm(a, 'choose where the bot covers the players')
      await setBotCover(sqlOf(db.pool), a.campaign.id, cover)
      return cover
    },
  }
}
