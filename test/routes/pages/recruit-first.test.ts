// R5.5 on the turn page (#27): the window opens on each pool's budget with one-tap recruits that
// work without JavaScript; once spent, or once the first move is made, the card is gone.
import t from 'tap'
import { call, mondayGame } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('R5.5 the recruit card: one tap recruits all a city can take, and the first move ends it', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  const turn = `/campaigns/${table.id}/turn`
  const opened = await page.get(turn)
  t.match(opened.body, /<h2 id="recruit-h">Recruit first/, 'the window starts with recruiting')
  t.match(opened.body, /Cities Highport: 10 to spend/, "each pool's budget")
  t.match(opened.body, /name="city" value="3,3"><input type="hidden" name="troops" value="1"><button type="submit">Recruit 1 troop at Oakmere<\/button>/)

  const spent = await page.post(turn, { type: 'recruit', city: '3,3', troops: '1' })
  t.equal(spent.status, 200, 'the one-tap form is an order like any other')
  const army = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.armies.find((a: { tile: string }) => a.tile === '3,3')
  t.equal(army.troops, 6, 'recruited at 3,3')
  t.notMatch(spent.body, /Recruit 1 troop at Oakmere/, "3,3's pool has nothing left to buy")
  t.match(spent.body, /Recruit 1 troop at Highport/, "2,1's pool still has")

  const moved = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [{ type: 'move', from: '3,3', troops: 1, path: ['3,4'] }] })
  t.equal(moved.status, 200)
  t.notMatch((await page.get(turn)).body, /id="recruit-first"/, 'after the first move there is nothing to recruit (R5.5)')
})
