// The migrations folder and prisma/schema.prisma must describe the same database.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import t from 'tap'
import { diffMigrationsToSchema, readMigrations } from '../../scripts/lib/schema-diff.ts'
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts'

const schemaPath = path.resolve(import.meta.dirname, '../../prisma/schema.prisma')

t.test('the migrations produce exactly schema.prisma (no drift)', async (t) => {
  const sql = await diffMigrationsToSchema(await readMigrations(MIGRATIONS_DIR), await readFile(schemaPath, 'utf8'))
  t.equal(sql, '', sql ? `run npm run db:diff -- <name>; missing SQL:\n${sql}` : 'no drift')
})

t.test('the drift check catches a schema the migrations do not build', async (t) => {
  const schema = await readFile(schemaPath, 'utf8')
  const drifted = schema.replace(/model User \{/, 'model User {\n  nickname String?')
  t.not(drifted, schema, 'the fixture really changed the schema')
  const sql = await diffMigrationsToSchema(await readMigrations(MIGRATIONS_DIR), drifted)
  t.match(sql, /ALTER TABLE "users" ADD COLUMN\s+"nickname" TEXT/)
})
