// #50: how El Mapa's bot reckons a board before it picks (bot.ts): the steps a closed side or the
// edge of the map forbids (M1.9), the face-down cells around a cell (M6.4), who defends a cell
// against it (M8.1, M3.10), what entering a cell gives (M6.3, M7), the walk's distances to
// something worth having (M6.7), a battle's worth by its own run of the battle board (M8), a
// building's worth (M3.6, M4.2) and a village under threat. The board, tribe a's view:
//
//        c0          c1          c2      c3
//   r0   ?           l1-leva     .^E     l1-pueblo      (.^E: its east side closed)
//   r1   ?l2-oro     l1-madera   .       Ja
//   r2   l1-tesoro   Mb          .       Jb
import t from 'tap'
import { attackWorth, bestStep, buildingWorth, CLAIM, elMapaBot, Mapa, NEARER, threatened, TREASURE, TROOP_LOSS } from '../../../src/engine/games/elmapa/bot.ts'
import { defaultPlan, fight, formation, guardFormation, killValue } from '../../../src/engine/games/elmapa/battle.ts'
import { noTroops, troopCount } from '../../../src/engine/games/elmapa/catalogue.ts'
import { elMapa, type ElMapaOrder, type ElMapaState } from '../../../src/engine/games/elmapa/index.ts'
import { sightOf } from '../../../src/engine/index.ts'
import { GUARD_SIZE } from '../../../src/engine/games/elmapa/tiles.ts'
import { board } from '../../../src/engine/games/elmapa/views.ts'
import { mapa, troops } from './dsl.ts'

const GRID = `
  ?          l1-leva    .^E   l1-pueblo
  ?l2-oro    l1-madera  .     Ja
  l1-tesoro  Mb         .     Jb
`
const stateOf = (armies = '') => mapa(GRID, { armies })
const mapaOf = (s: ElMapaState, tribe = 'a') => new Mapa(board(s, tribe), tribe)

t.test('M1.9 a step leaves the map nowhere, and a closed side of either tile blocks it; a face-down tile’s sides are unknown', async (t) => {
  const map = mapaOf(stateOf())
  t.equal(map.next('0,0', 'N'), undefined, 'off the top edge')
  t.equal(map.next('2,3', 'E'), undefined, 'off the right edge')
  t.equal(map.next('0,2', 'E'), undefined, 'out through its own closed east side')
  t.equal(map.next('0,3', 'W'), undefined, 'in through the closed east side of the cell it enters')
  t.equal(map.next('1,2', 'N'), '0,2', 'in through an open side')
  t.equal(map.next('0,1', 'W'), '0,0', 'into a face-down cell')
  t.equal(map.next('0,0', 'S'), '1,0', 'from one face-down cell to another')
  const sides = mapaOf(
    mapa(`
      .^S  .^W  .    Ja
      .    .    .^N  Jb
    `),
  )
  t.same(
    [sides.next('1,0', 'N'), sides.next('0,0', 'E'), sides.next('0,2', 'S'), sides.next('1,1', 'N'), sides.next('0,2', 'W')],
    [undefined, undefined, undefined, '0,1', '0,1'],
    'north into a closed south, east into a closed west, south into a closed north; other sides open',
  )
})

t.test('M6.4 the face-down cells around a cell, diagonals included', async (t) => {
  const map = mapaOf(stateOf())
  t.same(
    ['0,1', '1,1', '2,1', '2,0', '1,2', '0,3'].map((key) => map.faceDownAround(key)),
    [2, 2, 1, 1, 0, 0],
  )
  const right = mapaOf(
    mapa(`
      .  ?  Ja
      .  .  ?
      .  .  Jb
    `),
  )
  t.same([right.faceDownAround('0,0'), right.faceDownAround('1,1'), right.faceDownAround('2,1')], [1, 2, 1], 'to the right and below too')
})

t.test('M8.1 M3.10 who defends a cell against the tribe: guards, another tribe’s armies, a village’s militia', async (t) => {
  const s = stateOf('b 2,1 soldado=2; b 1,2 leva=1; a 2,2 leva=5')
  s.cells['2,3']!.castle!.reserve = troops('leva=3')
  const map = mapaOf(s)
  const levas = GUARD_SIZE.leva[0]
  t.match(
    map.defenders('0,1'),
    { guards: [{ kind: 'leva', n: levas }], troops: troops(`leva=${levas}`), stays: true },
    'l1-leva’s guards, who never flee (M8.14)',
  )
  t.same(map.defenders('2,1'), { guards: null, troops: troops('soldado=2'), stays: false }, 'b’s army on its madera mine: it may flee')
  t.same(map.defenders('1,2'), { guards: null, troops: troops('leva=1'), stays: false }, 'b’s army on a neutral cell')
  t.same(map.defenders('2,3'), { guards: null, troops: troops('leva=3'), stays: true }, 'b’s village: its reserve is a militia that stays')
  s.cells['2,3']!.castle!.reserve = noTroops()
  t.equal(mapaOf(s).defenders('2,3'), null, 'b’s village with no reserve and no army: nobody')
  s.cells['1,3']!.castle!.reserve = troops('leva=2')
  t.equal(mapaOf(s).defenders('1,3'), null, 'its own village, its reserve and all')
  t.equal(map.defenders('2,2'), null, 'its own army’s cell')
  t.equal(map.defenders('0,2'), null, 'an empty cell')
  t.equal(map.defenders('0,0'), null, 'a face-down cell: unknown, so nobody')
  t.same(mapaOf(s, 'b').defenders('2,2'), { guards: null, troops: troops('leva=5'), stays: false }, 'and to b, a’s army')
})

t.test('M6.3 M7 what entering a cell gives: the cells it reveals, its treasures, a village or a mine of another', async (t) => {
  const map = mapaOf(stateOf())
  t.equal(map.gain('0,0'), 0, 'a face-down cell: unknown')
  t.equal(map.gain('0,3'), CLAIM.village, 'a village nobody holds')
  t.equal(map.gain('1,1'), CLAIM.madera + 2, 'a madera mine, and the 2 face-down cells beside it')
  t.equal(map.gain('2,0'), TREASURE + 1, 'a treasure, and the face-down cell above')
  t.equal(map.gain('2,1'), CLAIM.madera + 1, 'b’s madera mine is a claim too')
  t.equal(map.gain('1,3'), 0, 'its own village gives nothing more')
  t.equal(mapaOf(stateOf(), 'b').gain('2,1'), 1, 'to b, its own mine gives only the face-down cell beside it')
  const oro = mapaOf(mapa('l2-oro l1-hechizo l1-piedra Ja Jb'))
  t.same([oro.gain('0,0'), oro.gain('0,1'), oro.gain('0,2')], [CLAIM.oro, CLAIM.spellMine, CLAIM.piedra], 'oro, a spell mine, piedra')
})

t.test('M6.7 the walk’s distances: around defenders and closed sides, never through them', async (t) => {
  const dist = mapaOf(stateOf()).distances()
  t.equal(dist.get('1,1'), 0, 'the madera mine is worth entering')
  t.equal(dist.get('0,1'), 0, 'so are the guards, for their VP')
  t.equal(dist.get('1,2'), 1, 'beside the mine')
  t.equal(dist.get('0,2'), 2, 'not 1 through the guards, nor through the closed side from the village')
  t.equal(dist.has('0,0'), false, 'a face-down cell is no step of a walk')
  t.equal(NEARER > 0 && NEARER < 1, true, 'a step nearer is worth less than a cell revealed')
})

t.test('M8 a battle is worth the VP of its kills less the troops it costs, at the worst of its runs; a loss is no plan', async (t) => {
  const map = mapaOf(stateOf())
  const guards = map.defenders('0,1')!
  const mine = troops('leva=4')
  const plan = defaultPlan(mine)
  const run = (obstacles: boolean, k: number) => {
    const out = fight({
      attackers: formation(mine, plan, 'A'),
      defenders: guardFormation(guards.guards!),
      attackerFlee: 0,
      defenderFlee: 0,
      defenderStays: true,
      obstacles,
      draw: (n) => (k += 5) % n,
    })
    return killValue(out.killed.D) - TROOP_LOSS * troopCount(out.killed.A)
  }
  t.equal(attackWorth(mine, plan, guards, false), run(false, 0), 'on an open board: one run')
  t.equal(attackWorth(mine, plan, guards, true), Math.min(run(false, 0), run(true, 1), run(true, 2)), 'with obstacles: the worst of three')
  t.ok(attackWorth(mine, plan, guards, false)! > 0, '4 levas beat 2 for their VP')
  t.equal(attackWorth(troops('leva=1'), defaultPlan(troops('leva=1')), guards, false), null, '1 leva against 2 is no plan')
})

t.test('M3.6 M4.2 a building is worth its VP, its oro over the ticks left, less a little of its cost', async (t) => {
  const at = (round: number) => board(mapa('Ja Jb', { round }), 'a')
  const limit = at(1).limit
  const worth = (id: string, round: number) => buildingWorth(id, at(round))
  t.equal(worth('estatua', 1), worth('estatua', limit - 1), 'an Estatua gives no oro: its worth never changes')
  t.equal(Math.round((worth('ayuntamiento', 1) - worth('ayuntamiento', 2)) * 100) / 100, 0.7, 'an Ayuntamiento’s oro: 0.7 a tick left')
  t.equal(worth('ayuntamiento', limit), worth('ayuntamiento', limit + 3), 'no tick left at the limit, nor after it')
  t.equal(Math.round((worth('mercado', 1) - worth('almacen', 1)) * 100) / 100, 0.1, 'a madera of cost weighs 0.1')
  t.equal(Math.round((worth('teatro', 1) - worth('arqueria', 1)) * 100) / 100, 5 + 0.1, 'a Teatro’s 5 VP, and one madera less than an Arquería')
  t.equal(Math.round((worth('coliseo', 1) - worth('cuadras', 1)) * 100) / 100, 7, 'the same cost: the Coliseo’s 7 VP')
  t.equal(Math.round((worth('tesoreria', limit) - worth('cuadras', limit)) * 100) / 100, 0.05, 'an oro of cost weighs 0.05')
  t.equal(Math.round((worth('armeria', 1) - worth('mercado', 1)) * 100) / 100, 1 - 0.05 * 2 - 0.15, 'a level more; 2 oro and a piedra of cost more')
})

t.test('M3.10 a village is threatened by another tribe’s army within so many steps, its own never', async (t) => {
  const s = mapa(
    `Ja . . . .
     .  . . . Jb`,
    { armies: 'b 1,3 leva=1; a 0,1 leva=9; a 1,1 leva=1' },
  )
  const b = board(s, 'a')
  t.equal(threatened(b, 'a', '0,0', 4), true, 'b’s army 4 steps away')
  t.equal(threatened(b, 'a', '0,0', 3), false, 'not within 3')
  t.equal(threatened(b, 'b', '0,0', 1), true, 'to b, a’s army next door is')
  t.equal(threatened(b, 'b', '1,3', 0), false, 'nor is b threatened by its own army')
  t.equal(threatened(b, 'b', '1,0', 1), true, 'a’s army one step east of a cell in the second row')
})

// The pick among what is offered: the bot reads only its sight, so each case offers a few orders.
type Sight = Parameters<typeof elMapaBot.choose>[0]
const sightWith = (s: ElMapaState, offered: ElMapaOrder[], tribe = 'a'): Sight => ({ ...(sightOf(elMapa, s, tribe, 0) as Sight), offered })
const pick = (s: ElMapaState, offered: ElMapaOrder[]) => elMapaBot.choose(sightWith(s, offered), () => 0.5)
const build = (building: string): ElMapaOrder => ({ type: 'build', village: '1,3', building, slot: 'a' })
const hire = (army: 'new' | 'newConvoy' | number, leva: number): ElMapaOrder => ({ type: 'hire', village: '1,3', troops: { leva }, army })

t.test('M9.9 #50 first the cards that pay whenever cast (Visión, Suerte, Producción), then M3.4 the best building', async (t) => {
  const s = stateOf('a 1,2 leva=4')
  const step: ElMapaOrder = { type: 'step', army: 1, dir: 'W' }
  for (const card of ['vision-3', 'suerte-2', 'produccion-3']) {
    const cast: ElMapaOrder = { type: 'cast', card }
    t.same(pick(s, [step, build('estatua'), cast]), cast, `${card} before anything`)
  }
  t.same(pick(s, [step, { type: 'cast', card: 'pies-1' }]), step, 'Pies ligeros is no free card')
  t.same(pick(s, [step, { type: 'cast', card: 'vision-3', army: 1 }]), step, 'nor a card cast on an army')
  t.same(pick(s, [step, build('mercado'), build('estatua'), build('almacen')]), build('estatua'), 'the Estatua of three builds, before a step')
})

t.test('M5.4 M3.10 the reserve goes to the army on the village, else to a new one, whole unless an enemy is near', async (t) => {
  const s = stateOf('a 1,3 leva=1')
  s.cells['1,3']!.castle!.reserve = troops('leva=3')
  const offered = [hire('new', 2), hire('new', 3), hire(1, 2), hire(1, 3), hire('newConvoy', 3)]
  t.same(pick(s, offered), hire(1, 3), 'the army there takes all of it')
  t.same(pick(s, offered.slice(0, 3)), hire(1, 2), 'or what it is offered, before a new army')
  t.same(pick(s, offered.slice(0, 2)), hire('new', 3), 'a new army, whole')
  t.equal(pick(s, [hire('newConvoy', 3)]), null, 'never a convoy')
  const near = stateOf('a 1,3 leva=1; b 2,2 leva=1')
  near.cells['1,3']!.castle!.reserve = troops('leva=3')
  t.same(pick(near, offered.slice(0, 2)), hire('new', 2), 'b’s army 2 steps away: one leva stays as militia')
})

t.test('M8.5 the best step, fought by the plan that wins it best: that plan set first; M9.9 Pies ligeros before setting out', async (t) => {
  const s = stateOf('a 0,2 leva=4')
  const tribe = s.tribes.find((x) => x.id === 'a')!
  const wins = defaultPlan(troops('leva=4'))
  // Fleeing at the first loss (M8.14): it never wins.
  tribe.plan = { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'advance' }], flee: 100 }
  const west: ElMapaOrder = { type: 'step', army: 1, dir: 'W' }
  const south: ElMapaOrder = { type: 'step', army: 1, dir: 'S' }
  const setWins: ElMapaOrder = { type: 'setBattlePlan', plan: wins }
  const best = (offered: ElMapaOrder[]) => bestStep(sightWith(s, offered), mapaOf(s))
  t.match(best([west, south]), { step: south, worth: NEARER }, 'its own plan loses to the guards: a step nearer the madera mine instead')
  t.match(best([west, south, setWins]), { step: west, plan: wins }, 'the offered plan wins: into the guards')
  t.ok(best([west, south, setWins])!.worth > NEARER, 'worth more than the step nearer')
  t.same(pick(s, [south, west, setWins]), setWins, 'so that plan is set first')
  tribe.plan = wins
  t.same(pick(s, [south, west]), west, 'and then the step')
  const pies: ElMapaOrder = { type: 'cast', card: 'pies-1', army: 1 }
  t.same(pick(s, [south, west, pies]), pies, 'Pies ligeros first, while the army has not moved')
  s.armies[0]!.steps = 1
  t.same(pick(s, [south, west, pies]), west, 'not once it has')
  t.equal(pick(s, [{ type: 'step', army: 1, dir: 'E' }]), null, 'a step through a closed side is worth nothing')
})
