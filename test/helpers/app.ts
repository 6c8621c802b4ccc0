import type { Test } from 'tap'
import { buildApp } from '../../src/app.ts'
import { loadConfig, type Config } from '../../src/config.ts'
import { testDatabase } from './db.ts'
import { rulesetOf } from '../../src/engine/index.ts'

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-42', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    // The tests' accounts are mailed as soon as they exist; test/routes/account-links.test.ts tests confirmation itself.
    confirmAddresses: false,
    ...overrides,
  }
}

/** A real app on a real database of its own; closed when the test ends. */
export async function buildTestApp(t: Test, overrides: Partial<Config> = {}) {
  const databaseUrl = await testDatabase(t)
  const app = await buildApp({ config: testConfig(overrides), databaseUrl })
  t.teardown(async () => {
    if (!t.passing()) await startSeeds(t, app)
    await app.close()
  })
  return app
}

/**
 * A failed test says the start and secret seeds of each campaign it made (#46): the deal, the map
 * and the draw come from them, so the engine replays the same setup (rulesetOf(id).createGame({ seed, secretSeed })).
 * A database that is gone (the chaos tests) leaves nothing to say.
 */
async function startSeeds(t: Test, app: Awaited<ReturnType<typeof buildApp>>) {
  try {
    const read = app.pg.query<{ campaign: string; ruleset: string; seed: string; state: { ruleset: string } | null }>(
      `SELECT c.id AS campaign, c.ruleset, d.seed, s.state FROM dice_weeks d JOIN campaigns c ON c.id = d.campaign_id
         LEFT JOIN game_snapshots s ON s.campaign_id = c.id WHERE d.week = 0 ORDER BY c.created_at`,
    )
    read.catch(() => {})
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000).unref())
    for (const row of (await Promise.race([read, late]))?.rows ?? []) {
      // The secret seed deals what the start seed does not (El Mapa's face-down tiles, M12.4).
      const secret = row.state ? ` secret seed: ${rulesetOf(row.state.ruleset).secretOf(row.state)}` : ''
      t.comment(`campaign ${row.campaign} (${row.ruleset}) start seed: ${row.seed}${secret}`)
    }
  } catch {
    // No database to read: the failure's own message is all there is.
  }
}

export async function register(app: Awaited<ReturnType<typeof buildTestApp>>, email: string, password = 'correct horse battery') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password, displayName: email.split('@')[0] } })
  if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`)
  return res.json() as { token: string; user: { id: string; email: string } }
}
