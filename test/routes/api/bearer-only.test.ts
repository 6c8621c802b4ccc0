// Every operation the document says needs a token answers 401 without one (#31 item 5): a
// bearer-only read must not answer an empty list to a caller who forgot to log in.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'

type Operation = { security?: Record<string, string[]>[] }

t.test('without a token, every bearer-only operation answers 401 with the error shape', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> }
  const uuid = '00000000-0000-4000-8000-000000000000'
  let checked = 0
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const bearerOnly = operation.security?.length === 1 && 'bearerAuth' in operation.security[0]!
      if (!bearerOnly) continue
      const url = path.replace(/\{[^}]+\}/g, uuid)
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url, payload: method === 'get' || method === 'delete' ? undefined : {} })
      t.equal(res.statusCode, 401, `${method.toUpperCase()} ${path}: 401${res.statusCode === 401 ? '' : ` (got ${res.statusCode} ${res.body.slice(0, 120)})`}`)
      if (res.statusCode === 401) t.match(res.json(), { error: { code: String, message: String } })
      checked++
    }
  }
  t.ok(checked > 30, `${checked} bearer-only operations`)
})

t.test('an empty path parameter is a 404, not the list one level up', async (t) => {
  const app = await buildTestApp(t)
  const res = await app.inject({ method: 'GET', url: '/api/campaigns/00000000-0000-4000-8000-000000000000/scenes/' })
  t.equal(res.statusCode, 404)
  t.equal(res.json().error.code, 'not_found')
  t.equal(
    (await app.inject({ method: 'GET', url: '/campaigns/' })).statusCode,
    (await app.inject({ method: 'GET', url: '/campaigns' })).statusCode,
    'pages keep their slash-blind addresses',
  )
})
