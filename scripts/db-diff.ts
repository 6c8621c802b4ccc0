// `npm run db:diff -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that brings the existing migrations up to prisma/schema.prisma.
// `npm run db:diff -- --check` only reports drift (exit 1 when there is some).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { diffMigrationsToSchema, readMigrations } from './lib/schema-diff.ts'

const root = path.resolve(import.meta.dirname, '..')
const migrationsDir = path.join(root, 'prisma/migrations')
const arg = process.argv[2]
if (!arg) {
  console.error('usage: npm run db:diff -- <migration_name>   (or --check)')
  process.exit(2)
}
const schema = await readFile(path.join(root, 'prisma/schema.prisma'), 'utf8')
const sql = await diffMigrationsToSchema(await readMigrations(migrationsDir), schema)
if (arg === '--check') {
  if (sql) {
    console.error('prisma/schema.prisma and prisma/migrations differ; the missing SQL is:\n' + sql)
    process.exit(1)
  }
  console.log('No drift: the migrations produce exactly prisma/schema.prisma.')
  process.exit(0)
}
if (!/^[a-z0-9_]+$/.test(arg)) {
  console.error(`migration name "${arg}" must be lower-case letters, digits and underscores`)
  process.exit(2)
}
if (!sql) {
  console.log('Nothing to do: the migrations already match prisma/schema.prisma.')
  process.exit(0)
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
const dir = path.join(migrationsDir, `${stamp}_${arg}`)
await mkdir(dir, { recursive: true })
await writeFile(path.join(dir, 'migration.sql'), sql)
console.log(`Wrote ${path.relative(root, dir)}/migration.sql; review it, then run npm run db:migrate.`)
