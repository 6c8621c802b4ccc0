// A game master's inbox (#30): proposals to ratify, join requests, absences with no stand-in,
// windows missed this week, tribes the bot took over for missed windows, invitations never accepted before the start; each with the page
// where it is dealt with. Shown at the top of /campaigns and of each campaign's console.
import { inboxOf, type InboxRow } from '../db/inbox.ts'
import type { ServiceDeps } from './deps.ts'
import { REQUEST_DAYS } from './recruiting.ts'

export interface InboxItem {
  kind: InboxRow['kind']
  subject: string
  from: string | null
  to: string | null
  href: string
}

export interface InboxGroup {
  campaign: { id: string; name: string }
  items: InboxItem[]
}

const hrefOf = (row: InboxRow) => {
  const base = `/campaigns/${row.campaignId}`
  if (row.kind === 'ratify') return `${base}/scenes/${row.sceneId}`
  if (row.kind === 'absence') return `${base}/absences`
  return `${base}/gm`
}

export function inboxService({ db, clock }: ServiceDeps) {
  return {
    /** What waits for this GM, by campaign (only `campaignId`'s when given); empty for a user who runs nothing. */
    async of(userId: string, campaignId: string | null = null): Promise<InboxGroup[]> {
      const groups = new Map<string, InboxGroup>()
      for (const row of await inboxOf(db.pool, userId, clock.now(), REQUEST_DAYS, campaignId)) {
        let group = groups.get(row.campaignId)
        if (!group) groups.set(row.campaignId, (group = { campaign: { id: row.campaignId, name: row.campaignName }, items: [] }))
        group.items.push({ kind: row.kind, subject: row.subject, from: row.from, to: row.to, href: hrefOf(row) })
      }
      return [...groups.values()]
    },
  }
}

export type InboxService = ReturnType<typeof inboxService>
