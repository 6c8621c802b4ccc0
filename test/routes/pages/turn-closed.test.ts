// Outside its window a tribe's forms are off and say when they open (#27, R4.3); inside it, "End my
// turn" sits in the window's card, not folded among the forms (R4.6).
import t from 'tap'
import { call, mondayGame } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('R4.3 R4.6 the turn page with the window closed and open', async (t) => {
  const { app, table } = await mondayGame(t)
  const login = async (name: string) => {
    const page = visitor(app)
    await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: table.players[name]!.userId } })).email, 'correct horse battery')
    return page
  }
  // Monday: ben plays on Wednesdays.
  const ben = await login('ben')
  const closed = (await ben.get(`/campaigns/${table.id}/turn`)).body
  t.match(closed, /<fieldset class="forms-set" disabled aria-describedby="forms-closed">/, 'the forms are off')
  t.match(
    closed,
    /<p class="note" id="forms-closed">Your window is closed, so these forms are off until it opens: <strong>Wed 2 Dec, 00:00<\/strong><\/p>/,
    'and say when they open, in words',
  )
  t.notMatch(closed, /class="inline end-turn"/, 'no end-turn button outside the window')
  const refused = await call(app, table.players.ben!.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [{ type: 'endTurn' }] })
  t.equal(refused.status, 409)
  t.match(
    refused.body.error.message,
    /gives orders on Wednesdays, 00:00–20:00 \(Europe\/Madrid\): the next window opens on Wednesday 2 December, 00:00 \(2026-12-02T00:00:00\+01:00\)/,
    'the API says it in words and as the ISO instant R4.3 asks for',
  )

  const ana = await login('ana')
  const open = (await ana.get(`/campaigns/${table.id}/turn`)).body
  t.match(open, /<fieldset class="forms-set">/, "ana's forms are on")
  t.match(open, /<form method="post" action="\/campaigns\/[^"]+\/turn#results" class="inline end-turn">/, '"End my turn" in the window card')
  const ended = await ana.post(`/campaigns/${table.id}/turn`, { type: 'endTurn' })
  t.equal(ended.status, 200)
  t.notMatch(ended.body, /class="inline end-turn"/, 'gone once the turn is over')
  const view = (await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.equal(view.tribes.find((x: { id: string }) => x.id === table.players.ana!.tribeId).phase, 'ended')
})
