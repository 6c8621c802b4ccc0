// World conquest's rounds, stocks, moves, battles, trades and dice: the rules no other test
// cited (#26), each checked on a board written as territory lists.
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import type { ConquestState } from '../../../src/engine/games/conquest/types.ts'
import { GOODS } from '../../../src/engine/games/conquest/work.ts'
import { distance, RARE, RESOURCES, TERRITORIES, WEAPONS } from '../../../src/engine/games/conquest/world.ts'
import { hmacRng } from '../../../src/engine/kernel/rng.ts'
import { at, close, open, play, refuse, system, world } from './dsl.ts'

const goodsOf = (s: ConquestState, tribe: string) => {
  const total: Record<string, number> = {}
  for (const x of Object.values(s.territories)) if (x.owner === tribe) for (const g of GOODS) total[g] = (total[g] ?? 0) + x.stock[g] + x.incoming[g]
  return total
}

t.test('G2.1 a round is one tick: round k follows the k-th tick after tick 0, and the campaign has at most L rounds', async (t) => {
  let s = world(
    `
    monday  A  egi 3, *
    tuesday B  asu 3
  `,
    { round: 1, roundLimit: 2 },
  )
  s = system(s, { type: 'tick', at: 0 })
  t.equal(s.round, 2, 'the tick ending round 1 begins round 2')
  t.equal(s.status, 'running')
  s = system(s, { type: 'tick', at: 0 })
  t.equal(s.status, 'finished', 'the tick ending round L ends the campaign')
  t.equal(s.round, 2, 'no round L + 1')
  t.equal(s.result?.reason, 'roundLimit')
})

t.test('G2.5 each action spends the ready troops it names: move, attack, guard, gather and build', async (t) => {
  let s = open(
    world(`
    monday  A  egi 12 basic=8, sud 2, *
    tuesday B  asu 2
  `),
    'A',
  )
  t.equal(at(s, 'egi').ready, 12)
  s = play(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 2 }).state
  t.equal(at(s, 'egi').ready, 10, 'a move spends its troops')
  s = play(s, 'A', { type: 'guard', at: 'egi', troops: 1 }).state
  t.equal(at(s, 'egi').ready, 9, 'a guard spends its troops')
  s = play(s, 'A', { type: 'gather', at: 'egi', troops: 1 }).state
  t.equal(at(s, 'egi').ready, 8, 'a gather spends its troops')
  s = play(s, 'A', { type: 'build', at: 'egi', kind: 'troop', count: 2 }).state
  t.equal(at(s, 'egi').ready, 6, 'a build spends one troop for each thing built')
  s = play(s, 'A', { type: 'attack', from: 'sud', to: 'asu', troops: 1 }, [1, 6, 6]).state
  t.equal(at(s, 'sud').ready, 1, 'an attack spends its attackers (the 2 moved in are not ready: G2.7)')
  t.match(refuse(s, 'A', { type: 'guard', at: 'egi', troops: 7 }), { code: 'conquest/not_ready', rule: 'G2.4' }, 'no more than the ready troops')
})

t.test('G2.12 a tribe that misses its window loses only those actions: its reinforcement list holds and its troops defend', async (t) => {
  let s = world(`
    monday  A  sud 3, *
    tuesday B  asu 4, mad 1
  `)
  s.tribes[1]!.reinforcementList = ['mad']
  s = close(open(s, 'B'), 'B') // B gives no order
  s = open(s, 'A')
  const battle = play(s, 'A', { type: 'attack', from: 'sud', to: 'asu', troops: 2 }, [1, 1, 6, 6]).events.find((e) => e.type === 'battle')
  t.match(battle, { conquered: false, defender: 'B' }, "B's troops defend though B did not play")
  s = close(s, 'A')
  s = system(s, { type: 'tick', at: 0 })
  t.equal(at(s, 'mad').troops, 2, "B's list still places its reinforcement (2 territories give 1)")
})

t.test("G4.1 G4.3 ten resource kinds; each territory has one intermediate and its continent's rare, if any", async (t) => {
  t.equal(RESOURCES.length, 10)
  t.same([...RESOURCES], ['basic', 'oil', 'net', 'lithium', 'nuclear', 'tribes', 'tech', 'niobium', 'virus', 'labour'])
  t.same([...WEAPONS], ['tank', 'artillery', 'missile', 'bio'], 'and four weapons, counted apart')
  t.equal(TERRITORIES.length, 42)
  t.ok(
    TERRITORIES.every((x) => x.intermediate === 'treasure' || ['oil', 'net', 'lithium', 'nuclear', 'tribes'].includes(x.intermediate)),
    'one intermediate each',
  )
  t.same(RARE, { NA: 'tech', SA: 'niobium', EU: null, AF: 'virus', AS: 'labour', OC: null }, 'the rares by continent; Europa and Oceanía have none')
  const s = open(
    world(`
    monday  A  egi 4, *
    tuesday B  asu 2
  `),
    'A',
  )
  t.match(
    play(s, 'A', { type: 'gather', at: 'egi', troops: 3 }).events.find((e) => e.type === 'gathered'),
    { gained: { basic: 1, oil: 1, virus: 1 } },
    "egi (Africa, oil) gives its intermediate and Africa's rare",
  )
})

t.test('G4.2 G4.12 each territory keeps its own stock: a build pays only from there, and resources never turn into others', async (t) => {
  let s = open(
    world(`
    monday  A  egi 4 basic=8, sud 4, *
    tuesday B  asu 2
  `),
    'A',
  )
  t.match(
    refuse(s, 'A', { type: 'build', at: 'sud', kind: 'troop', count: 1 }),
    { code: 'conquest/cannot_afford', rule: 'G4.7' },
    "sud cannot pay with egi's Básicos",
  )
  const before = goodsOf(s, 'A')
  s = play(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { basic: 4 } }).state
  t.same(goodsOf(s, 'A'), before, 'carried, not converted: the same goods in all')
  s = play(s, 'A', { type: 'build', at: 'egi', kind: 'troop', count: 1 }).state
  t.equal(at(s, 'egi').stock.basic, 0, "the troop cost egi's last 4 Básicos")
  t.equal(goodsOf(s, 'A').basic, before.basic! - 4, 'spent, and nothing else changed kind')
})

t.test('G4.6 treasure goes to the stock of the territory that gathered it; a treasure weapon arrives there as incoming', async (t) => {
  const s = open(
    world(`
    monday  A  aus 4, *
    tuesday B  asu 2
  `),
    'A',
  )
  const resources = play(s, 'A', { type: 'gather', at: 'aus', troops: 2 }, [1, 1])
  t.match(
    resources.events.find((e) => e.type === 'gathered'),
    { gained: { basic: 3 } },
    'one Básico and a treasure of two',
  )
  t.equal(at(resources.state, 'aus').stock.basic, 3, "in aus's own stock")
  const weapon = play(s, 'A', { type: 'gather', at: 'aus', troops: 2 }, [6, 6, 1])
  t.equal(at(weapon.state, 'aus').incoming.tank, 1, 'a Tanque, incoming at aus')
  t.equal(at(weapon.state, 'aus').stock.tank, 0, 'not usable in this window')
})

t.test('G4.10 G7.10 a wall, planes and ships are lost with their territory, and with nothing else', async (t) => {
  const s = open(
    world(`
    monday  A  egi 6 planes=2, *
    tuesday B  sud 1 wall=1 planes=1 ships=1
  `),
    'A',
  )
  const lost = play(s, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 4 }, [6, 6, 6, 1])
  t.ok(lost.events.some((e) => e.type === 'battle' && e.conquered))
  t.match(at(lost.state, 'sud'), { owner: 'A', wall: 0, planes: 0, ships: 0 }, 'conquered: the wall is destroyed, the planes and the ship lost')
  t.equal(at(lost.state, 'egi').planes, 2, "the attacker's planes fought in no battle and lost nothing")
})

t.test("G5.1 G5.4 a move goes to an adjacent territory of one's own, leaves one troop behind, and takes no plane or ship", async (t) => {
  const s = open(
    world(`
    monday  A  egi 3 planes=1 ships=1, sud 1, asu 1, *
    tuesday B  con 2
  `),
    'A',
  )
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'asu', troops: 1 }), { code: 'conquest/not_adjacent' }, 'asu is not next to egi')
  t.match(
    refuse(s, 'A', { type: 'move', from: 'sud', to: 'con', troops: 1 }),
    { code: 'conquest/enemy_territory', rule: 'G5.3' },
    "not into another tribe's territory: that is an attack",
  )
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 3 }), { code: 'conquest/would_empty', rule: 'G1.6' }, 'one troop stays')
  t.match(
    refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { planes: 1 } as never }),
    { code: 'conquest/bad_cargo', rule: 'G5.1' },
    'a plane never rides a land move (G5.4)',
  )
  const moved = play(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 2 }).state
  t.match(at(moved, 'egi'), { troops: 1, planes: 1, ships: 1 }, 'the plane and the ship stay')
  t.equal(at(moved, 'sud').troops, 3)
})

t.test('G6.5 G6.6 the defender wins with the survivors and what is left of its guards; nothing but dice, Tanque and wall decides', async (t) => {
  const board = (extra: string) =>
    open(
      world(`
    monday  A  egi 3, *
    tuesday B  sud 3 guards=2${extra}
  `),
      'A',
    )
  const plain = board('')
  plain.territories.sud!.guards = 2
  const rich = board(' basic=9 oil=3 planes=2 ships=1')
  rich.territories.sud!.guards = 2
  rich.territories.sud!.ready = 3
  const dice = [1, 1, 6, 6, 6, 1, 6, 6]
  const a = play(plain, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 2 }, dice)
  const b = play(rich, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 2 }, dice)
  const battleA = a.events.find((e) => e.type === 'battle')!
  const battleB = b.events.find((e) => e.type === 'battle')!
  t.same(battleA.type === 'battle' && battleA.rounds, battleB.type === 'battle' && battleB.rounds, 'stocks, planes, ships and readiness change nothing')
  t.notOk(battleA.type === 'battle' && battleA.conquered, 'the defender won')
  t.match(at(a.state, 'sud'), { owner: 'B', troops: 3, guards: 2 }, 'it keeps its surviving troops and guards')
})

t.test('G6.7 any number of attacks in one window, from any territories, each its own battle', async (t) => {
  let s = open(
    world(`
    monday  A  egi 4, mor 4, *
    tuesday B  sud 5
  `),
    'A',
  )
  const first = play(s, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 1 }, [1, 6, 6])
  s = first.state
  const second = play(s, 'A', { type: 'attack', from: 'mor', to: 'sud', troops: 1 }, [1, 6, 6])
  s = second.state
  const third = play(s, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 1 }, [1, 6, 6])
  t.equal([first, second, third].map((x) => x.events.filter((e) => e.type === 'battle').length).join(), '1,1,1', 'three battles')
  t.equal(at(third.state, 'egi').troops, 2)
})

t.test('G7.11 ranges: an air strike reaches any territory, a naval bombardment only a coastal one, a biological weapon only a neighbour', async (t) => {
  const inland = TERRITORIES.find((x) => !x.coastal && x.continent !== 'EU' && distance('egi', x.id) <= 3)!.id
  const s = open(
    world(`
    monday  A  egi 4 planes=1 ships=1 bio=1, *
    tuesday B  ${inland} 2, asu 2
  `),
    'A',
  )
  s.territories.egi!.planesReady = 1
  s.territories.egi!.shipsReady = 1
  t.ok(conquest.applyOrder(s, 'A', { type: 'airStrike', from: 'egi', target: inland }, hmacRng).ok, 'a plane strikes far inland')
  t.match(refuse(s, 'A', { type: 'navalBombard', from: 'egi', target: inland }), { code: 'conquest/inland' }, 'a ship does not reach inland')
  t.match(
    refuse(s, 'A', { type: 'releaseBio', from: 'egi', target: 'asu' }),
    { code: 'conquest/not_adjacent', rule: 'G7.9' },
    'a biological weapon only next door',
  )
})

t.test('G9.1 G9.6 a trade is all or nothing and not bound to windows; it is never refused for helping an objective', async (t) => {
  const s = world(`
    monday  A  egi 3, sud 3, *
    tuesday B  asu 3, mad 1
  `)
  s.tribes[1]!.objective = 'O1'
  const bad = conquest.applySystem(
    s,
    {
      type: 'executeTrade',
      transfers: [
        { from: 'A', to: 'B', tiles: ['egi'] },
        { from: 'B', to: 'A', tiles: ['nowhere'] },
      ],
    },
    hmacRng,
  )
  t.notOk(bad.ok, 'one bad transfer refuses the trade')
  t.equal(at(s, 'egi').owner, 'A', 'and nothing moved')
  const good = conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['egi', 'sud'] }] }, hmacRng)
  t.ok(good.ok, 'every window closed, the trade executes')
  if (good.ok) t.equal(good.state.territories.sud!.owner, 'B', "whatever it does for B's secret objective")
})

t.test('G10.2 G10.3 G10.4 the log names who eliminated a tribe; the last tribe wins; nobody is eliminated for doing nothing', async (t) => {
  let s = world(`
    monday  A  egi 6, *
    tuesday B  sud 1
    wednesday C  mad 1
  `)
  // C never plays: rounds pass and it stays in.
  for (let round = 0; round < 3; round++) s = system(close(open(s, 'A'), 'A'), { type: 'tick', at: 0 })
  t.notOk(s.tribes[2]!.eliminated, 'C is still in after three silent rounds (G10.4)')
  s = open(s, 'A')
  const { state, events } = play(s, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 5 }, [6, 6, 6, 1, 1])
  t.match(
    events.find((e) => e.type === 'eliminated'),
    { tribe: 'B', by: 'A' },
    "B eliminated by A's attack",
  )
  const traded = conquest.applySystem(close(state, 'A'), { type: 'executeTrade', transfers: [{ from: 'C', to: 'A', tiles: ['mad'] }] }, hmacRng)
  if (!traded.ok) throw new Error(traded.error.code)
  t.match(
    traded.events.find((e) => e.type === 'eliminated'),
    { tribe: 'C', by: 'trade' },
    'C gone by trade',
  )
  t.match(traded.state.result, { reason: 'lastTribe', winners: ['A'] }, 'A, the last, wins (G10.3)')
})

t.test("G11.2 G11.6 every die is a d6 of the round's seed, (u mod 6) + 1, drawn with the counter in the battle's order", async (t) => {
  const s = open(
    world(`
    monday  A  egi 5, *
    tuesday B  sud 4
  `),
    'A',
  )
  s.rng = { seed: 'a-round-seed-for-g11', counter: 7 }
  const { state, events } = play(s, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 4 })
  const battle = events.find((e) => e.type === 'battle')!
  if (battle.type !== 'battle') throw new Error('no battle')
  t.same(
    battle.dice.map((d) => d.counter),
    battle.dice.map((_, i) => 7 + i),
    "counters from the state's, one by one",
  )
  t.same(
    battle.dice.map((d) => d.face),
    battle.dice.map((d) => (hmacRng('a-round-seed-for-g11', d.counter) % 6) + 1),
    'each face from HMAC-SHA-256(seed, counter)',
  )
  t.equal(state.rng.counter, 7 + battle.dice.length, 'the counter moved on by the dice drawn')
  const first = battle.rounds[0]!
  t.same(
    battle.dice.slice(0, first.attack.length + first.defence.length).length,
    first.attack.length + first.defence.length,
    'attack dice, then defence dice, round by round (G6.3)',
  )
})
