// Conditional reads (#31 item 6): a bot polling sends back the ETag it got and is answered 304,
// with no body, until something changed; after an order it gets the new body and a new tag.
// fetch, which sends Cache-Control: no-cache with every If-None-Match, gets the 304 too (#50).
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { call, mondayGame } from '../../helpers/campaign.ts'

t.test('state, events, options, economy and dice answer 304 to a matching If-None-Match, and 200 once something changed', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  const base = `/api/campaigns/${table.id}`
  const get = (url: string, headers: Record<string, string> = {}, token: string | null = ana) =>
    app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } })
  const reads = [`${base}/state`, `${base}/events?after=0&limit=50`, `${base}/options`, `${base}/economy`, `${base}/dice/1`, base]
  const tags = new Map<string, string>()
  for (const url of reads) {
    const first = await get(url)
    t.equal(first.statusCode, 200, `${url}: 200`)
    const tag = first.headers.etag as string
    t.match(tag, /^"[^"]+"$/, `${url}: a strong ETag`)
    t.match(first.headers['cache-control'], /private/, `${url}: private to this reader`)
    const again = await get(url, { 'if-none-match': tag })
    t.equal(again.statusCode, 304, `${url}: 304 with its own tag`)
    t.equal(again.body, '', `${url}: and no body`)
    t.equal((await get(url, { 'if-none-match': `"other", ${tag}` })).statusCode, 304, `${url}: a list holding the tag`)
    t.equal((await get(url, { 'if-none-match': '"stale"' })).statusCode, 200, `${url}: 200 with another tag`)
    tags.set(url, tag)
  }
  const order = await call(app, ana, 'POST', `${base}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(order.status, 200)
  for (const url of [`${base}/state`, `${base}/events?after=0&limit=50`, `${base}/options`, `${base}/economy`]) {
    const after = await get(url, { 'if-none-match': tags.get(url)! })
    t.equal(after.statusCode, 200, `${url}: changed by the order, so 200`)
    t.not(after.headers.etag, tags.get(url), `${url}: with a new tag`)
  }
  const ben = await get(`${base}/state`, {}, table.players.ben!.token)
  t.not(ben.headers.etag, (await get(`${base}/state`)).headers.etag, "another tribe's reader has another body, so another tag")
  t.match(ben.headers.vary, /Authorization.*Cookie.*Accept-Language/, 'Vary names what the tag depends on')

  // #50: fetch adds Cache-Control: no-cache to a request with If-None-Match; the origin's tag decides all the same.
  await app.listen({ host: '127.0.0.1', port: 0 })
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const auth = { authorization: `Bearer ${ana}` }
  const fetched = await fetch(`${origin}${base}/state`, { headers: auth })
  const tag = fetched.headers.get('etag')!
  const reread = await fetch(`${origin}${base}/state`, { headers: { ...auth, 'if-none-match': tag } })
  t.equal(reread.status, 304, 'fetch gets a 304 for its own tag')
  t.equal(await reread.text(), '', 'and no body')
  t.equal((await fetch(`${origin}${base}/state`, { headers: { ...auth, 'if-none-match': '"stale"' } })).status, 200, 'another tag: 200')

  const refused = await get(`${base}/orders`, { 'if-none-match': '*' })
  t.not(refused.statusCode, 304, 'an error is never a 304')

  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  const state = document.paths['/api/campaigns/{id}/state'].get
  t.ok(state.responses['200'].headers.ETag, 'the document: the 200 carries ETag')
  t.ok(state.responses['304'], 'and a 304')
  t.ok(
    state.parameters.some((p: { in: string; name: string }) => p.in === 'header' && p.name === 'If-None-Match'),
    'and the If-None-Match header',
  )
})
