// `npm start`: the build step, then the compiled server, in one process. The build step was npm's
// prestart, a node of its own: starting it cost about 60 ms of a warm start's second (#32), to
// find that nothing had changed. The server's process now asks that itself (a stat() of each
// input, scripts/build-if-changed.mjs) and loads dist/server.js; only when something may have
// changed does it run the build as before, in a child, so the compiler's modules never sit in
// the server's memory.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { upToDateByStat } from './build-if-changed.mjs'

const root = path.resolve(import.meta.dirname, '..')
if (upToDateByStat(root)) {
  console.error('[build] dist/ is up to date with src/; nothing to compile')
} else {
  const build = spawnSync(process.execPath, [path.join(import.meta.dirname, 'build-if-changed.mjs')], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
await import(pathToFileURL(path.join(root, 'dist/server.js')).href)
