// `npm start`: the build step, then the compiled server, in one process. The build step was npm's
// prestart, a node of its own: starting it cost about 60 ms of a warm start's second (#32), to
// find that nothing had changed. The server's process now asks that itself (a stat() of each
// input, scripts/build-if-changed.mjs) and loads dist/server.js; only when something may have
// changed does it run the build as before, in a child, so the compiler's modules never sit in
// the server's memory.
//
// .env is read here, before dist/ loads: in the bundle, the chunks dist/server.js imports run
// before its own `import 'dotenv/config'`, and a package that reads the environment as it loads
// (DEBUG, NODE_DEBUG) must see what .env sets.
import 'dotenv/config'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { upToDateByStat } from './build-if-changed.mjs'

const root = path.resolve(import.meta.dirname, '..')

/** The build in a child; a signal meant for the server (an operator's Ctrl-C) reaches it too. */
function build() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'build-if-changed.mjs')], { cwd: root, stdio: 'inherit' })
    const forward = (signal) => child.kill(signal)
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward)
    child.once('error', (error) => {
      console.error(`[start] the build could not run: ${error.message}`)
      resolve(1)
    })
    child.once('exit', (code) => {
      for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, forward)
      resolve(code ?? 1)
    })
  })
}

if (upToDateByStat(root)) console.error('[start] dist/ is up to date with src/ (checked by stat); nothing to compile')
else {
  const code = await build()
  if (code !== 0) process.exit(code)
}
await import(pathToFileURL(path.join(root, 'dist/server.js')).href)
