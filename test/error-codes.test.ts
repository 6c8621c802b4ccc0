// No error code goes untested: every code the service can answer with (AppError
// in src/, the engine's refusals and map problems) is named by some test, which
// provokes it and checks it (the route ones in test/routes/api/route-errors.test.ts, the
// engine's in test/games/weekday/refusals.test.ts and the rule tests).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import t from 'tap'

const root = path.resolve(import.meta.dirname, '..')

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true })
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.includes('/generated/'))
}

const CODE = "'([a-z_]+/[a-z_]+)'"
const THROWN = [new RegExp(`AppError\\(\\s*\\d{3},\\s*${CODE}`, 'g'), new RegExp(`reject\\(\\s*${CODE}`, 'g'), new RegExp(`code: ${CODE}`, 'g')]

t.test('every error code in src/ is named by a test', async (t) => {
  const codes = new Map<string, string>()
  for (const file of await sources('src')) {
    const text = await readFile(file, 'utf8')
    for (const re of THROWN) for (const m of text.matchAll(re)) codes.set(m[1]!, path.relative(root, file))
  }
  t.ok(codes.size > 100, `found ${codes.size} codes (the scan works)`)
  const tests = (await Promise.all((await sources('test')).filter((f) => !f.endsWith('error-codes.test.ts')).map((f) => readFile(f, 'utf8')))).join('\n')
  const untested = [...codes].filter(([code]) => !tests.includes(`'${code}'`) && !tests.includes(`"${code}"`)).map(([code, file]) => `${code} (${file})`)
  t.same(untested, [], 'codes no test names')
})
