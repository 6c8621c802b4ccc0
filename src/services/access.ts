// Who the caller is in a campaign. Private campaigns do not exist for outsiders.
import { accessRow, type AccessRow, type CampaignRow } from '../db/campaigns.ts'
import { UUID } from '../db/sql.ts'
import type { Database } from '../db/index.ts'
import type { Clock } from './clock.ts'
import { AppError } from '../lib/errors.ts'

export type Role = 'gm' | 'player' | 'spectator'

export interface Access {
  campaign: CampaignRow
  role: Role
  /** The caller's tribe, for players. */
  tribeId: string | null
  userId: string | null
  /** The caller plays the tribe as a stand-in, within its absent player's dates. */
  standIn?: boolean
  /** A stand-in who has a tribe of their own here, playing the absent one on its day (#49). */
  coPlayer?: boolean
  /** Why the game's bot plays the caller's own tribe (#50); absent when a person plays it, or the caller plays none today. */
  tribeBot?: string
}

function notFound(campaignId: string) {
  return new AppError(404, 'campaign/not_found', `No campaign ${campaignId}`)
}

export function checkCampaignId(campaignId: string, userId: string | null) {
  if (!UUID.test(campaignId) || (userId !== null && !UUID.test(userId))) throw notFound(campaignId)
}

/** The caller's access from a row with their place in the campaign; a campaign they may not see does not exist. */
export function accessOf(campaignId: string, row: AccessRow | undefined, userId: string | null): Access {
  if (!row?.id || (!row.public && !row.member)) throw notFound(campaignId)
  const { gm, member: _member, tribeId, ...rest } = row
  const campaign: CampaignRow = {
    id: rest.id,
    name: rest.name,
    mapId: rest.mapId,
    timeZone: rest.timeZone,
    status: rest.status,
    weekLimit: rest.weekLimit,
    public: rest.public,
    recruiting: rest.recruiting ?? null,
    ruleset: rest.ruleset,
    rulesetVersion: rest.rulesetVersion,
    practice: rest.practice === true,
    botAbsent: rest.botAbsent === true,
    botAfterMissed: rest.botAfterMissed ?? null,
    createdById: rest.createdById,
    createdAt: rest.createdAt,
  }
  const role: Role = gm ? 'gm' : tribeId ? 'player' : 'spectator'
  return {
    campaign,
    role,
    tribeId: role === 'player' ? tribeId : null,
    userId,
    ...(role === 'player' && row.standIn ? { standIn: true, ...(row.coPlayer ? { coPlayer: true } : {}) } : {}),
    ...(role === 'player' && !row.standIn && row.tribeBot ? { tribeBot: row.tribeBot } : {}),
  }
}

export function accessService(db: Database, clock: Clock) {
  return async function access(campaignId: string, userId: string | null): Promise<Access> {
    checkCampaignId(campaignId, userId)
    return accessOf(campaignId, await accessRow(db.pool, campaignId, userId, clock.now()), userId)
  }
}

export function requireGm(a: Access, what: string) {
  if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', `Only a game master may ${what}`, 'R2.3')
}
