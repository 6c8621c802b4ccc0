// Liveness: does the database answer?
import { ping } from '../db/accounts.ts'
import type { Database } from '../db/index.ts'

export async function databaseAnswers(db: Database): Promise<void> {
  await ping(db.pool)
}
