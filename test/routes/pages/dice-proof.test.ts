// A battle in the history links to the row of the dice page that proves its roll (#27), in each
// game: the link's anchor is on the dice page, on the row of that battle's die.
import t, { type Test } from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, mondayGame, setClock, setUp, type App } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

async function loginAs(app: App, userId: string) {
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email
  const page = visitor(app)
  await page.login(email, 'correct horse battery')
  return page
}

/** The proof link of the history's first battle line, and the dice page row it points at. */
async function proofOfBattle(t: Test, page: ReturnType<typeof visitor>, campaignId: string, week: number, counter: number) {
  const history = await page.get(`/campaigns/${campaignId}/history?week=${week}`)
  t.equal(history.status, 200)
  const link = new RegExp(`<a href="/campaigns/${campaignId}/dice#roll-${week}-${counter}" class="proof">proof of the roll</a>`)
  t.match(history.body, link, `the battle's line links to roll ${counter} of period ${week}`)
  const dice = await page.get(`/campaigns/${campaignId}/dice`)
  t.match(dice.body, new RegExp(`<tr class="roll" id="roll-${week}-${counter}" data-counter="${counter}"`), 'and the dice page has that row')
}

t.test('#27 R8.4 a weekday battle in the history links to its roll on the dice page', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  // Week 1: 4 troops march from 3,3 to 4,4; week 2: they attack the neutral city 5,5, as offered.
  const order = (o: Record<string, unknown>) => call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [o] })
  t.equal((await order({ type: 'move', from: '3,3', troops: 4, path: ['4,3', '4,4'] })).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z')
  const options = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body.options
  const attack = options.armies
    .find((a: { tile: string }) => a.tile === '4,4')
    .moves.find((m: { to: string; effect: string }) => m.to === '5,5' && m.effect === 'attack')
  const given = await order({ type: 'move', from: '4,4', troops: 4, path: attack.path })
  t.equal(given.status, 200, 'the attack is taken')
  const combat = given.body.events.find((e: { type: string }) => e.type === 'combat')
  await proofOfBattle(t, await loginAs(app, ana.userId), table.id, 2, combat.counter)
})

t.test('#27 G11.6 a conquest battle in the history links to its first die on the dice page', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cai: 'friday' }, { ruleset: 'conquest' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z')
  const ana = table.players.ana!
  const options = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body.options
  const from = options.territories.find((x: { attacks: string[]; canLeave: number }) => x.attacks.length > 0 && x.canLeave > 0)
  t.ok(from, 'ana has an attack to give')
  const given = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, {
    orders: [{ type: 'attack', from: from.id, to: from.attacks[0], troops: 1 }],
  })
  t.equal(given.status, 200)
  const battle = given.body.events.find((e: { type: string }) => e.type === 'battle')
  await proofOfBattle(t, await loginAs(app, ana.userId), table.id, battle.round ?? 1, battle.dice[0].counter)
})
