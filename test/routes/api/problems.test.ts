// Errors as RFC 9457 problems and a 405 for a wrong method (#31): what a generic HTTP client
// understands without reading our docs, keeping the members our clients already read.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'

t.test('an API error is application/problem+json with RFC 9457 members and the API code, message and rule', async (t) => {
  const app = await buildTestApp(t)
  const { token } = await register(app, 'problem@example.com')
  const created = await app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'P', mapId: 'coast-3' },
  })
  const id = created.json().id as string
  const cases = [
    { what: 'a rule refusal', method: 'POST', url: `/api/campaigns/${id}/orders`, payload: { order: { type: 'endTurn' } }, status: 409 },
    { what: 'a schema refusal', method: 'POST', url: '/api/campaigns', payload: { name: 7 }, status: 400 },
    { what: 'no such campaign', method: 'GET', url: '/api/campaigns/00000000-0000-4000-8000-000000000000', payload: undefined, status: 404 },
    { what: 'no such route', method: 'GET', url: '/api/nowhere', payload: undefined, status: 404 },
  ] as const
  for (const c of cases) {
    const res = await app.inject({ method: c.method, url: c.url, payload: c.payload, headers: { authorization: `Bearer ${token}` } })
    t.match(res.headers['content-type'], /^application\/problem\+json/, `${c.what}: problem+json`)
    const body = res.json()
    t.equal(body.status, res.statusCode, `${c.what}: status member = HTTP status`)
    t.equal(body.type, 'about:blank')
    t.type(body.title, 'string')
    t.equal(body.detail, body.message, `${c.what}: detail is the message`)
    t.same(body.error, { code: body.code, message: body.message, ...(body.rule ? { rule: body.rule } : {}) }, `${c.what}: the earlier error object too`)
    t.match(body.code, /^[a-z_]+(\/[a-z_]+)?$/, `${c.what}: a namespaced code (${body.code})`)
  }
  const page = await app.inject({ method: 'GET', url: '/campaigns/00000000-0000-4000-8000-000000000000', headers: { accept: 'text/html' } })
  t.notMatch(page.headers['content-type'], /problem/, 'pages keep their own error pages')
})

t.test('a known path with a method it does not take: 405 with Allow', async (t) => {
  const app = await buildTestApp(t)
  const res = await app.inject({ method: 'DELETE', url: '/api/campaigns/00000000-0000-4000-8000-000000000000/state' })
  t.equal(res.statusCode, 405)
  t.match(res.headers.allow, /GET/)
  t.notMatch(res.headers.allow, /DELETE/)
  t.equal(res.json().code, 'request/method_not_allowed')
  const put = await app.inject({ method: 'PUT', url: '/api/me' })
  t.equal(put.statusCode, 405)
  t.match(put.headers.allow, /GET/)
  t.match(put.headers.allow, /PATCH/)
  t.equal((await app.inject({ method: 'GET', url: '/api/no/such/thing' })).statusCode, 404, 'an unknown path stays 404')
})
