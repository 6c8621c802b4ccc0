// A page form and its API route take one schema (src/schemas/actions.ts): the
// same bad input is refused with the same status and error code through both,
// and nothing is stored.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const PASSWORD = 'correct horse battery'

/** The error code a page shows (in small print after the sentence), or null. */
function pageCode(html: string): string | null {
  return /<small class="code">([^<\s]+)/.exec(html)?.[1] ?? null
}

async function counts(app: App) {
  const [campaigns, users, scenes, messages, invitations, tribes] = await Promise.all([
    app.prisma.campaign.count(),
    app.prisma.user.count(),
    app.prisma.scene.count(),
    app.prisma.sceneMessage.count(),
    app.prisma.invitation.count(),
    app.prisma.tribe.count(),
  ])
  return { campaigns, users, scenes, messages, invitations, tribes }
}

interface Case {
  action: string
  bad: string
  /** The JSON the API gets, and the form the page posts (strings, as a browser sends them). */
  api: Record<string, unknown>
  form: Record<string, string | string[]>
}

t.test('each action refuses blank, too long and wrongly typed input the same way through the API and the page', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const setupTable = await setUp(app, {})
  await draft(app, table)
  const gmEmail = async (campaignId: string) => {
    const m = await app.prisma.membership.findFirstOrThrow({ where: { campaignId, role: 'gm' } })
    return (await app.prisma.user.findUniqueOrThrow({ where: { id: m.userId } })).email
  }
  const gm = visitor(app)
  await gm.login(await gmEmail(table.id), PASSWORD)
  const setupGm = visitor(app)
  await setupGm.login(await gmEmail(setupTable.id), PASSWORD)
  const ana = visitor(app)
  await ana.login((await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } })).email, PASSWORD)
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, {
    title: 'Pact',
    tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId],
  })
  const tribes = [table.players.ana!.tribeId, table.players.ben!.tribeId]
  const invitation = await call(app, setupTable.gm, 'POST', `/api/campaigns/${setupTable.id}/invitations`)
  const newcomer = await call(app, null, 'POST', '/api/auth/register', { email: 'newcomer@example.com', password: PASSWORD, displayName: 'New' })
  const joiner = visitor(app)
  await joiner.login('newcomer@example.com', PASSWORD)

  const long = (n: number) => 'x'.repeat(n)
  const routes: Record<
    string,
    { api: [token: string | null, method: 'POST' | 'PUT', url: string]; page: [who: ReturnType<typeof visitor>, url: string, before: string] }
  > = {
    createCampaign: { api: [table.gm, 'POST', '/api/campaigns'], page: [gm, '/campaigns', '/campaigns'] },
    register: { api: [null, 'POST', '/api/auth/register'], page: [visitor(app), '/register', '/register'] },
    openScene: { api: [table.gm, 'POST', `/api/campaigns/${table.id}/scenes`], page: [gm, `/campaigns/${table.id}/scenes`, `/campaigns/${table.id}/scenes`] },
    sceneMessage: {
      api: [table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/messages`],
      page: [ana, `/campaigns/${table.id}/scenes/${scene.body.id}/messages`, `/campaigns/${table.id}/scenes/${scene.body.id}`],
    },
    acceptInvitation: {
      api: [newcomer.body.token, 'POST', `/api/invitations/${invitation.body.token}/accept`],
      page: [joiner, `/invitations/${invitation.body.token}`, `/invitations/${invitation.body.token}`],
    },
    invite: {
      api: [setupTable.gm, 'POST', `/api/campaigns/${setupTable.id}/invitations`],
      page: [setupGm, `/campaigns/${setupTable.id}/gm/invitations`, `/campaigns/${setupTable.id}/gm`],
    },
    notifications: { api: [table.players.ana!.token, 'PUT', '/api/me/notifications'], page: [ana, '/me/notifications', '/me/notifications'] },
  }
  const cases: Case[] = [
    { action: 'createCampaign', bad: 'blank name', api: { name: '', mapId: 'coast-3' }, form: { name: '', mapId: 'coast-3' } },
    { action: 'createCampaign', bad: 'a name of spaces', api: { name: '   ', mapId: 'coast-3' }, form: { name: '   ', mapId: 'coast-3' } },
    { action: 'createCampaign', bad: 'name too long', api: { name: long(100_000), mapId: 'coast-3' }, form: { name: long(100_000), mapId: 'coast-3' } },
    {
      action: 'createCampaign',
      bad: 'week limit not a number',
      api: { name: 'Ok', mapId: 'coast-3', weekLimit: 'ten' },
      form: { name: 'Ok', mapId: 'coast-3', weekLimit: 'ten' },
    },
    {
      action: 'register',
      bad: 'blank display name',
      api: { email: 'a@example.com', password: PASSWORD, displayName: '' },
      form: { email: 'a@example.com', password: PASSWORD, displayName: '' },
    },
    {
      action: 'register',
      bad: 'display name too long',
      api: { email: 'b@example.com', password: PASSWORD, displayName: long(61) },
      form: { email: 'b@example.com', password: PASSWORD, displayName: long(61) },
    },
    {
      action: 'register',
      bad: 'not an email',
      api: { email: 'nobody', password: PASSWORD, displayName: 'N' },
      form: { email: 'nobody', password: PASSWORD, displayName: 'N' },
    },
    {
      action: 'register',
      bad: 'a short password',
      api: { email: 'c@example.com', password: 'short', displayName: 'C' },
      form: { email: 'c@example.com', password: 'short', displayName: 'C' },
    },
    { action: 'openScene', bad: 'blank title', api: { title: '', tribes }, form: { title: '', tribes } },
    { action: 'openScene', bad: 'title too long', api: { title: long(201), tribes }, form: { title: long(201), tribes } },
    { action: 'openScene', bad: 'one tribe only', api: { title: 'Pact', tribes: [tribes[0]] }, form: { title: 'Pact', tribes: tribes[0]! } },
    { action: 'sceneMessage', bad: 'blank message', api: { body: '' }, form: { body: '' } },
    { action: 'sceneMessage', bad: 'message too long', api: { body: long(5001) }, form: { body: long(5001) } },
    { action: 'acceptInvitation', bad: 'blank tribe name', api: { tribeName: ' ', weekday: 'friday' }, form: { tribeName: ' ', weekday: 'friday' } },
    {
      action: 'acceptInvitation',
      bad: 'tribe name too long',
      api: { tribeName: long(41), weekday: 'friday' },
      form: { tribeName: long(41), weekday: 'friday' },
    },
    { action: 'invite', bad: 'not an email', api: { email: 'nobody' }, form: { email: 'nobody' } },
    {
      action: 'notifications',
      bad: 'reminder hours not a number',
      api: { reminderHours: 'soon' },
      form: { windowOpen: 'true', reminder: 'true', payout: 'true', digest: 'true', diplomacy: 'true', reminderHours: 'soon' },
    },
    {
      action: 'notifications',
      bad: 'reminder hours out of range',
      api: { reminderHours: 20 },
      form: { windowOpen: 'true', reminder: 'true', payout: 'true', digest: 'true', diplomacy: 'true', reminderHours: '20' },
    },
  ]
  for (const c of cases) {
    const route = routes[c.action]!
    const before = await counts(app)
    const api = await call(app, route.api[0], route.api[1], route.api[2], c.api)
    const [who, url, page] = route.page
    await who.get(page)
    const form = await who.post(url, c.form)
    t.equal(api.status, 400, `${c.action}, ${c.bad}: the API answers 400`)
    t.equal(form.status, api.status, `${c.action}, ${c.bad}: the page answers the API's status`)
    t.equal(api.body?.error?.code, 'request/invalid', `${c.action}, ${c.bad}: the API's code`)
    t.equal(pageCode(form.body), api.body?.error?.code, `${c.action}, ${c.bad}: the page names the API's code`)
    t.same(await counts(app), before, `${c.action}, ${c.bad}: nothing stored`)
  }
  const settings = await call(app, table.players.ana!.token, 'GET', '/api/me/notifications')
  t.equal(settings.body.reminderHours, 3, 'the refused settings left the reminder as it was')
})
