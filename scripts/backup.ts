// `npm run backup -- [file]`: one consistent dump of DATABASE_URL (or of the embedded database)
// to `file`, by default weekday-wars-<time>.dump here. Progress and the figures on stderr, the
// figures as JSON on stdout. How it is made and restored: docs/OPERATIONS.md#backups.
import { backup } from '../src/db/backup.ts'
import { dumpCommand } from './lib/dump-command.ts'

const file = process.argv[2] ?? `weekday-wars-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`
await dumpCommand(
  'backup',
  async (url, say) => {
    const figures = await backup(url, file, { log: say })
    const summary =
      `${figures.file}: ${figures.campaigns} campaigns, ${figures.events} events, ${figures.tableCount} tables, ` +
      `${figures.bytes} bytes (${figures.via === 'copy' ? 'COPY dump' : 'pg_dump'}), ${figures.seconds.toFixed(1)} s`
    return { summary, figures }
  },
  { failed: 'failed, no dump written' },
)
