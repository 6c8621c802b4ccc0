// W5.1 W5.4: Open Wars' move form offers every location a stack reaches this window, not only
// its neighbours, each by its fewest steps, and the form's answer takes that path. A location
// it does not reach is refused with the rule (422, as every refusal of the rules), and nothing moves.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
interface Cell {
  id: string
  stacks: { tribe: string; kind: string; count: number; moved: number }[]
}

t.test('W5.1 W5.4 the move form reaches past the neighbours, and its answer takes the shortest path', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  // The band and the armies are dealt at random: a deal in which no stack can go past its
  // neighbours this window (it happens) is set aside for a new campaign, a few times at most.
  // Each attempt begins two weeks after the one before: the clock only goes forward.
  const attempt = async (round: number) => {
    const day = (date: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 11, date + 14 * round, hour, minute)).toISOString()
    await setClock(app, day(1, 9)) // Tuesday
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'openwars' })
    const api = `/api/campaigns/${table.id}`
    t.equal((await call(app, table.gm, 'POST', `${api}/start`)).status, 200)
    const ana = table.players.ana!
    for (const [name, faction] of [
      ['ana', 'orcos'],
      ['ben', 'elfos'],
    ] as const)
      t.equal((await call(app, table.players[name]!.token, 'POST', `${api}/orders`, { order: { type: 'setFaction', faction } })).status, 200)
    await setClock(app, day(7, 0, 30)) // after tick 0
    const weekday = ((await call(app, ana.token, 'GET', `${api}/state`)).body.tribes as { id: string; weekday: string }[]).find(
      (x) => x.id === ana.tribeId,
    )!.weekday
    await setClock(app, day(7 + DAYS.indexOf(weekday), 9)) // her window, 10:00 in Madrid

    const page = visitor(app)
    await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
    const turn = await page.get(`/campaigns/${table.id}/turn?lang=en`)
    t.equal(turn.status, 200)
    const forms = [...turn.body.matchAll(/<form[^>]*data-order="move"[\s\S]*?<\/form>/g)].map((m) => m[0])
    t.ok(forms.length > 0, 'her stacks have move forms')
    const far = forms
      .map((form) => ({
        from: /name="from" value="([^"]+)"/.exec(form)![1]!,
        kind: /name="kind" value="([^"]+)"/.exec(form)![1]!,
        options: [...form.matchAll(/<option value="(r\d+c\d+)">([^<]*)<\/option>/g)].map((m) => ({ to: m[1]!, label: m[2]! })),
      }))
      .flatMap((f) => f.options.filter((o) => / \(via /.test(o.label)).map((o) => ({ ...f, ...o })))[0]
    return { table, api, ana, page, forms, far }
  }
  let dealt = await attempt(0)
  for (let round = 1; !dealt.far && round < 5; round++) dealt = await attempt(round)
  const { table, api, ana, page, forms, far } = dealt
  t.ok(far, 'a destination beyond the neighbours, with the way there')
  const answer = await page.post(`/campaigns/${table.id}/turn?lang=en`, { type: 'move', from: far!.from, kind: far!.kind, to: far!.to, count: '1' })
  t.equal(answer.status, 200, answer.body.match(/role="alert"[\s\S]{0,300}/)?.[0] ?? '')
  const after = (await call(app, ana.token, 'GET', `${api}/state`)).body.cells as Cell[]
  t.match(
    after.find((c) => c.id === far!.to)!.stacks.find((x) => x.tribe === ana.tribeId && x.kind === far!.kind),
    { count: 1, moved: 1 },
    `one unit arrived in ${far!.to}`,
  )
  const events = (await call(app, ana.token, 'GET', `${api}/events?limit=500`)).body.events as {
    type: string
    payload: { order?: { type: string; path?: string[] } }
  }[]
  const moved = events.filter((e) => e.payload.order?.type === 'move').at(-1)!.payload.order!
  const via = far!.label
    .replace(/^.* \(via /, '')
    .replace(/\)$/, '')
    .split(', ')
  t.equal(moved.path!.length, via.length + 1, 'by the steps the form named')
  t.equal(moved.path!.at(-1), far!.to)

  // Somewhere no path of a stack reaches, not next to it either: refused with the rule, and nothing moved.
  const stacks = forms.map((form) => ({
    from: /name="from" value="([^"]+)"/.exec(form)![1]!,
    kind: /name="kind" value="([^"]+)"/.exec(form)![1]!,
    offered: new Set([...form.matchAll(/<option value="(r\d+c\d+)">/g)].map((m) => m[1]!)),
  }))
  const still = stacks.find((x) => {
    const here = after.find((c) => c.id === x.from)!.stacks.find((y) => y.tribe === ana.tribeId && y.kind === x.kind)
    return here && here.count > here.moved
  })!
  // The band's columns wrap round (W2.2).
  const cols = Math.max(...after.map((c) => Number(/c(\d+)$/.exec(c.id)![1])))
  const [r0, c0] = /^r(\d+)c(\d+)$/.exec(still.from)!.slice(1).map(Number) as [number, number]
  const apart = (id: string) => {
    const [r, c] = /^r(\d+)c(\d+)$/.exec(id)!.slice(1).map(Number) as [number, number]
    return Math.abs(r - r0) + Math.min(Math.abs(c - c0), cols - Math.abs(c - c0)) > 1
  }
  const nowhere = after.find((c) => c.id !== still.from && !still.offered.has(c.id) && apart(c.id))!.id
  const refused = await page.post(`/campaigns/${table.id}/turn?lang=en`, { type: 'move', from: still.from, kind: still.kind, to: nowhere, count: '1' })
  t.equal(refused.status, 422, 'a location out of reach is refused by the rules')
  t.match(refused.body, /W5\.1[\s\S]*move\/not_adjacent/, 'naming the rule, the code folded after it')
  t.same((await call(app, ana.token, 'GET', `${api}/state`)).body.cells, after, 'and nothing moved')

  // A form naming no location at all: refused as bad input, not a server error.
  const bogus = await page.post(`/campaigns/${table.id}/turn?lang=en`, { type: 'move', from: 'nowhere', kind: far!.kind, to: far!.to, count: '1' })
  t.equal(bogus.status, 422, 'an unknown location in the form is refused, not a server error')
  t.match(bogus.body, /nowhere/, 'naming what it got')
})
