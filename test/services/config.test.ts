import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { ConfigError, EnvSchema, loadConfig } from '../../src/config.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'ww-config-'))
const base = { DATA_DIR: dataDir }

t.test('defaults are sensible', async (t) => {
  const c = loadConfig({ ...base })
  t.equal(c.host, '127.0.0.1')
  t.equal(c.port, 3000)
  t.equal(c.databaseUrl, undefined)
  t.equal(c.migrateOnStart, true)
  t.equal(c.publicUrl, 'http://127.0.0.1:3000')
  t.equal(c.confirmAddresses, true, '#51: a new address is confirmed before it is mailed')
  t.equal(loadConfig({ ...base, CONFIRM_ADDRESSES: 'false' }).confirmAddresses, false, 'unless the operator says otherwise')
  t.ok(c.jwtSecret.length >= 32, 'a JWT secret is generated outside production')
  t.equal(loadConfig({ ...base }).jwtSecret, c.jwtSecret, 'and kept across restarts')
})

t.test('the Web Push keys are generated once and kept, unless both are given', async (t) => {
  const first = loadConfig({ ...base }).vapid
  t.match(first.publicKey, /^B[A-Za-z0-9_-]{86}$/, 'an uncompressed P-256 point (65 bytes) in base64url')
  t.equal(Buffer.from(first.privateKey, 'base64url').length, 32, 'a 32-byte private key')
  t.same(loadConfig({ ...base }).vapid, first, 'the same keys after a restart')
  t.equal(first.subject, 'mailto:no-reply@weekdaywars.test', "push services reach the operator at MAIL_FROM's address")
  const given = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'A'.repeat(43), VAPID_SUBJECT: 'https://weekdaywars.example/contact' }
  t.same(loadConfig({ ...base, ...given }).vapid, { publicKey: given.VAPID_PUBLIC_KEY, privateKey: given.VAPID_PRIVATE_KEY, subject: given.VAPID_SUBJECT })
})

t.test('each bad variable is named', async (t) => {
  const bad: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ MIGRATE_ON_START: 'maybe' }, 'MIGRATE_ON_START'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ EMBEDDED_PG_PORT: '80' }, 'EMBEDDED_PG_PORT'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ SWEEP_CRON: 'every minute' }, 'SWEEP_CRON'],
    [{ SCHEDULER: 'sometimes' }, 'SCHEDULER'],
    [{ TEST_CLOCK_NOW: '2026-12-06T19:30:00Z' }, 'TEST_CLOCK_NOW'],
    [{ ALLOW_TEST_CLOCK: 'true', TEST_CLOCK_NOW: 'sunday' }, 'TEST_CLOCK_NOW'],
    [{ VAPID_PUBLIC_KEY: 'short' }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_PUBLIC_KEY: 'B'.repeat(87) }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'games@example.org' }, 'VAPID_SUBJECT'],
  ]
  for (const [env, variable] of bad) {
    let caught: unknown
    try {
      loadConfig({ ...base, ...env })
    } catch (error) {
      caught = error
    }
    t.ok(caught instanceof ConfigError, `${JSON.stringify(env)} is refused`)
    t.equal((caught as ConfigError).variable, variable, `${JSON.stringify(env)} names ${variable}`)
    t.match((caught as ConfigError).message, new RegExp(`^${variable}: `))
  }
})

t.test('the server process exits non-zero naming a bad variable', async (t) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 30_000,
  })
  t.equal(run.status, 1)
  t.match(run.stderr, /configuration error: PORT: must be a whole number/)
})

t.test('#51 every variable the service reads is in the configuration guide and in .env.example', async (t) => {
  const root = path.resolve(import.meta.dirname, '../..')
  const guide = readFileSync(path.join(root, 'docs/CONFIGURATION.md'), 'utf8')
  const example = readFileSync(path.join(root, '.env.example'), 'utf8')
  // The guide's table rows name their variables in backticks, first column.
  const documented = new Set([...guide.matchAll(/^\| (.+?) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)))
  const variables = Object.keys(EnvSchema.properties)
  t.ok(variables.length >= 30, `${variables.length} variables read`)
  for (const name of variables) {
    t.ok(documented.has(name), `${name}: a row of docs/CONFIGURATION.md`)
    t.match(example, new RegExp(`^#? ?${name}=`, 'm'), `${name}: a line of .env.example`)
  }
})
