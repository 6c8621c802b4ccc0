// The build's last step (scripts/build-if-changed.mjs), after tsc and scripts/vendor-packages.mjs:
// dist/'s own modules, one per source, are bundled by esbuild into the files Node is asked to
// load by name (dist/server.js and every module under the folders app.ts autoloads) and the
// chunks they share (dist/chunks/). Why (#32): Node's loader resolves, reads, compiles and links
// each of the 300 modules on its own; a warm start spent about a sixth of its time on that.
//
// What bundling could change, and why it does not here:
// - which modules autoload finds: every file under AUTOLOADED stays where it was, under its name,
//   exporting what it exported (checked below against tsc's output in a child process);
// - one copy of each module: esbuild's code splitting puts a module imported by several entries
//   in one shared chunk, so module state (caches, singletons) is still made once;
// - paths found from a module's place: import.meta.url, filename and dirname are, in each bundled
//   module, those its own compiled file had (anything else of import.meta stops the bundling),
//   found relative to where the output lands, so dist/ may still move;
// - the packages: dist/vendor/ (already bundled) and node_modules are imported as before,
//   with paths rewritten relative to each output file.
// If esbuild is missing, fails, or the check finds a difference, dist/ is left as tsc wrote it
// (slower, the same code): the build never fails for want of bundling.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { VENDOR_DIR } from './vendor-packages.mjs'

/** The folders src/app.ts hands to @fastify/autoload: each of their files stays a module of its own. */
export const AUTOLOADED = ['plugins', 'routes']
export const CHUNKS_DIR = 'chunks'
const STAGING = 'dist.bundle'
/** Replaced, in each output file, by the way from that file up to dist/. */
const UP = '__ww_up_to_dist__/'
const BANNER = [
  "import { fileURLToPath as __wwFileURLToPath } from 'node:url'",
  `const __wwDistUrl = (rel) => new URL(${JSON.stringify(UP)} + rel, import.meta.url)`,
  // No trailing slash, as Node's own import.meta.dirname of a module at the top of dist/.
  "const __wwDistPath = (rel) => __wwFileURLToPath(__wwDistUrl(rel)).replace(/(.)\\/$/, '$1')",
].join('\n')

const ownFiles = (dist) =>
  readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .filter((f) => path.relative(dist, f).split(path.sep)[0] !== VENDOR_DIR && !path.basename(f).startsWith('.'))

/** dist/server.js and the autoloaded modules, by their path in dist/ without extension. */
function entriesOf(dist, files) {
  const entries = {}
  for (const file of files) {
    const rel = path.relative(dist, file)
    if (rel === 'server.js' || (AUTOLOADED.includes(rel.split(path.sep)[0]) && rel.endsWith('.js'))) entries[rel.slice(0, -'.js'.length)] = file
  }
  return entries
}

function place(dist) {
  const vendor = path.join(dist, VENDOR_DIR)
  return {
    name: 'in-place',
    setup(build) {
      // The vendored packages are imported from dist/vendor/ by a path each output file gets right below.
      build.onResolve({ filter: new RegExp(`(^|/)${VENDOR_DIR}/`) }, (args) => {
        const at = path.resolve(args.resolveDir, args.path)
        return at.startsWith(vendor + path.sep) ? { path: at, external: true } : undefined
      })
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(dist + path.sep)) return undefined
        const code = readFileSync(args.path, 'utf8')
        if (!code.includes('import.meta')) return undefined
        const other = /\bimport\.meta\b(?!\.(url|filename|dirname)\b)/.exec(code)
        if (other) throw new Error(`${path.relative(dist, args.path)} uses import.meta beyond its url, filename and dirname`)
        const file = JSON.stringify(path.relative(dist, args.path).split(path.sep).join('/'))
        const folder = JSON.stringify(path.relative(dist, path.dirname(args.path)).split(path.sep).join('/'))
        const contents = code
          .replace(/\bimport\.meta\.url\b/g, `String(__wwDistUrl(${file}))`)
          .replace(/\bimport\.meta\.filename\b/g, `__wwDistPath(${file})`)
          .replace(/\bimport\.meta\.dirname\b/g, `__wwDistPath(${folder})`)
        return { contents, loader: 'js' }
      })
    },
  }
}

/** A path from one output file's folder, in import syntax. */
const relative = (from, to) => {
  const rel = path.relative(from, to).split(path.sep).join('/')
  return rel.startsWith('.') ? rel : `./${rel}`
}

/** The export names of each module, as Node sees them. */
function exportNames(root, files) {
  const code = `const out = {}
    for (const f of ${JSON.stringify(files.map((f) => pathToFileURL(f).href))}) out[f] = Object.keys(await import(f)).sort()
    console.log(JSON.stringify(out))
    process.exit(0)`
  // The exit above, and this timeout, for a module that leaves a timer or a socket open when it loads.
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  })
  return Object.values(JSON.parse(output))
}

/** Bundles dist/'s own modules in place; returns what it did, for the build's log. Throws only when it fails halfway through replacing dist/'s files. */
export async function bundleApp(root, log = (m) => console.error(m)) {
  const dist = path.join(root, 'dist')
  const staging = path.join(root, STAGING)
  let esbuild
  try {
    esbuild = await import(pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('esbuild')).href)
  } catch {
    log("[build] esbuild is not installed: dist/'s own modules are loaded one file at a time")
    return { modules: 0 }
  }
  const files = ownFiles(dist)
  const modules = files.filter((f) => f.endsWith('.js'))
  const entries = entriesOf(dist, files)
  rmSync(staging, { recursive: true, force: true })
  let swapping = false
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: entries,
      outdir: dist,
      chunkNames: `${CHUNKS_DIR}/[name]-[hash]`,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      target: `node${process.versions.node.split('.')[0]}`,
      // Linked maps from tsc's: a stack trace under --enable-source-maps still names the TypeScript line.
      sourcemap: 'linked',
      write: false,
      banner: { js: BANNER },
      plugins: [place(dist)],
      logLevel: 'silent',
    })
    const vendor = path.join(dist, VENDOR_DIR)
    for (const file of result.outputFiles) {
      const rel = path.relative(dist, file.path)
      const folder = path.dirname(file.path)
      let text = file.text
      if (rel.endsWith('.js')) {
        const up = path.relative(folder, dist).split(path.sep).join('/')
        text = text.replaceAll(UP, up ? `${up}/` : './').replaceAll(`"${vendor}/`, `"${relative(folder, vendor)}/`)
      }
      mkdirSync(path.join(staging, path.dirname(rel)), { recursive: true })
      writeFileSync(path.join(staging, rel), text)
    }
    // The staged copy runs beside dist/, at the same depth: it reaches the vendored packages and
    // the project's folders as dist/ will.
    symlinkSync(vendor, path.join(staging, VENDOR_DIR))
    const autoloaded = Object.entries(entries).filter(([name]) => name !== 'server')
    const before = exportNames(
      root,
      autoloaded.map(([, file]) => file),
    )
    const after = exportNames(
      root,
      autoloaded.map(([name]) => path.join(staging, `${name}.js`)),
    )
    const differs = autoloaded.findIndex((_, i) => JSON.stringify(before[i]) !== JSON.stringify(after[i]))
    if (differs >= 0) throw new Error(`${autoloaded[differs][0]}.js would export ${after[differs]} instead of ${before[differs]}`)
    rmSync(path.join(staging, VENDOR_DIR))
    // tsc's files out, the bundle's in. From here a failure leaves dist/ half made: it fails the
    // build (no stamp is written, so the next start builds again) instead of passing for a fallback.
    swapping = true
    for (const file of files) rmSync(file)
    for (const folder of readdirSync(dist, { withFileTypes: true }))
      if (folder.isDirectory() && folder.name !== VENDOR_DIR && !folder.name.startsWith('.')) removeEmpty(path.join(dist, folder.name))
    for (const file of readdirSync(staging, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
      const rel = path.relative(staging, path.join(file.parentPath ?? file.path, file.name))
      mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true })
      renameSync(path.join(staging, rel), path.join(dist, rel))
    }
    const bundled = result.outputFiles.filter((f) => f.path.endsWith('.js')).length
    return { modules: modules.length, bundled }
  } catch (error) {
    if (swapping) throw error
    const first = error?.errors?.[0]
    // A plugin's own error (ours above) names its file in its text; its location would be esbuild's.
    const where = first?.location && !first.pluginName ? `: ${first.location.file}` : ''
    const why = first ? `${first.text}${where}` : (error?.message ?? String(error)).split('\n')[0]
    log(`[build] dist/'s own modules could not be bundled (${why}); they are loaded one file at a time`)
    return { modules: 0 }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

function removeEmpty(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) if (entry.isDirectory()) removeEmpty(path.join(folder, entry.name))
  if (readdirSync(folder).length === 0) rmdirSync(folder)
}
