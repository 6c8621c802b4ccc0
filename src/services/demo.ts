// Demo data, so `npm start` on an empty database shows something to play with.
import { rulesetOf } from '../engine/index.ts'
import { accountsBesides, insertUsers } from '../db/accounts.ts'
import { tribesOfPool } from '../db/campaigns.ts'
import type { Database } from '../db/index.ts'
import { hashPassword } from '../lib/password.ts'
import { campaignsService } from './campaigns.ts'
import type { Clock } from './clock.ts'

export const DEMO_PASSWORD = 'weekday-demo'
export const DEMO_DOMAIN = 'demo.weekdaywars.test'

export const DEMO_USERS = [
  { email: `gm@${DEMO_DOMAIN}`, displayName: 'Gloria (game master)', locale: 'es' as const, timeZone: 'Europe/Madrid' },
  { email: `ana@${DEMO_DOMAIN}`, displayName: 'Ana', locale: 'es' as const, timeZone: 'Europe/Madrid' },
  { email: `ben@${DEMO_DOMAIN}`, displayName: 'Ben', locale: 'en' as const, timeZone: 'Europe/London' },
  { email: `chloe@${DEMO_DOMAIN}`, displayName: 'Chloé', locale: 'en' as const, timeZone: 'America/New_York' },
]

/** The demo tribes: three weekdays spread over the week. */
const DEMO_TRIBES = [
  { user: 1, tribeName: 'Astures', weekday: 'monday' },
  { user: 2, tribeName: 'Bracari', weekday: 'wednesday' },
  { user: 3, tribeName: 'Cántabros', weekday: 'saturday' },
]

export type SeedOutcome =
  | { seeded: true; logins: { email: string; password: string }[]; campaignId: string }
  | { seeded: false; reason: 'already_seeded' | 'real_data'; message: string }

/**
 * Seeds only an empty database (or says why not): real data is never touched.
 * The demo campaign is set up through the same service functions as the API.
 */
export async function seedDemo(db: Database, options: { clock: Clock; publicUrl: string }): Promise<SeedOutcome> {
  const existing = await accountsBesides(db, DEMO_DOMAIN)
  if (existing.any) {
    return existing.others > 0
      ? { seeded: false, reason: 'real_data', message: `the database holds ${existing.others} real account(s); the demo is only seeded into an empty database` }
      : { seeded: false, reason: 'already_seeded', message: 'the demo data is already there' }
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const users = await insertUsers(
    db,
    DEMO_USERS.map((u) => ({ ...u, passwordHash })),
  )
  const campaigns = campaignsService({ db, clock: options.clock, publicUrl: options.publicUrl })
  const gm = users[0]!.id
  const created = await campaigns.create(gm, { name: 'Demo: Tres Calas', mapId: 'coast-3', timeZone: 'Europe/Madrid', public: true })
  for (const t of DEMO_TRIBES) {
    const invitation = await campaigns.invite(await campaigns.access(created.id, gm), gm)
    await campaigns.accept(invitation.token, users[t.user]!.id, { tribeName: t.tribeName, weekday: t.weekday })
  }
  const gmAccess = await campaigns.access(created.id, gm)
  await campaigns.start(gmAccess)
  const tribes = await tribesOfPool(db.pool, created.id)
  // One port and one inland city each, in the tribe's own region, picked by the GM (R3.4).
  const homes = new Map(
    tribes.map((t) => {
      const region = DEMO_TRIBES.findIndex((d) => d.tribeName === t.name)
      return [t.id, [`${2 + 6 * region},1`, `${3 + 6 * region},3`]]
    }),
  )
  // The game says whose pick it is (R3.2's snake order is its business), until the draft is over.
  for (;;) {
    const { state } = await campaigns.snapshot(created.id)
    const tribeId = rulesetOf(state.ruleset).view(state).draft?.onTheClock
    if (!tribeId) break
    await campaigns.pick(gmAccess, { tribeId, choice: homes.get(tribeId)!.shift()! })
  }
  return { seeded: true, logins: DEMO_USERS.map((u) => ({ email: u.email, password: DEMO_PASSWORD })), campaignId: created.id }
}
