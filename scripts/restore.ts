// `npm run restore -- <file>`: loads a dump of `npm run backup` into DATABASE_URL (or the
// embedded database), which must be empty. Exit code 0 when it is loaded, 2 when the database or
// the file is refused (nothing was changed), 1 when it failed (a failed load is rolled back).
// How: docs/OPERATIONS.md#backups.
import { RestoreRefused, restore } from '../src/db/restore.ts'
import { dumpCommand } from './lib/dump-command.ts'

const file = process.argv[2]
if (!file) {
  console.error('[restore] usage: npm run restore -- <file>   (a dump written by npm run backup, into an empty database)')
  process.exit(2)
}
await dumpCommand(
  'restore',
  async (url, say) => {
    const figures = await restore(url, file, { log: say })
    const newer = figures.migratedAfter.length ? `, then ${figures.migratedAfter.length} newer migration(s)` : ''
    const summary = `restored ${figures.campaigns} campaigns, ${figures.events} events, ${figures.tableCount} tables from ${figures.bytes} bytes in ${figures.seconds.toFixed(1)} s${newer}`
    return { summary, figures }
  },
  { failed: 'failed', refused: (error) => error instanceof RestoreRefused },
)
