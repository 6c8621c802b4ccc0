// Who the caller is in a campaign. Private campaigns do not exist for outsiders.
import { accessRow, type CampaignRow } from '../db/campaigns.ts'
import { UUID } from '../db/sql.ts'
import type { Database } from '../db/index.ts'
import { AppError } from '../lib/errors.ts'

export type Role = 'gm' | 'player' | 'spectator'

export interface Access {
  campaign: CampaignRow
  role: Role
  /** The caller's tribe, for players. */
  tribeId: string | null
  userId: string | null
}

export function accessService(db: Database) {
  return async function access(campaignId: string, userId: string | null): Promise<Access> {
    if (!UUID.test(campaignId) || (userId !== null && !UUID.test(userId))) throw new AppError(404, 'campaign/not_found', `No campaign ${campaignId}`)
    const row = await accessRow(db.pool, campaignId, userId)
    if (!row || (!row.public && !row.member)) throw new AppError(404, 'campaign/not_found', `No campaign ${campaignId}`)
    const { gm, member: _member, tribeId, ...campaign } = row
    const role: Role = gm ? 'gm' : tribeId ? 'player' : 'spectator'
    return { campaign, role, tribeId: role === 'player' ? tribeId : null, userId }
  }
}

export function requireGm(a: Access, what: string) {
  if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', `Only a game master may ${what}`, 'R2.3')
}
