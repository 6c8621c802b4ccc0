// Demo data, so `npm start` on an empty database shows something to play with.
import type { PrismaClient } from '../generated/prisma/client.ts'
import { hashPassword } from '../lib/password.ts'

export const DEMO_PASSWORD = 'weekday-demo'
export const DEMO_DOMAIN = 'demo.weekdaywars.test'

export const DEMO_USERS = [
  { email: `gm@${DEMO_DOMAIN}`, displayName: 'Gloria (game master)', locale: 'es' as const, timeZone: 'Europe/Madrid' },
  { email: `ana@${DEMO_DOMAIN}`, displayName: 'Ana', locale: 'es' as const, timeZone: 'Europe/Madrid' },
  { email: `ben@${DEMO_DOMAIN}`, displayName: 'Ben', locale: 'en' as const, timeZone: 'Europe/London' },
  { email: `chloe@${DEMO_DOMAIN}`, displayName: 'Chloé', locale: 'en' as const, timeZone: 'America/New_York' },
]

export type SeedOutcome =
  | { seeded: true; logins: { email: string; password: string }[] }
  | { seeded: false; reason: 'already_seeded' | 'real_data'; message: string }

/** Seeds only an empty database (or says why not): real data is never touched. */
export async function seedDemo(prisma: PrismaClient): Promise<SeedOutcome> {
  const users = await prisma.user.findMany({ select: { email: true } })
  if (users.length > 0) {
    const real = users.filter((u) => !u.email.endsWith(`@${DEMO_DOMAIN}`))
    return real.length > 0
      ? { seeded: false, reason: 'real_data', message: `the database holds ${real.length} real account(s); the demo is only seeded into an empty database` }
      : { seeded: false, reason: 'already_seeded', message: 'the demo data is already there' }
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await prisma.$transaction(DEMO_USERS.map((u) => prisma.user.create({ data: { ...u, passwordHash } })))
  return { seeded: true, logins: DEMO_USERS.map((u) => ({ email: u.email, password: DEMO_PASSWORD })) }
}
