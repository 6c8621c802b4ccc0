// Liveness: does the database answer?
import { ping } from '../db/accounts.ts'
import type { Database } from '../db/index.ts'

export async function databaseAnswers(db: Database): Promise<void> {
  // The reserved pool: /health answers while requests queue for theirs.
  await ping(db.system)
}
