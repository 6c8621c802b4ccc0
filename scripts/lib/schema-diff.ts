// Offline stand-in for `prisma migrate diff`: the Prisma schema engine compiled
// to WebAssembly, run against an in-memory PGlite as its scratch (shadow)
// database. The CLI's native engine would have to be downloaded, which these
// machines cannot do. Development only: the service never loads this.
import { readFile, readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils'

const require = createRequire(import.meta.url)

interface DiffResult {
  exitCode: number
  stdout: string | null
}
interface Engine {
  diff(params: unknown): Promise<DiffResult>
  free(): void
}

interface Bindings {
  SchemaEngine: { ['new']: (o: unknown, log: (m: string) => void, adapter: object) => Promise<Engine> }
}
// TypeScript's node typings leave out the WebAssembly global.
declare const WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }> }

let bindings: Promise<Bindings> | undefined

function loadBindings() {
  // Node 20 cannot `import` a .wasm file, so instantiate it by hand with its JS glue.
  bindings ??= (async () => {
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')
    const glue = await import(gluePath)
    const dir = path.dirname(gluePath)
    const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'))
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue })
    glue.__wbg_set_wasm(instance.exports)
    ;(instance.exports as { __wbindgen_start: () => void }).__wbindgen_start()
    return glue as Bindings
  })()
  return bindings
}

export interface MigrationSource {
  name: string
  sql: string
}

export async function readMigrations(dir: string): Promise<MigrationSource[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name, 'migration.sql'), 'utf8') })))
}

/**
 * SQL that takes a database built by `migrations` to the shape `schema` describes.
 * Returns '' when they already agree (no drift).
 */
export async function diffMigrationsToSchema(migrations: MigrationSource[], schema: string): Promise<string> {
  const { SchemaEngine } = await loadBindings()
  const pglite = new PGlite()
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite) as never)
  const files = [{ path: 'schema.prisma', content: schema }]
  const engine = await SchemaEngine.new({ datamodels: [['schema.prisma', schema]] }, () => {}, adapter)
  try {
    const from =
      migrations.length === 0
        ? { tag: 'empty' }
        : {
            tag: 'migrations',
            baseDir: '/migrations',
            lockfile: { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' },
            shadowDbInitScript: '',
            migrationDirectories: migrations.map((m) => ({
              path: m.name,
              migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.sql } },
            })),
          }
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    })
    return result.exitCode === 0 ? '' : (result.stdout ?? '')
  } finally {
    engine.free()
    await pglite.close()
  }
}
