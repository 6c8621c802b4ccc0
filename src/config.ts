// Configuration comes only from the environment, validated once at start
// against one TypeBox schema: a bad or missing variable stops the process with
// a message naming it. Checks a schema cannot state (a cron expression, a
// secret required only in production) follow it in code.
//
// TypeBox's own checker reads the schema as it is; env-schema, used before, built an Ajv and
// compiled the schema and Ajv's meta-schemas at every start, a tenth of a warm start (#32).
import { createECDH, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import cron from 'node-cron'
import { Type, type Static, type TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { DEFAULT_KNOWN_CAMPAIGNS, DEFAULT_KNOWN_CAMPAIGNS_MB, DEFAULT_SNAPSHOT_EVERY } from './db/index.ts'

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
  /** Campaigns one user may create in an hour. */
  campaignRateLimit: number
  /** Live streams (Server-Sent Events) one client address may hold, all accounts together. */
  streamsPerAddress: number
  /** Live streams one app instance holds. */
  streamsPerInstance: number
  allowTestClock: boolean
  /** With allowTestClock: the clock starts frozen here (demos, crash tests). */
  testClockNow: Date | null
  databasePoolSize: number
  /** Connections kept for /health and the calendar sweep, apart from the requests' pool. */
  databaseSystemPoolSize: number
  /** How long a request waits for a free connection before it is answered 503. */
  databaseAcquireTimeoutMs: number
  databaseStatementTimeoutMs: number
  databaseLockTimeoutMs: number
  databaseIdleInTransactionTimeoutMs: number
  /** A player's order stores the whole game state only when the stored one is this many changes behind. */
  snapshotEvery: number
  /** Campaigns an instance remembers after changing them, so that their next order is saved in one round trip (0: none). */
  knownCampaigns: number
  /** The megabytes of state JSON those remembered campaigns may take at most. */
  knownCampaignsMb: number
  /** smtp:// or smtps:// URL; without it mails are written as .eml files under mailDir. */
  smtpUrl: string | undefined
  mailFrom: string
  mailDir: string
  /** Run the calendar sweep and the mail sender on a cron schedule (off in tests, which sweep by hand). */
  scheduler: boolean
  sweepCron: string
  /**
   * An account made by open registration gets no mail but its confirmation link until its
   * address is confirmed (#51): nobody can have the service mail someone else's address.
   */
  confirmAddresses: boolean
  /** Webhooks may call private and loopback addresses (tests only): otherwise a user could make the server call its own network. */
  allowPrivateWebhooks: boolean
  /** The server's Web Push identity (VAPID, RFC 8292): every instance of one service must share it, or a device subscribed through one is refused by the others. */
  vapid: { publicKey: string; privateKey: string; subject: string }
  /** A certificate authority trusted for push services besides the system's (a self-hosted push server, the tests' receiver). */
  pushCaFile: string | undefined
  /** The bearer token `GET /metrics` asks for; without it the metrics are open outside production and absent in it. */
  metricsToken: string | undefined
}

export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`)
  }
}

type Env = Record<string, string | undefined>

const BOOL = '^(true|1|yes|on|false|0|no|off)$'
const BOOLEANS = ['MIGRATE_ON_START', 'SEED_DEMO', 'ALLOW_TEST_CLOCK', 'SCHEDULER', 'ALLOW_PRIVATE_WEBHOOKS', 'CONFIRM_ADDRESSES']

/** A variable, and what to say when it is wrong. */
const v = <T extends TSchema>(schema: T, problem: string) => Type.Optional(Type.Unsafe<Static<T>>({ ...schema, problem }))
const int = (min: number, max: number) => v(Type.Integer({ minimum: min, maximum: max }), `must be a whole number from ${min} to ${max}`)
const bool = () => v(Type.String({ pattern: BOOL }), 'must be true or false')
const oneOf = (values: readonly string[]) => v(Type.String({ enum: [...values] }), `must be one of ${values.join(', ')}`)
const urlOf = (protocols: string[]) =>
  v(Type.String({ pattern: `^(${protocols.join('|')})://` }), `must be a valid URL starting with ${protocols.map((p) => p + '://').join(' or ')}`)

const NODE_ENVS = ['development', 'production', 'test'] as const
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** Every variable the service reads (see .env.example). */
export const EnvSchema = Type.Object({
  NODE_ENV: oneOf(NODE_ENVS),
  HOST: v(Type.String({ minLength: 1 }), 'must be a host name or address'),
  PORT: int(0, 65535),
  PUBLIC_URL: urlOf(['http', 'https']),
  DATABASE_URL: urlOf(['postgres', 'postgresql']),
  EMBEDDED_PG_PORT: int(1024, 65535),
  DATA_DIR: v(Type.String({ minLength: 1 }), 'must be a folder'),
  JWT_SECRET: v(Type.String({ minLength: 32 }), 'must be at least 32 characters long'),
  JWT_EXPIRES_IN: v(Type.String({ pattern: '^\\d+[smhd]$' }), 'must be a number followed by s, m, h or d, like 7d'),
  MIGRATE_ON_START: bool(),
  SEED_DEMO: bool(),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  LOGIN_RATE_LIMIT: int(1, 100_000),
  CAMPAIGN_RATE_LIMIT: int(1, 100_000),
  STREAMS_PER_ADDRESS: int(1, 100_000),
  STREAMS_PER_INSTANCE: int(1, 1_000_000),
  ALLOW_TEST_CLOCK: bool(),
  ALLOW_PRIVATE_WEBHOOKS: bool(),
  CONFIRM_ADDRESSES: bool(),
  TEST_CLOCK_NOW: v(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T' }), 'must be an ISO-8601 instant like 2026-12-06T19:30:00Z'),
  DATABASE_POOL_SIZE: int(1, 500),
  DATABASE_SYSTEM_POOL_SIZE: int(2, 50),
  DATABASE_ACQUIRE_TIMEOUT_MS: int(100, 600_000),
  DATABASE_STATEMENT_TIMEOUT_MS: int(100, 3_600_000),
  DATABASE_LOCK_TIMEOUT_MS: int(100, 3_600_000),
  DATABASE_IDLE_TX_TIMEOUT_MS: int(1_000, 3_600_000),
  SNAPSHOT_EVERY: int(1, 1_000),
  KNOWN_CAMPAIGNS: int(0, 1_000_000),
  KNOWN_CAMPAIGNS_MB: int(1, 4_096),
  SMTP_URL: urlOf(['smtp', 'smtps']),
  MAIL_FROM: v(Type.String({ pattern: '^[^<>@\\s]+@[^<>@\\s]+$|<[^<>@\\s]+@[^<>@\\s]+>$' }), 'must be an address like "Weekday Wars <games@example.org>"'),
  MAIL_DIR: v(Type.String({ minLength: 1 }), 'must be a folder'),
  SCHEDULER: bool(),
  SWEEP_CRON: v(Type.String({ minLength: 1 }), 'must be a cron expression like "* * * * *"'),
  VAPID_PUBLIC_KEY: v(Type.String({ pattern: '^[A-Za-z0-9_-]{87}$' }), 'must be an uncompressed P-256 public key in base64url (87 characters)'),
  VAPID_PRIVATE_KEY: v(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }), 'must be a P-256 private key in base64url (43 characters)'),
  PUSH_CA_FILE: v(Type.String({ minLength: 1 }), 'must be the path of a PEM certificate file'),
  VAPID_SUBJECT: v(Type.String({ pattern: '^(mailto:|https://)' }), 'must be a mailto: or https:// address where push services can reach the operator'),
  METRICS_TOKEN: v(Type.String({ pattern: '^[\\x21-\\x7e]{16,}$' }), 'must be at least 16 printable characters with no spaces'),
})

type Vars = Static<typeof EnvSchema>

/** The variables that hold a whole number: the environment gives text, the schema wants numbers. */
const INTEGERS = Object.entries(EnvSchema.properties as Record<string, { type?: string }>)
  .filter(([, schema]) => schema.type === 'integer')
  .map(([name]) => name)

/** Validates the environment; the first bad variable is named with what is wrong and what was given. */
function parseEnv(env: Env): Vars {
  // Blank means unset; booleans are read without regard to case.
  const given: Record<string, string> = {}
  const typed: Record<string, string | number> = {}
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = env[name]?.trim()
    if (!value) continue
    given[name] = BOOLEANS.includes(name) ? value.toLowerCase() : value
    // Only decimal digits (after the trim above) make a number: "0x50", "8e3", "+80" or "80.0" stay
    // text and are refused, where env-schema's Ajv coerced them.
    typed[name] = INTEGERS.includes(name) && /^-?\d+$/.test(value) ? Number(value) : given[name]!
  }
  if (Value.Check(EnvSchema, typed)) return typed as Vars
  const [first] = Value.Errors(EnvSchema, typed)
  const name = first?.instancePath.replace(/^\//, '')
  if (!name) throw new Error(`the environment does not match its schema: ${first?.message ?? 'no error reported'}`)
  const problem = (EnvSchema.properties as Record<string, { problem?: string }>)[name]?.problem ?? 'is not valid'
  throw new ConfigError(name, `${problem} (got "${given[name]}")`)
}

const yes = (value: string | undefined, fallback: boolean) => (value === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(value))

function checkUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  try {
    new URL(value)
  } catch {
    throw new ConfigError(name, 'is not a valid URL')
  }
  return value
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept under the
 * data folder, so logins survive restarts without any set-up.
 */
function jwtSecret(given: string | undefined, nodeEnv: Config['nodeEnv'], dataDir: string): string {
  if (given !== undefined) return given
  if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production')
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

/**
 * The Web Push keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given (several instances),
 * else generated at the first start and kept under the data folder, as the JWT secret is.
 */
function vapidKeys(e: Vars, dataDir: string): { publicKey: string; privateKey: string } {
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY)
    throw new ConfigError(e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY', 'is required with its pair')
  const file = path.join(dataDir, 'vapid.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  mkdirSync(dataDir, { recursive: true })
  // What web-push's generateVAPIDKeys does, without loading it at every start.
  const curve = createECDH('prime256v1')
  curve.generateKeys()
  const secret = curve.getPrivateKey()
  const keys = {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  }
  writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600 })
  return keys
}

function testClockNow(raw: string | undefined, allowed: boolean): Date | null {
  if (raw === undefined) return null
  if (!allowed) throw new ConfigError('TEST_CLOCK_NOW', 'needs ALLOW_TEST_CLOCK=true')
  const at = new Date(raw)
  if (Number.isNaN(at.getTime())) throw new ConfigError('TEST_CLOCK_NOW', `must be an ISO-8601 instant like 2026-12-06T19:30:00Z (got "${raw}")`)
  return at
}

export function loadConfig(env: Env = process.env): Config {
  const e = parseEnv(env)
  const nodeEnv = (e.NODE_ENV ?? 'development') as Config['nodeEnv']
  const host = e.HOST ?? '127.0.0.1'
  const port = e.PORT ?? 3000
  const dataDir = path.resolve(e.DATA_DIR ?? '.data')
  const sweepCron = e.SWEEP_CRON ?? '* * * * *'
  if (!cron.validate(sweepCron)) throw new ConfigError('SWEEP_CRON', `is not a cron expression like "* * * * *" (got "${sweepCron}")`)
  const allowTestClock = yes(e.ALLOW_TEST_CLOCK, false)
  // A settable clock lets anyone who reaches it fast-forward every campaign.
  if (allowTestClock && nodeEnv === 'production') throw new ConfigError('ALLOW_TEST_CLOCK', 'must not be true when NODE_ENV=production')
  if (yes(e.ALLOW_PRIVATE_WEBHOOKS, false) && nodeEnv === 'production')
    throw new ConfigError('ALLOW_PRIVATE_WEBHOOKS', 'must not be true when NODE_ENV=production')
  return {
    nodeEnv,
    host,
    port,
    publicUrl: (checkUrl('PUBLIC_URL', e.PUBLIC_URL) ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/$/, ''),
    databaseUrl: checkUrl('DATABASE_URL', e.DATABASE_URL),
    embeddedPgPort: e.EMBEDDED_PG_PORT ?? 54329,
    dataDir,
    jwtSecret: jwtSecret(e.JWT_SECRET, nodeEnv, dataDir),
    jwtExpiresIn: e.JWT_EXPIRES_IN ?? '7d',
    migrateOnStart: yes(e.MIGRATE_ON_START, true),
    seedDemo: yes(e.SEED_DEMO, nodeEnv !== 'production'),
    logLevel: (e.LOG_LEVEL ?? 'info') as Config['logLevel'],
    loginRateLimit: e.LOGIN_RATE_LIMIT ?? 10,
    campaignRateLimit: e.CAMPAIGN_RATE_LIMIT ?? 20,
    streamsPerAddress: e.STREAMS_PER_ADDRESS ?? 20,
    streamsPerInstance: e.STREAMS_PER_INSTANCE ?? 1_000,
    allowTestClock,
    testClockNow: testClockNow(e.TEST_CLOCK_NOW, allowTestClock),
    databasePoolSize: e.DATABASE_POOL_SIZE ?? 10,
    databaseSystemPoolSize: e.DATABASE_SYSTEM_POOL_SIZE ?? 4,
    databaseAcquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS ?? 5_000,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? 15_000,
    databaseLockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS ?? 5_000,
    databaseIdleInTransactionTimeoutMs: e.DATABASE_IDLE_TX_TIMEOUT_MS ?? 30_000,
    snapshotEvery: e.SNAPSHOT_EVERY ?? DEFAULT_SNAPSHOT_EVERY,
    knownCampaigns: e.KNOWN_CAMPAIGNS ?? DEFAULT_KNOWN_CAMPAIGNS,
    knownCampaignsMb: e.KNOWN_CAMPAIGNS_MB ?? DEFAULT_KNOWN_CAMPAIGNS_MB,
    smtpUrl: checkUrl('SMTP_URL', e.SMTP_URL),
    mailFrom: e.MAIL_FROM ?? 'Weekday Wars <no-reply@weekdaywars.test>',
    mailDir: path.resolve(e.MAIL_DIR ?? path.join(dataDir, 'mail')),
    scheduler: yes(e.SCHEDULER, nodeEnv !== 'test'),
    sweepCron,
    allowPrivateWebhooks: yes(e.ALLOW_PRIVATE_WEBHOOKS, false),
    confirmAddresses: yes(e.CONFIRM_ADDRESSES, true),
    pushCaFile: e.PUSH_CA_FILE ? path.resolve(e.PUSH_CA_FILE) : undefined,
    metricsToken: e.METRICS_TOKEN,
    vapid: { ...vapidKeys(e, dataDir), subject: e.VAPID_SUBJECT ?? `mailto:${(e.MAIL_FROM ?? 'no-reply@weekdaywars.test').replace(/^.*<|>$/g, '')}` },
  }
}
