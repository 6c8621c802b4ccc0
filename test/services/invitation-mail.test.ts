// The service is no mail relay: invitation mails are few a day, carry no link or address the
// inviter wrote to people without an account (#30 lets them name who and what), and stop when
// the recipient asks.
import t from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, setClock, setUp } from '../helpers/campaign.ts'
import { smtpReceiver } from '../helpers/smtp.ts'

t.test("invitation mails: at most 3 a day to an address and 20 a day by a GM; no link of the inviter's to strangers; one-click stop", async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, {})
  const { id } = await app.prisma.campaign.update({ where: { id: table.id }, data: { name: 'Buy cheap pills at evil.example' } })
  const invite = (email: string) => call(app, table.gm, 'POST', `/api/campaigns/${id}/invitations`, { email })
  for (let i = 0; i < 3; i++) t.equal((await invite('target@example.com')).status, 201)
  const fourth = await invite('Target@Example.com')
  t.equal(fourth.status, 429, 'a fourth invitation to one address within a day is refused')
  t.equal(fourth.body.error.code, 'invitation/too_many_to_address')
  for (let i = 0; i < 17; i++) t.equal((await invite(`friend${i}@example.com`)).status, 201)
  const many = await invite('one-more@example.com')
  t.equal(many.status, 429, 'the 21st invitation mail of a GM within a day is refused')
  t.equal(many.body.error.code, 'invitation/too_many')
  t.equal(await app.prisma.invitation.count({ where: { campaignId: id } }), 20, 'refused invitations store nothing')
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${id}/invitations`, {})).status, 201, 'a link without a mail is still given')

  await setClock(app, '2026-11-30T09:01:00Z')
  const toTarget = smtp.mails.filter((m) => m.to.includes('target@example.com'))
  t.equal(toTarget.length, 3)
  for (const mail of toTarget) {
    t.notMatch(mail.subject + mail.text + mail.raw, /evil\.example/, 'no link or address the inviter wrote reaches someone without an account')
    t.match(mail.subject, /invites you to Buy cheap pills at …$/, 'who and what are named (#30), links cut out')
  }
  const unsubscribe = /\/unsubscribe\?token=([A-Za-z0-9._-]+)/.exec(toTarget[0]!.text)
  t.ok(unsubscribe, 'the mail carries a one-click stop link')
  t.match(toTarget[0]!.headers['list-unsubscribe'] ?? '', /api\/unsubscribe/, 'and List-Unsubscribe')
  t.equal((await app.inject({ method: 'POST', url: `/api/unsubscribe?token=${unsubscribe![1]}` })).statusCode, 200)
  // The next day: invitations to that address are refused silently (the GM learns nothing), and none is sent.
  await setClock(app, '2026-12-01T10:00:00Z')
  const before = smtp.mails.length
  const again = await invite('target@example.com')
  t.equal(again.status, 201, 'the GM is not told who opted out')
  await setClock(app, '2026-12-01T10:01:00Z')
  t.equal(smtp.mails.length, before, 'but no mail goes to an address that opted out')
  const dropped = await app.prisma.outboxMail.findFirstOrThrow({ where: { toAddress: 'target@example.com', sentAt: null } })
  t.ok(dropped.droppedAt, 'the queued mail is dropped')
})

t.test('a user who turned invitation mails off gets none', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, {})
  const user = await call(app, null, 'POST', '/api/auth/register', { email: 'quiet@example.com', password: 'correct horse battery', displayName: 'Quiet' })
  t.equal((await call(app, user.body.token, 'PUT', '/api/me/notifications', { invitations: false })).status, 200)
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`, { email: 'quiet@example.com' })).status, 201)
  await setClock(app, '2026-11-30T09:01:00Z')
  t.equal(smtp.mails.length, 0, 'no mail')
})
