// `npm run test:quick`, the inner loop: the pure tests (engine, lib, faces, and the checks of the
// catalogue and the README) batched as `npm test` batches them (scripts/test-batches.ts), with a
// third of the random campaigns (WW_PLAYOUTS=0.34 unless set), no database and no coverage.
// Arguments go to tap. A process a file, as tap alone runs them, took 120 s on these 2 cores; batched, 49 s.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { isPure, plan } from './test-batches.ts'

const root = path.resolve(import.meta.dirname, '..')
const dir = path.join(root, '.tap', `batches-${process.pid}`)
let status = 1
try {
  const { files } = plan(root, dir, (file) => isPure(root, file))
  const env = { ...process.env, WW_PLAYOUTS: process.env.WW_PLAYOUTS ?? '0.34' }
  status = spawnSync(path.join(root, 'node_modules/.bin/tap'), [...process.argv.slice(2), ...files], { cwd: root, env, stdio: 'inherit' }).status ?? 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
process.exit(status)
