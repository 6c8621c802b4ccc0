import type { Test } from 'tap'
import { cloneDatabase } from './test-support.ts'

export function testEnv() {
  const adminUrl = process.env.WW_TEST_ADMIN_URL
  const template = process.env.WW_TEST_TEMPLATE
  if (!adminUrl || !template) {
    throw new Error('run tests through `npm test` (it starts the database); e.g. npm test -- test/routes/api/auth.test.ts')
  }
  return { adminUrl, template }
}

/** A database of this test's own, cloned from the migrated template and dropped afterwards. */
export async function testDatabase(t: Test): Promise<string> {
  const { adminUrl, template } = testEnv()
  const db = await cloneDatabase(adminUrl, template)
  t.teardown(db.drop)
  return db.url
}
