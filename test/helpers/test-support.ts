// Shared by the test runner (scripts/test.ts), the test helpers and benches:
// a free port and a database cloned from a migrated template.
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import pg from 'pg'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

export async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

export async function cloneDatabase(adminUrl: string, template: string, prefix = 't'): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  // CREATE DATABASE … TEMPLATE fails while another session is connected to the
  // template; parallel test files can collide there, so retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`)
      break
    } catch (error) {
      if (attempt > 20 || !/being accessed by other users/.test((error as Error).message)) throw error
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
    }
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => {}),
  }
}
