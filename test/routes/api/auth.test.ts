import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'

t.test('register, log in, and read /api/me', async (t) => {
  const app = await buildTestApp(t)
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'Ana@Example.com', password: 's3cret-enough', displayName: 'Ana', locale: 'es', timeZone: 'America/Bogota' },
  })
  t.equal(reg.statusCode, 201)
  t.match(reg.json(), { token: String, user: { email: 'ana@example.com', displayName: 'Ana', locale: 'es', timeZone: 'America/Bogota' } })

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ANA@example.com', password: 's3cret-enough' } })
  t.equal(login.statusCode, 200)
  const { token } = login.json()

  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
  t.equal(me.statusCode, 200)
  t.match(me.json(), { id: reg.json().user.id, email: 'ana@example.com', locale: 'es' })
  t.notOk('passwordHash' in me.json(), 'never leaks the password hash')
})

t.test('wrong password and unknown email are both 401 with one message', async (t) => {
  const app = await buildTestApp(t)
  await register(app, 'ben@example.com')
  const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ben@example.com', password: 'not the password' } })
  const unknown = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'whatever!' } })
  t.equal(wrong.statusCode, 401)
  t.same(wrong.json().error, { code: 'auth/invalid_credentials', message: 'Wrong email or password' })
  t.same(unknown.json(), wrong.json())
})

t.test('duplicate email is 409, case-insensitively, and stores nothing', async (t) => {
  const app = await buildTestApp(t)
  await register(app, 'chloe@example.com')
  const dup = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'CHLOE@Example.COM', password: 'another-password', displayName: 'Imposter' },
  })
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error.code, 'auth/email_taken')
  t.equal(await app.prisma.user.count(), 1)
})

t.test('malformed bodies get 400 in the error shape and store nothing', async (t) => {
  const app = await buildTestApp(t)
  const cases: [string, unknown, string | undefined][] = [
    ['missing password', { email: 'x@example.com', displayName: 'X' }, 'application/json'],
    ['bad email', { email: 'not-an-email', password: 'longenough', displayName: 'X' }, 'application/json'],
    ['short password', { email: 'x@example.com', password: 'short', displayName: 'X' }, 'application/json'],
    ['unknown field', { email: 'x@example.com', password: 'longenough', displayName: 'X', admin: true }, 'application/json'],
    ['wrong type', { email: 42, password: 'longenough', displayName: 'X' }, 'application/json'],
    ['bad locale', { email: 'x@example.com', password: 'longenough', displayName: 'X', locale: 'fr' }, 'application/json'],
    ['bad time zone', { email: 'x@example.com', password: 'longenough', displayName: 'X', timeZone: 'Mars/Olympus' }, 'application/json'],
    ['blank name', { email: 'x@example.com', password: 'longenough', displayName: '   ' }, 'application/json'],
    ['not JSON', '{"email":', 'application/json'],
  ]
  for (const [name, payload, type] of cases) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: type ? { 'content-type': type } : {},
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })
    t.equal(res.statusCode, 400, `${name}: 400`)
    const body = res.json()
    t.match(body, { error: { code: String, message: String } }, `${name}: error shape`)
    t.notOk(/at .*\.ts:\d+/.test(res.body), `${name}: no stack trace`)
  }
  t.equal(await app.prisma.user.count(), 0)
})

t.test('/api/me without or with a bad token is 401', async (t) => {
  const app = await buildTestApp(t)
  const none = await app.inject({ method: 'GET', url: '/api/me' })
  t.equal(none.statusCode, 401)
  t.equal(none.json().error.code, 'auth/unauthenticated')
  const forged = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' } })
  t.equal(forged.statusCode, 401)
})

t.test('a token verified before is refused once its signature is changed, and after logout', async (t) => {
  const app = await buildTestApp(t)
  const { token } = await register(app, 'eva@example.com')
  const me = (authorization: string) => app.inject({ method: 'GET', url: '/api/me', headers: { authorization } })
  t.equal((await me(`Bearer ${token}`)).statusCode, 200, 'verified, and remembered as verified')
  // A character inside the signature (the last one carries bits no byte uses).
  const swapped = token.at(-5) === 'A' ? 'B' : 'A'
  const forged = await me(`Bearer ${token.slice(0, -5)}${swapped}${token.slice(-4)}`)
  t.equal(forged.statusCode, 401, 'the same claims under another signature are verified again')
  t.equal(forged.json().error.code, 'auth/unauthenticated')
  t.equal((await me(`Bearer ${token}`)).statusCode, 200)
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode, 204)
  const after = await me(`Bearer ${token}`)
  t.equal(after.statusCode, 401, 'a remembered signature does not outlive the login')
  t.equal(after.json().error.code, 'auth/session_ended')
})

t.test('an expired token is refused with auth/token_expired', async (t) => {
  const app = await buildTestApp(t, { jwtExpiresIn: '1s' })
  const { user } = await register(app, 'dora@example.com')
  // A token whose time ran out a minute ago, instead of waiting for one to run out.
  const token = app.jwt.sign({ ...(await app.accounts.claims(user.id)), iat: Math.floor(Date.now() / 1000) - 120, exp: Math.floor(Date.now() / 1000) - 60 })
  const res = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
  t.equal(res.statusCode, 401)
  t.equal(res.json().error.code, 'auth/token_expired')
})

t.test('login is rate-limited per account and place, with RateLimit and Retry-After headers (#31 item 6)', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 3 })
  await register(app, 'fay@example.com')
  const attempt = (email = 'e@example.com', password = 'guessing') => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  const first = await attempt()
  t.equal(first.statusCode, 401)
  t.equal(first.headers['ratelimit-limit'], '3', 'RateLimit-Limit')
  t.equal(first.headers['ratelimit-remaining'], '2', 'RateLimit-Remaining')
  t.ok(Number(first.headers['ratelimit-reset']) > 0, 'RateLimit-Reset')
  for (let i = 0; i < 2; i++) t.equal((await attempt()).statusCode, 401)
  const limited = await attempt('E@Example.com ')
  t.equal(limited.statusCode, 429, 'the same account, however written, is limited')
  t.equal(limited.json().error.code, 'request/rate_limited')
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
  t.equal((await attempt('fay@example.com', 'correct horse battery')).statusCode, 200, "another account's login from the same place is not locked out")
  // Many addresses from one place: the looser per-place ceiling (10 × the limit) stops them.
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) statuses.push((await attempt(`spray-${i}@example.com`)).statusCode)
  t.ok(statuses.includes(429), 'spraying addresses from one place meets the ceiling')
  t.ok(
    statuses.slice(0, 20).every((s) => s === 401),
    'but not before 10 × the limit',
  )
})

t.test('a limit the service counts itself (invitation mails a day) says how long to wait', async (t) => {
  const app = await buildTestApp(t)
  const { token } = await register(app, 'gm-limit@example.com')
  const auth = { authorization: `Bearer ${token}` }
  const id = (await app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { name: 'L', mapId: 'coast-7' } })).json().id
  let last = await app.inject({ method: 'POST', url: `/api/campaigns/${id}/invitations`, headers: auth, payload: { email: 'x@example.com' } })
  for (let i = 0; i < 3 && last.statusCode !== 429; i++)
    last = await app.inject({ method: 'POST', url: `/api/campaigns/${id}/invitations`, headers: auth, payload: { email: 'x@example.com' } })
  t.equal(last.statusCode, 429)
  t.equal(last.json().code, 'invitation/too_many_to_address')
  const wait = Number(last.headers['retry-after'])
  t.ok(wait > 86_000 && wait <= 86_400, `Retry-After: the rest of the day the limit counts (${wait} s)`)
  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  t.ok(document.paths['/api/auth/login'].post.responses['429'].headers['Retry-After'], 'the document: Retry-After on the 429')
  t.ok(document.paths['/api/auth/login'].post.responses['200'].headers['RateLimit-Remaining'], 'and RateLimit-* on the 200')
})
