import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import t, { type Test } from 'tap'
import { MIGRATIONS_DIR, MigrationError, migrate, readMigrationFiles } from '../../src/db/migrate.ts'
import { cloneDatabase } from '../helpers/test-support.ts'
import { testEnv } from '../helpers/db.ts'

async function emptyDatabase(t: Test) {
  const { adminUrl } = testEnv()
  const db = await cloneDatabase(adminUrl, 'template0')
  t.teardown(db.drop)
  return db.url
}

async function rows(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

t.test('applies every migration once and records it like Prisma', async (t) => {
  const url = await emptyDatabase(t)
  const files = await readMigrationFiles()
  const first = await migrate(url)
  t.same(
    first.applied,
    files.map((f) => f.name),
  )
  const recorded = await rows(url, 'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name')
  t.same(
    recorded.map((r) => [r.migration_name, r.checksum, r.applied_steps_count]),
    files.map((f) => [f.name, f.checksum, 1]),
  )
  t.ok(recorded.every((r) => r.finished_at instanceof Date))
  const second = await migrate(url)
  t.same(second.applied, [], 'a second run applies nothing')
})

t.test('two migrators at once apply each migration exactly once', async (t) => {
  const url = await emptyDatabase(t)
  const [a, b] = await Promise.all([migrate(url), migrate(url)])
  const files = await readMigrationFiles()
  t.equal(a.applied.length + b.applied.length, files.length)
  const recorded = await rows(url, 'SELECT count(*)::int AS n FROM "_prisma_migrations"')
  t.equal(recorded[0].n, files.length)
})

t.test('an applied migration whose file was edited is refused', async (t) => {
  const url = await emptyDatabase(t)
  await migrate(url)
  const dir = await mkdtemp(path.join(tmpdir(), 'ww-migrations-'))
  await cp(MIGRATIONS_DIR, dir, { recursive: true })
  const [first] = await readMigrationFiles(dir)
  const file = path.join(dir, first!.name, 'migration.sql')
  await writeFile(file, (await readFile(file, 'utf8')) + '\n-- sneaky edit\n')
  await t.rejects(migrate(url, { dir }), new MigrationError(''), 'refused')
  await t.rejects(migrate(url, { dir }), { message: new RegExp(`migration ${first!.name} was edited after it was applied`) })
})

t.test('a failing migration rolls back entirely and is not recorded', async (t) => {
  const url = await emptyDatabase(t)
  const dir = await mkdtemp(path.join(tmpdir(), 'ww-migrations-'))
  await cp(MIGRATIONS_DIR, dir, { recursive: true })
  const broken = path.join(dir, '99990101000000_broken')
  await (await import('node:fs/promises')).mkdir(broken)
  await writeFile(path.join(broken, 'migration.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n')
  await t.rejects(migrate(url, { dir }), { message: /migration 99990101000000_broken failed and was rolled back: .*no_such_table/ })
  const tables = await rows(url, "SELECT to_regclass('half_done') AS t")
  t.equal(tables[0].t, null, 'its first statement was rolled back too')
  const recorded = await rows(url, `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE migration_name = '99990101000000_broken'`)
  t.equal(recorded[0].n, 0)
})

t.test('up to a migration applies that one and those before it, and a later run the rest', async (t) => {
  const url = await emptyDatabase(t)
  const files = await readMigrationFiles()
  const third = files[2]!.name
  const first = await migrate(url, { upTo: third })
  t.same(
    first.applied,
    files.slice(0, 3).map((f) => f.name),
    'the first three',
  )
  t.same(await migrate(url, { upTo: third }), { applied: [], alreadyApplied: 3 }, 'a second run to the same one applies nothing')
  const rest = await migrate(url)
  t.same(
    rest.applied,
    files.slice(3).map((f) => f.name),
    'then the rest, in order',
  )
  t.same((await migrate(url, { upTo: third })).applied, [], 'a database past the one named is left as it is')
  await t.rejects(migrate(url, { upTo: '99990101000000_unknown' }), { message: /no migration 99990101000000_unknown in this code/ })
})
