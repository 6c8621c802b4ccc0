// Configuration comes only from the environment, validated once at start:
// a bad or missing variable stops the process with a message naming it.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import cron from 'node-cron'

export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  host: string
  port: number
  publicUrl: string
  databaseUrl: string | undefined
  embeddedPgPort: number
  dataDir: string
  jwtSecret: string
  jwtExpiresIn: string
  migrateOnStart: boolean
  seedDemo: boolean
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  loginRateLimit: number
  allowTestClock: boolean
  /** With allowTestClock: the clock starts frozen here (demos, crash tests). */
  testClockNow: Date | null
  databasePoolSize: number
  /** smtp:// or smtps:// URL; without it mails are written as .eml files under mailDir. */
  smtpUrl: string | undefined
  mailFrom: string
  mailDir: string
  /** Run the calendar sweep and the mail sender on a cron schedule (off in tests, which sweep by hand). */
  scheduler: boolean
  sweepCron: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly variable: string, problem: string) {
    super(`${variable}: ${problem}`)
  }
}

type Env = Record<string, string | undefined>

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === '' ? undefined : value
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = read(env, name) ?? fallback
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${value}")`)
  }
  return value as T
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`)
  }
  return Number(raw)
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (['true', '1', 'yes', 'on'].includes(raw)) return true
  if (['false', '0', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(name, `must be true or false (got "${raw}")`)
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name)
  if (raw === undefined) return undefined
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(name, 'is not a valid URL')
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => p + '//').join(' or ')}`)
  }
  return raw
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept under the
 * data folder, so logins survive restarts without any set-up.
 */
function jwtSecret(env: Env, nodeEnv: Config['nodeEnv'], dataDir: string): string {
  const given = read(env, 'JWT_SECRET')
  if (given !== undefined) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long')
    return given
  }
  if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production')
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

function testClockNow(env: Env): Date | null {
  const raw = read(env, 'TEST_CLOCK_NOW')
  if (raw === undefined) return null
  if (!boolean(env, 'ALLOW_TEST_CLOCK', false)) throw new ConfigError('TEST_CLOCK_NOW', 'needs ALLOW_TEST_CLOCK=true')
  const at = new Date(raw)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(at.getTime())) throw new ConfigError('TEST_CLOCK_NOW', `must be an ISO-8601 instant like 2026-12-06T19:30:00Z (got "${raw}")`)
  return at
}

function mailFrom(env: Env): string {
  const value = read(env, 'MAIL_FROM') ?? 'Weekday Wars <no-reply@weekdaywars.test>'
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(value)) throw new ConfigError('MAIL_FROM', `must be an address like "Weekday Wars <games@example.org>" (got "${value}")`)
  return value
}

function cronExpression(env: Env): string {
  const value = read(env, 'SWEEP_CRON') ?? '* * * * *'
  if (!cron.validate(value)) throw new ConfigError('SWEEP_CRON', `is not a cron expression like "* * * * *" (got "${value}")`)
  return value
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development')
  const host = read(env, 'HOST') ?? '127.0.0.1'
  const port = integer(env, 'PORT', 3000, 0, 65535)
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? '.data')
  const jwtExpiresIn = read(env, 'JWT_EXPIRES_IN') ?? '7d'
  if (!/^\d+[smhd]$/.test(jwtExpiresIn)) {
    throw new ConfigError('JWT_EXPIRES_IN', `must be a number followed by s, m, h or d, like 7d (got "${jwtExpiresIn}")`)
  }
  return {
    nodeEnv,
    host,
    port,
    publicUrl: (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/$/, ''),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    embeddedPgPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
    dataDir,
    jwtSecret: jwtSecret(env, nodeEnv, dataDir),
    jwtExpiresIn,
    migrateOnStart: boolean(env, 'MIGRATE_ON_START', true),
    seedDemo: boolean(env, 'SEED_DEMO', nodeEnv !== 'production'),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 10, 1, 100_000),
    allowTestClock: boolean(env, 'ALLOW_TEST_CLOCK', false),
    testClockNow: testClockNow(env),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, 1, 500),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mailFrom(env),
    mailDir: path.resolve(read(env, 'MAIL_DIR') ?? path.join(dataDir, 'mail')),
    scheduler: boolean(env, 'SCHEDULER', nodeEnv !== 'test'),
    sweepCron: cronExpression(env),
  }
}
