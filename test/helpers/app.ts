import type { Test } from 'tap'
import { buildApp } from '../../src/app.ts'
import { loadConfig, type Config } from '../../src/config.ts'
import { testDatabase } from './db.ts'

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-42', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...overrides,
  }
}

/** A real app on a real database of its own; closed when the test ends. */
export async function buildTestApp(t: Test, overrides: Partial<Config> = {}) {
  const databaseUrl = await testDatabase(t)
  const app = await buildApp({ config: testConfig(overrides), databaseUrl })
  t.teardown(() => app.close())
  return app
}

export async function register(app: Awaited<ReturnType<typeof buildTestApp>>, email: string, password = 'correct horse battery') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password, displayName: email.split('@')[0] } })
  if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`)
  return res.json() as { token: string; user: { id: string; email: string } }
}
