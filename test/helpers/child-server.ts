// The service as `src/server.ts` in a process of its own, for tests that kill it (SIGKILL)
// and start it again on the same database.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const CHILD_JWT_SECRET = 'crash-test-secret-crash-test-secret-1234'

export function serve(databaseUrl: string, smtpUrl: string, clock: string, options: { port?: number; env?: Record<string, string> } = {}) {
  let output = ''
  const env: Record<string, string | undefined> = {
    ...process.env,
    FASTIFY_AUTOLOAD_TYPESCRIPT: '1',
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: String(options.port ?? 0),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ww-crash-')),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtpUrl,
    ALLOW_TEST_CLOCK: 'true',
    TEST_CLOCK_NOW: clock,
    SCHEDULER: 'true',
    JWT_SECRET: CHILD_JWT_SECRET,
    // As testConfig: the accounts the tests make are mailed at once.
    CONFIRM_ADDRESSES: 'false',
    ...options.env,
  }
  // An empty DATABASE_URL: the server runs its own embedded PostgreSQL, as `npm start` does.
  if (!env.DATABASE_URL) delete env.DATABASE_URL
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return { child, exited, output: () => output }
}

/** The address the server said it listens on (with port 0 it binds a free port itself, so none is taken in between). */
export async function listeningBase(server: { output: () => string; child: ChildProcess }, ms = 60_000): Promise<string> {
  let base = ''
  await until(
    'the server to listen',
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`)
      base = /listening on (http:\/\/[^\s]+)/.exec(server.output())?.[1] ?? ''
      return base !== ''
    },
    ms,
    50,
  )
  return base
}

export async function until(what: string, check: () => Promise<boolean>, ms = 60_000, every = 20) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, every))
  }
  throw new Error(`timed out waiting for ${what}`)
}
