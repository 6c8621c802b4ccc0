// M12.9: what each reader sees of the board, and the platform's other views of a state.
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { mapa, open, order, system, tribeOf } from './dsl.ts'

function campaign() {
  const created = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'tuesday' },
    ],
    seed: 'setup-seed-secrets',
    secretSeed: 'secret-seed-secrets',
    limit: 8,
  })
  if (!created.ok) throw new Error(created.error.code)
  return system(created.state, { type: 'startCampaign', at: 0 }).s
}

t.test('M12.9 a face-down cell shows its zone code only; no seed, deck order or other hand', async (t) => {
  const s = campaign()
  tribeOf(s, 'a').hand = ['escudo-1', 'pies-2']
  tribeOf(s, 'a').plan = { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'hold' }], flee: 30 }
  const spectator = elMapa.board(s, null)
  const a = elMapa.board(s, 'a')
  const b = elMapa.board(s, 'b')
  t.equal(spectator.mine, null)
  const hidden = spectator.cells.filter((c) => !c.revealed)
  t.ok(hidden.length > 0)
  t.same(Object.keys(hidden[0]!).sort(), ['cell', 'code', 'position', 'revealed'], 'a face-down cell: its zone only')
  const text = JSON.stringify(b)
  for (const secret of ['secret-seed-secrets', 'setup-seed-secrets', 'escudo-1', 'pies-2', '"flee":30', ...s.decks['1'].slice(0, 3), s.treasureDeck[0]!]) {
    t.notOk(text.includes(secret), `b does not see ${secret}`)
  }
  const faceDownTiles = new Set(s.order.filter((k) => !s.cells[k]!.revealed).map((k) => s.cells[k]!.tile))
  for (const tile of faceDownTiles)
    if (!s.order.some((k) => s.cells[k]!.revealed && s.cells[k]!.tile === tile)) t.notOk(text.includes(`"${tile}"`), `no face-down ${tile}`)
  t.same(b.standing.find((x) => x.id === 'a')!.hand, { 1: 1, 2: 0, 3: 1 }, 'how many of each level, by everyone')
  t.same(a.mine, { hand: ['escudo-1', 'pies-2'], plan: { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'hold' }], flee: 30 }, reserved: [] })
  const { mine: _a, ...restA } = a
  const { mine: _b, ...restB } = b
  t.same(restA, restB, 'beside their own part, all read the same')
  t.equal(spectator.secretSeed, null)
  t.same(spectator.commitments, s.commitments, 'the commitments are public')
})

t.test('M11.6 at the end the secret seed and every hand are revealed', async (t) => {
  let s = mapa(`Ja Jb ?`, { armies: 'a 0,0 leva=1' })
  tribeOf(s, 'b').hand = ['vision-4']
  tribeOf(s, 'a').hand = ['pies-1']
  s = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).s
  const b = elMapa.board(s, null)
  t.equal(b.secretSeed, 'secret-seed-test')
  t.same(
    b.standing.map((x) => x.hand),
    [['pies-1'], []],
    'b was eliminated: its hand went to the pile',
  )
})

t.test('the platform’s views: view, tagEvent, digest, tickMail, periodEnd, economy, dice', async (t) => {
  let s = mapa(
    `
    Ja  l1-madera@b  ?
    .   Jb           Jc`,
    { armies: 'a 0,0 leva=3; b 0,1 leva=1' },
  )
  s.settings.obstacles = 'none'
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  s = r.s
  const hurt = elMapa.digest(r.events)
  t.same(hurt.get('b'), { attacks: 1, troopsLost: 1, placesLost: ['0,1'], eliminated: false })
  t.same(elMapa.tagEvent(r.events[0]!), { tribe: 'a', played: true })
  t.same(elMapa.tagEvent({ type: 'seedSet', counter: 0 }), { tribe: null, played: false })
  const battle = r.events.find((e) => e.type === 'battle')!
  t.equal(elMapa.dice.drawsOf(battle).length, 0, 'no obstacles, no flight: no dice')
  t.same(elMapa.dice.drawsOf(r.events[0]!), [])
  t.same(
    elMapa.dice.drawsOf({
      ...battle,
      record: { ...(battle as unknown as { record: object }).record, dice: [{ counter: 0, face: 3, purpose: 'obstacle' }] },
    } as never),
    [{ counter: 0, face: 3, purpose: 'obstacle at 0,1' }],
  )
  t.same(elMapa.tickMail(s, 'a'), {
    week: 1,
    roundLimit: 26,
    stock: { oro: 3, madera: 0, piedra: 0 },
    next: { oro: 2, madera: 1, piedra: 0 },
    cards: { 1: 0, 2: 0, 3: 0 },
    finished: false,
  })
  t.equal(elMapa.tickMail(s, 'zz'), null)
  t.same(elMapa.previewEconomy(s), { a: { oro: 2, madera: 1, piedra: 0 }, b: { oro: 2, madera: 0, piedra: 0 }, c: { oro: 2, madera: 0, piedra: 0 } })
  t.same(elMapa.periodEnd(s), { round: 1, owners: [0, 0, -1, -1, 1, 2] })
  const view = elMapa.view(s)
  t.same([view.status, view.period, view.tribes.map((x) => x.turn)], ['running', 1, ['started', 'closed', 'closed']])
  const gone = structuredClone(s)
  gone.cells['1,1']!.owner = 'a'
  const e = order(gone, 'a', { type: 'endTurn' })
  t.same(elMapa.digest([{ type: 'eliminated', tribe: 'b', by: 'a' }]).get('b')!.eliminated, true)
  t.ok(e.s)
  t.same(elMapa.validateMap({}), [{ code: 'map/fixed', message: 'El Mapa is played on its own layouts for 2 to 6 tribes (M1.3)' }])
  t.match(elMapa.mapHash(elMapa.fixedMap!.map), /^[0-9a-f]{64}$/)
  t.equal(elMapa.secretOf(s), 'secret-seed-test')
  t.equal(elMapa.stateHash(s), elMapa.stateHash(structuredClone(s)))
  t.equal(elMapa.actions.closeWindow('a', false).type, 'closeWindow')
  t.same(elMapa.actions.executeTrade([]), { type: 'executeTrade', transfers: [] })
  t.ok(elMapa.legalOptions(s, 'b').orders.length === 0, 'a closed window offers nothing')
  t.ok(elMapa.replay(s, [{ type: 'seedSet', counter: 0 }], hmacRng).ok === false, 'only inputs replay')
})
