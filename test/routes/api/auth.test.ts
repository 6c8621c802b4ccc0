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

t.test('an expired token is refused with auth/token_expired', async (t) => {
  const app = await buildTestApp(t, { jwtExpiresIn: '1s' })
  const { user } = await register(app, 'dora@example.com')
  // A token whose time ran out a minute ago, instead of waiting for one to run out.
  const token = app.jwt.sign({ ...(await app.accounts.claims(user.id)), iat: Math.floor(Date.now() / 1000) - 120, exp: Math.floor(Date.now() / 1000) - 60 })
  const res = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
  t.equal(res.statusCode, 401)
  t.equal(res.json().error.code, 'auth/token_expired')
})

t.test('login is rate-limited per client', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 3 })
  const attempt = () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'e@example.com', password: 'guessing' } })
  for (let i = 0; i < 3; i++) t.equal((await attempt()).statusCode, 401)
  const limited = await attempt()
  t.equal(limited.statusCode, 429)
  t.equal(limited.json().error.code, 'request/rate_limited')
})
