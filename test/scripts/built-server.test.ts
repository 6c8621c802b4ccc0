// What `npm start` runs is dist/, not src/: the build's tsc, its vendored packages and its
// bundle of src/'s own modules (scripts/bundle-app.mjs) must serve what the sources serve. The
// built server is started as npm start starts it, on a database of its own, and asked for the
// pages and API calls that need each kind of file it finds from its own place: views and their
// catalogues, the rule books and guide (docs/), the migrations, the scripts the pages ship, and
// every autoloaded plugin and route.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { testEnv } from '../helpers/db.ts'
import { cloneDatabase } from '../helpers/test-support.ts'

const root = path.resolve(import.meta.dirname, '../..')

t.test('the built server migrates, seeds and serves pages, rule books and the API from its bundle', async (t) => {
  // npm ci built dist/ (postinstall); this builds it again only if the sources changed since.
  const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: root, encoding: 'utf8' })
  t.equal(build.status, 0, build.stderr)
  t.ok(existsSync(path.join(root, 'dist/chunks')), "src/'s modules are bundled, with their shared chunks")
  t.notOk(existsSync(path.join(root, 'dist/services')), 'no file a source under dist/services/')

  // An empty database: the built server must find and apply every migration itself.
  const database = await cloneDatabase(testEnv().adminUrl, 'template0')
  t.teardown(database.drop)
  const url = database.url
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const [node, ...args] = scripts.start.split(' ')
  t.equal(node, 'node')
  let output = ''
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      // Port 0: the server binds a free one itself and says which; a port picked here could be taken before it binds.
      PORT: '0',
      DATABASE_URL: url,
      DATA_DIR: path.join(root, '.data/built-server-test'),
      JWT_SECRET: 'a-secret-of-the-built-server-test-only',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SCHEDULER: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  t.teardown(async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  })
  const until = Date.now() + 60_000
  let base = ''
  for (;;) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the built server did not answer /health:\n${output}`)
    const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
    if (!listening) {
      await new Promise((r) => setTimeout(r, 100))
      continue
    }
    base = listening[1]!
    const ok = await fetch(`${base}/health`).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  t.match(output, /applied \d+ migration\(s\)/, 'the migrations were found from dist/')
  const campaignId = /\/campaigns\/([0-9a-f-]{36})/.exec(output)?.[1]
  t.ok(campaignId, `the demo was seeded:\n${output}`)

  const page = async (address: string, language = 'en') => {
    const res = await fetch(`${base}${address}`, { headers: { 'accept-language': language } })
    return { status: res.status, text: await res.text() }
  }
  const home = await page('/')
  t.equal(home.status, 200)
  t.match(home.text, /<html lang="en"/, "the home page is drawn from the views with its language's catalogue")
  t.match((await page('/', 'es')).text, /<html lang="es"/)
  const campaign = await page(`/campaigns/${campaignId}`)
  t.equal(campaign.status, 200)
  t.match(campaign.text, /<svg/, "the campaign's map is drawn")
  for (const address of ['/rules', '/guide', '/login', '/docs/json']) t.equal((await page(address)).status, 200, `${address} is served`)
  const shipped = [...home.text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!)
  for (const src of shipped) t.equal((await page(src)).status, 200, `the page's script ${src} is served`)

  // An account and a login: the API's validators and serializers.
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'built@example.com', password: 'a long enough passphrase', displayName: 'Built' }),
  })
  t.equal(register.status, 201)
  const refused = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":1}' })
  t.equal(refused.status, 400, 'a body that breaks the schema is refused')
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gm@demo.weekdaywars.test', password: 'weekday-demo' }),
  })
  t.equal(login.status, 200)
  const { token } = (await login.json()) as { token: string }
  const state = await fetch(`${base}/api/campaigns/${campaignId}`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(state.status, 200)
  t.notMatch(output, /request failed|Error:/, `no request failed:\n${output}`)
  child.kill('SIGTERM')
  t.equal(await exited, 0, 'it stops cleanly')
  t.ok(readdirSync(path.join(root, 'dist')).includes('server.js'))
})
