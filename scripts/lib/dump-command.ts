// What `npm run backup` and `npm run restore` share: the database they work on (DATABASE_URL's,
// or the embedded one, used as the running service has it rather than stopped), their lines on
// stderr, their figures as JSON on stdout, and their exit code: 0 done, 2 refused, 1 failed.
import 'dotenv/config'
import { loadConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/embedded.ts'

interface Outcome {
  /** The closing line. */
  summary: string
  figures: unknown
}

export async function dumpCommand(
  name: 'backup' | 'restore',
  work: (url: string, say: (message: string) => void) => Promise<Outcome>,
  options: { failed: string; refused?: (error: unknown) => boolean },
): Promise<never> {
  const say = (m: string) => console.error(`[${name}] ${m}`)
  const db = await openDatabase(loadConfig(), say, { attach: true })
  let code = 1
  try {
    const { summary, figures } = await work(db.url, say)
    say(summary)
    console.log(JSON.stringify(figures))
    code = 0
  } catch (error) {
    code = options.refused?.(error) ? 2 : 1
    say(`${code === 2 ? 'refused, nothing changed' : options.failed}: ${(error as Error).message}`)
  } finally {
    await db.stop()
  }
  // An explicit exit: a library's exit hook must not turn a failure into success.
  process.exit(code)
}
