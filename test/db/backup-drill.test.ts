// The backup drill (#51): a campaign of each game mid-play, `npm run backup` while the service
// is up, the database dropped and made again empty, the dump restored into it; then every
// campaign replays its log to its stored state, plays its next orders and its next tick on a new
// instance, and no mail sent before the backup leaves again, while those still waiting leave once.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import t, { type Test } from 'tap'
import { buildApp } from '../../src/app.ts'
import { backup } from '../../src/db/backup.ts'
import { accessRow } from '../../src/db/campaigns.ts'
import { tablesOf } from '../../src/db/dump-catalog.ts'
import { migrate, readMigrationFiles } from '../../src/db/migrate.ts'
import { RestoreRefused, restore } from '../../src/db/restore.ts'
import { rulesetIds, rulesetOf } from '../../src/engine/index.ts'
import { verifyCampaign } from '../../src/services/verify.ts'
import { register, testConfig } from '../helpers/app.ts'
import { call, draft, setClock, type App, type Table } from '../helpers/campaign.ts'
import { testDatabase, testEnv } from '../helpers/db.ts'
import { adminQuery, cloneDatabase } from '../helpers/test-support.ts'

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

interface Instance {
  app: App
  /** The outbox ids of the mails this instance handed to its mail server. */
  sent: string[]
  /** From now on the mail server answers 451 to every mail. */
  refuseMail(): void
  close(): Promise<void>
}

async function instance(t: Test, databaseUrl: string, mailDir: string): Promise<Instance> {
  const app = await buildApp({ config: testConfig({ allowTestClock: true, loginRateLimit: 1_000, campaignRateLimit: 1_000, mailDir }), databaseUrl })
  const sent: string[] = []
  let refusing = false
  const send = app.mailer.send.bind(app.mailer)
  app.mailer.send = async (mail) => {
    if (refusing) throw Object.assign(new Error('451 try again later'), { responseCode: 451 })
    await send(mail)
    sent.push(/^<([^@]+)@/.exec(mail.messageId)![1]!)
  }
  let closed = false
  const close = async () => {
    if (!closed) await app.close()
    closed = true
  }
  t.teardown(close)
  return { app, sent, refuseMail: () => (refusing = true), close }
}

/** Each tribe of each campaign gives the first order the engine offers it, in its window of the week beginning `monday`. */
async function playWeek(app: App, tables: Table[], monday: string): Promise<number[]> {
  const morningOf = (day: number) => new Date(Date.parse(`${monday}T09:00:00Z`) + day * 86_400_000).toISOString()
  // A game may deal the weekdays at its first tick (W3.7): they are read once the week has begun.
  let today = 0
  await setClock(app, morningOf(today))
  const turns: { day: number; table: Table; tribeId: string; token: string }[] = []
  for (const table of tables) {
    const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body as { tribes: { id: string; weekday: string }[] }
    for (const player of Object.values(table.players)) {
      turns.push({ day: DAYS.indexOf(state.tribes.find((x) => x.id === player.tribeId)!.weekday), table, ...player })
    }
  }
  const statuses: number[] = []
  for (const turn of turns.sort((a, b) => a.day - b.day)) {
    if (turn.day !== today) {
      today = turn.day
      await setClock(app, morningOf(today))
    }
    const { state } = await app.campaigns.snapshot(turn.table.id)
    const rules = rulesetOf(state.ruleset)
    const [order] = rules.offered(state, rules.legalOptions(state, turn.tribeId)) as unknown[]
    statuses.push((await call(app, turn.token, 'POST', `/api/campaigns/${turn.table.id}/orders`, { order })).status)
  }
  return statuses
}

const weekOf = async (app: App, table: Table) => (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.week as number

async function verifyAll(app: App, tables: Table[]) {
  return Promise.all(tables.map(async (table) => verifyCampaign(app.db, table.id, (await accessRow(app.db.pool, table.id, null, new Date()))!)))
}

/** Every table's rows, as a count and a digest of their text: what a restore must give back to the letter. */
async function contents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const out: Record<string, string> = {}
    for (const { name } of await tablesOf(client)) {
      const table = pg.escapeIdentifier(name)
      const { rows } = await client.query<{ n: number; digest: string }>(
        `SELECT count(*)::int AS n, md5(COALESCE(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS digest FROM ${table} r`,
      )
      out[name] = `${rows[0]!.n} ${rows[0]!.digest}`
    }
    return out
  } finally {
    await client.end()
  }
}

async function outbox(app: App) {
  const { rows } = await app.pg.query<{ id: string; sent: boolean; dropped: boolean }>(
    'SELECT id, sent_at IS NOT NULL AS sent, dropped_at IS NOT NULL AS dropped FROM outbox_mails',
  )
  return { sent: rows.filter((r) => r.sent).map((r) => r.id), waiting: rows.filter((r) => !r.sent && !r.dropped).map((r) => r.id) }
}

async function scratch(t: Test) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ww-backup-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** A command of scripts/, as `npm run` runs it, against `databaseUrl`. */
function run(script: string, args: string[], databaseUrl: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    )
  })
}

t.test('the drill: four games mid-play, backup, wipe, restore; every campaign verifies and plays on, and no mail leaves twice', async (t) => {
  const dir = await scratch(t)
  const url = await testDatabase(t)
  const first = await instance(t, url, path.join(dir, 'mail'))
  const app = first.app
  await setClock(app, '2026-12-01T09:00:00Z') // a Tuesday
  // One game master and two players in every campaign: an account costs a scrypt.
  const [gm, ana, ben] = await Promise.all(['gm', 'ana', 'ben'].map((name) => register(app, `${name}@drill.test`)))
  const tables: Table[] = []
  for (const ruleset of rulesetIds()) {
    const created = await call(app, gm!.token, 'POST', '/api/campaigns', { name: `Drill ${ruleset}`, ruleset, mapId: 'coast-3' })
    const table: Table = { id: created.body.id, gm: gm!.token, players: {} }
    for (const [name, player, weekday] of [
      ['ana', ana!, 'monday'],
      ['ben', ben!, 'wednesday'],
    ] as const) {
      const invitation = await call(app, gm!.token, 'POST', `/api/campaigns/${table.id}/invitations`)
      const joined = await call(app, player.token, 'POST', `/api/invitations/${invitation.body.token}/accept`, { tribeName: name, weekday })
      table.players[name] = { token: player.token, tribeId: joined.body.tribe.id, userId: player.user.id }
    }
    if (rulesetOf(ruleset).draftPick) await draft(app, table)
    else t.equal((await call(app, gm!.token, 'POST', `/api/campaigns/${table.id}/start`)).status, 200, `${ruleset} started`)
    tables.push(table)
  }
  t.same(await playWeek(app, tables, '2026-12-07'), Array(8).fill(200), "every tribe's order of the first week is taken")
  // The week's tick, while the mail server refuses: its mails wait in the outbox.
  first.refuseMail()
  await setClock(app, '2026-12-13T21:00:00Z')
  const weeks = await Promise.all(tables.map((table) => weekOf(app, table)))
  const before = await verifyAll(app, tables)
  t.ok(
    before.every((v) => v.ok),
    'every campaign verifies before the backup',
  )
  const mails = await outbox(app)
  t.ok(mails.sent.length > 0 && mails.waiting.length > 0, `mails sent (${mails.sent.length}) and waiting (${mails.waiting.length}) at the backup`)
  t.same([...first.sent].sort(), [...mails.sent].sort(), 'the outbox marks sent exactly the mails that left')

  const file = path.join(dir, 'drill.dump')
  const figures = await backup(url, file)
  const kept = await contents(url)
  t.match(figures, { campaigns: 4, tableCount: Object.keys(kept).length }, 'the dump holds the four campaigns and every table')

  // The wipe: the database is dropped and made again, empty.
  await first.close()
  const { adminUrl } = testEnv()
  const name = new URL(url).pathname.slice(1)
  await adminQuery(adminUrl, `DROP DATABASE "${name}" WITH (FORCE)`)
  await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE template0`)
  const restored = await restore(url, file)
  t.match(restored, { campaigns: 4, events: figures.events, migratedAfter: [] }, 'the restore loads what the dump holds')
  t.same(await contents(url), kept, 'every table holds again what it held, row for row')

  const second = await instance(t, url, path.join(dir, 'mail'))
  const again = second.app
  const after = await verifyAll(again, tables)
  t.ok(
    after.every((v) => v.ok),
    'every campaign verifies after the restore',
  )
  t.same(
    after.map((v) => v.storedHash),
    before.map((v) => v.storedHash),
    'each at the state it had',
  )
  await setClock(again, '2026-12-13T21:10:00Z')
  t.same(
    second.sent.filter((id) => mails.sent.includes(id)),
    [],
    'no mail sent before the backup is sent again',
  )
  t.same(
    mails.waiting.filter((id) => second.sent.filter((sent) => sent === id).length !== 1),
    [],
    'each mail that was waiting leaves once',
  )
  t.same(await Promise.all(tables.map((table) => weekOf(again, table))), weeks, 'the tick that ran before the backup does not run again')
  t.same(await playWeek(again, tables, '2026-12-14'), Array(8).fill(200), 'the next orders are taken')
  await setClock(again, '2026-12-20T21:00:00Z')
  t.same(
    await Promise.all(tables.map((table) => weekOf(again, table))),
    weeks.map((w) => w + 1),
    'and the next tick runs',
  )
  t.ok(
    (await verifyAll(again, tables)).every((v) => v.ok),
    'every campaign still verifies',
  )
  const { rows: games } = await again.pg.query<{ ruleset: string; n: number }>(
    'SELECT ruleset, count(*)::int AS n FROM campaigns GROUP BY ruleset ORDER BY ruleset',
  )
  t.comment(
    `drill: campaigns ${games.map((g) => `${g.ruleset} ${g.n}`).join(', ')}; ${figures.events} events; dump ${figures.bytes} bytes (${figures.via}); ` +
      `backup ${figures.seconds.toFixed(2)} s, restore ${restored.seconds.toFixed(2)} s`,
  )
})

async function connected(t: Test, url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  t.teardown(() => client.end())
  return client
}

t.test('restore refuses a database with data, a file that is no dump and one migrated past; an older dump is migrated after loading', async (t) => {
  const dir = await scratch(t)
  const url = await testDatabase(t)
  await (await connected(t, url)).query(`INSERT INTO mail_opt_outs (address) VALUES ('kept@example.com')`)
  const file = path.join(dir, 'one-row.dump')
  await backup(url, file)
  const held = await contents(url)
  // A dump taken one migration back, of a database of its own.
  const { adminUrl } = testEnv()
  const migrations = await readMigrationFiles()
  const older = await cloneDatabase(adminUrl, 'template0')
  t.teardown(older.drop)
  await migrate(older.url, { upTo: migrations.at(-2)!.name })
  await (await connected(t, older.url)).query(`INSERT INTO mail_opt_outs (address) VALUES ('older@example.com')`)
  const olderFile = path.join(dir, 'older.dump')
  await backup(older.url, olderFile)
  const empty = await cloneDatabase(adminUrl, 'template0')
  t.teardown(empty.drop)

  // The commands themselves, side by side: a dump of the database with a row, a restore into it, and one into an empty database.
  const [dumped, refused, loaded] = await Promise.all([
    run('scripts/backup.ts', [path.join(dir, 'by-the-command.dump')], url),
    run('scripts/restore.ts', [file], url),
    run('scripts/restore.ts', [olderFile], empty.url),
  ])
  t.equal(dumped.status, 0, `npm run backup exits 0 (${dumped.stderr.trim().split('\n').at(-1)})`)
  t.match(JSON.parse(dumped.stdout), { campaigns: 0, tableCount: Object.keys(held).length }, 'and prints its figures')
  t.match(dumped.stderr, /\[backup\] mail_opt_outs: 1 rows, \d+ bytes/, 'table by table')
  t.equal(refused.status, 2, 'npm run restore into a database with data exits 2')
  t.match(refused.stderr, /refused, nothing changed: the database is not empty \(rows in mail_opt_outs\); restore only into an empty database/)
  t.same(await contents(url), held, 'and the database is as it was')

  t.equal(loaded.status, 0, `npm run restore into an empty database exits 0 (${loaded.stderr.trim().split('\n').at(-1)})`)
  t.match(loaded.stderr, /\[restore\] mail_opt_outs: 1 rows, \d+ bytes/, 'table by table')
  t.same(JSON.parse(loaded.stdout).migratedAfter, [migrations.at(-1)!.name], 'the migration newer than the dump is applied once its rows are in')
  const { rows } = await (await connected(t, empty.url)).query('SELECT address FROM mail_opt_outs')
  t.same(rows, [{ address: 'older@example.com' }])

  await t.rejects(
    restore(await testDatabase(t), olderFile),
    { name: 'RestoreRefused', message: new RegExp(`the database is migrated past the dump \\(${migrations.at(-1)!.name}\\)`) },
    'a database migrated past the dump is refused',
  )
  await t.rejects(
    restore(url, import.meta.filename),
    { name: 'RestoreRefused', message: /is not a dump written by `npm run backup`/ },
    'a file that is no dump is refused',
  )
})
