// What every service is built from: the database handles, the clock, the site's URL.
import type { Database } from '../db/index.ts'
import type { Clock } from './clock.ts'

export interface ServiceDeps {
  db: Database
  clock: Clock
  publicUrl: string
}
