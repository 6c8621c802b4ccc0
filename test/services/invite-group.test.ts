// #49 "Invite the same group again": the daily limits on invitation mails keep strangers from
// being mailed, not friends; a GM invites a past campaign's players in one step, each in their
// language; the limits that remain say in words when they reset.
import t from 'tap'
import { errorText } from '../../src/lib/page-helpers.ts'
import { buildTestApp } from '../helpers/app.ts'
import { call, setClock, type App } from '../helpers/campaign.ts'
import { visitor } from '../helpers/pages.ts'
import { smtpReceiver } from '../helpers/smtp.ts'

const PASSWORD = 'correct horse battery'

async function account(app: App, email: string, displayName: string, locale: 'en' | 'es' = 'en') {
  const made = await call(app, null, 'POST', '/api/auth/register', { email, password: PASSWORD, displayName, locale })
  if (made.status !== 201) throw new Error(`register ${email}: ${JSON.stringify(made.body)}`)
  return made.body.token as string
}

async function campaign(app: App, gm: string, name: string) {
  const made = await call(app, gm, 'POST', '/api/campaigns', { name, mapId: 'coast-3' })
  if (made.status !== 201) throw new Error(`create: ${JSON.stringify(made.body)}`)
  return made.body.id as string
}

t.test('#49 friends are invited again and again, a past group in one step, and a limit says when it resets', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const gm = await account(app, 'gm@friends.example', 'Gema')
  const friends = [
    { email: 'ana@friends.example', name: 'Ana', locale: 'en' as const, weekday: 'monday' },
    { email: 'bea@friends.example', name: 'Bea', locale: 'es' as const, weekday: 'tuesday' },
    { email: 'carlos@friends.example', name: 'Carlos', locale: 'en' as const, weekday: 'wednesday' },
  ]
  const first = await campaign(app, gm, 'Friday group')
  for (const f of friends) {
    const token = await account(app, f.email, f.name, f.locale)
    const link = await call(app, gm, 'POST', `/api/campaigns/${first}/invitations`)
    t.equal((await call(app, token, 'POST', `/api/invitations/${link.body.token}/accept`, { tribeName: `${f.name}'s`, weekday: f.weekday })).status, 201)
  }

  const second = await campaign(app, gm, 'Second round')
  const groups = await call(app, gm, 'GET', `/api/campaigns/${second}/invitations/groups`)
  t.equal(groups.status, 200)
  t.same(
    groups.body.groups,
    [{ campaignId: first, name: 'Friday group', ruleset: 'weekly-turn', players: ['Ana', 'Bea', 'Carlos'] }],
    "the GM's past group, names only",
  )
  t.notMatch(JSON.stringify(groups.body), /@friends\.example/, 'no address of a player reaches the GM through the list')

  const stranger = await account(app, 'someone@else.example', 'Someone')
  const peek = await call(app, stranger, 'GET', `/api/campaigns/${second}/invitations/groups`)
  t.same([peek.status, peek.body.error.code], [404, 'campaign/not_found'], "only the campaign's GM sees the groups: to others a private campaign is not there")
  const theirs = await campaign(app, stranger, 'Not yours')
  const foreign = await call(app, stranger, 'POST', `/api/campaigns/${theirs}/invitations/group`, { fromCampaignId: first })
  t.equal(foreign.status, 404, "another GM cannot invite this GM's group")
  t.equal(foreign.body.error.code, 'group/not_found')
  t.equal(
    (await call(app, gm, 'POST', `/api/campaigns/${second}/invitations/group`, { fromCampaignId: 'nope' })).status,
    400,
    'a campaign id that is no uuid is a 400',
  )

  const invited = await call(app, gm, 'POST', `/api/campaigns/${second}/invitations/group`, { fromCampaignId: first })
  t.equal(invited.status, 201)
  t.same(invited.body, { from: { id: first, name: 'Friday group' }, invited: ['Ana', 'Bea', 'Carlos'] }, 'the whole group invited in one step')
  t.same((await call(app, gm, 'GET', `/api/campaigns/${second}/invitations/groups`)).body.groups, [], 'a group invited already is not offered again')
  const again = await call(app, gm, 'POST', `/api/campaigns/${second}/invitations/group`, { fromCampaignId: first })
  t.equal(again.status, 404, 'asking twice invites nobody twice')
  t.equal(await app.prisma.invitation.count({ where: { campaignId: second } }), 3, 'one invitation each')

  // A friend is held by no daily limit: a fourth and fifth mail to Ana's address the same day.
  for (let i = 0; i < 3; i++) t.equal((await call(app, gm, 'POST', `/api/campaigns/${second}/invitations`, { email: 'ANA@friends.example' })).status, 201)
  // A stranger still is, and the refusal says when the next one can go.
  for (let i = 0; i < 3; i++) t.equal((await call(app, gm, 'POST', `/api/campaigns/${second}/invitations`, { email: 'new@strangers.example' })).status, 201)
  await setClock(app, '2026-11-30T14:00:00Z')
  const held = await app.inject({
    method: 'POST',
    url: `/api/campaigns/${second}/invitations`,
    headers: { authorization: `Bearer ${gm}` },
    payload: { email: 'new@strangers.example' },
  })
  t.equal(held.statusCode, 429, 'the fourth to a stranger within a day is refused')
  t.equal(held.json().error.code, 'invitation/too_many_to_address')
  t.match(held.json().error.message, /the next can go in 19 hours/, 'in words: a day after the first, 5 hours ago')
  t.equal(held.headers['retry-after'], String(19 * 3600), 'Retry-After: the wait that is left, not a whole day')
  t.match(
    errorText({ code: 'invitation/too_many_to_address', message: '', params: { limit: 3, hours: 19 } }, 'es'),
    /la siguiente podrá salir dentro de 19 horas/,
    'and in Spanish',
  )

  await setClock(app, '2026-11-30T14:01:00Z')
  const groupMails = smtp.mails.filter((m) => /Second round/.test(m.subject))
  const to = (address: string) => groupMails.filter((m) => m.to.includes(address))
  t.equal(to('ana@friends.example').length, 4, "Ana: the group's invitation and three more")
  t.equal(to('carlos@friends.example').length, 1)
  t.match(to('bea@friends.example')[0]?.subject ?? '', /te invita|invita/, "Bea's in Spanish, her language")
  t.match(to('carlos@friends.example')[0]?.subject ?? '', /invites you/, "Carlos's in English")

  // The console: the group offered with one button, and what it did said by name.
  const third = await campaign(app, gm, 'Third round')
  const page = visitor(app)
  await page.login('gm@friends.example', PASSWORD)
  const consolePage = await page.get(`/campaigns/${third}/gm`)
  t.match(consolePage.body, /Invite a group you have played with/)
  t.match(consolePage.body, /<strong>Friday group<\/strong>: Ana, Bea, Carlos/)
  t.match(consolePage.body, /Invite these 3 players/)
  const done = await page.post(`/campaigns/${third}/gm/invite-group`, { fromCampaignId: first })
  t.equal(done.status, 200)
  t.match(done.body, /Invited from Friday group: Ana, Bea, Carlos\. Each gets a mail in their language\./)
  t.notMatch(done.body, /Invite these 3 players/, 'and the group is no longer offered')
  const refused = await page.post(`/campaigns/${third}/gm/invite-group`, { fromCampaignId: first })
  t.equal(refused.status, 404, 'a page form for a group invited already: an HTML page naming the problem')
  t.match(refused.body, /None of your past campaigns with that id has players left to invite/)
  t.equal(await app.prisma.invitation.count({ where: { campaignId: third } }), 3, 'and nothing more stored')
})
