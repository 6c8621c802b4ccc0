// G6 battles and G7 bombardments, with scripted dice.
import t from 'tap'
import { at, open, play, refuse, world } from './dsl.ts'

t.test('G6.9 the worked example, die by die: a Tanque against a Muralla and a guard', async (t) => {
  let s = world(`
    monday  A  ale 6 tank=1, *
    tuesday B  efi 3 wall=1 guards=1 basic=4 ships=1, arn 1
  `)
  s = open(s, 'A')
  s.territories.efi!.guards = 1
  const { state, events } = play(s, 'A', { type: 'attack', from: 'ale', to: 'efi', troops: 5 }, [2, 6, 3, 5, 1, 4, 1, 2, 2, 3, 1, 5, 1, 2])
  const battle = events.find((e) => e.type === 'battle')!
  if (battle.type !== 'battle') throw new Error('no battle')
  t.same(battle.rounds, [
    { attack: [7, 3, 2], defence: [6, 4, 1], attackerLost: 1, defenderLost: 2 },
    { attack: [3, 2, 1], defence: [4], attackerLost: 1, defenderLost: 0 },
    { attack: [6, 1, 1], defence: [3], attackerLost: 0, defenderLost: 1 },
  ])
  t.equal(battle.dice.length, 14, 'the battle used 14 dice')
  t.same(
    battle.dice.map((d) => d.counter),
    [...Array(14).keys()],
    'drawn in order, attacker first',
  )
  t.ok(battle.conquered)
  t.match(at(state, 'efi'), { owner: 'A', troops: 3, wall: 0, ships: 0, guards: 0, ready: 0 })
  t.equal(at(state, 'efi').stock.basic, 0, 'G6.4 its stock is destroyed')
  t.match(battle.destroyed, { wall: 1, ships: 1, basic: 4 })
  t.equal(at(state, 'ale').troops, 1, 'the attackers left ale')
  t.equal(at(state, 'ale').stock.tank, 1, 'G6.2 the Tanque stays and is not spent')
  t.equal(state.rng.counter, 14)
})

t.test('G6.3 ties go to the defender; a Fortaleza adds 1 to every defence die', async (t) => {
  let s = open(
    world(`
    monday  A  bra 4, *
    tuesday B  arn 3 wall=2
  `),
    'A',
  )
  const tie = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }, [4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
  const b = tie.events.find((e) => e.type === 'battle')!
  if (b.type !== 'battle') throw new Error('no battle')
  t.same(b.rounds[0], { attack: [4, 4, 4], defence: [5, 5], attackerLost: 2, defenderLost: 0 }, 'G1.3 across the sea link, no ship; 4 against 5 twice')
  t.notOk(b.conquered)
  t.equal(at(tie.state, 'arn').troops, 3)
  t.equal(at(tie.state, 'bra').troops, 1)
  s = open(
    world(`
    monday  A  bra 3, *
    tuesday B  arn 2
  `),
    'A',
  )
  const win = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 2 }, [3, 3, 3, 3])
  const w = win.events.find((e) => e.type === 'battle')!
  if (w.type !== 'battle') throw new Error('no battle')
  t.same(w.rounds[0], { attack: [3, 3], defence: [3, 3], attackerLost: 2, defenderLost: 0 }, 'equal dice: the attacker loses both')
})

t.test('G6.1 N3.1 N3.2 an attack leaves one troop, needs a neighbour of another tribe, and ready troops', async (t) => {
  const s = open(
    world(`
    monday  A  bra 3, vce 2, *
    tuesday B  arn 2, efi 2
  `),
    'A',
  )
  t.match(refuse(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }), { code: 'conquest/would_empty', rule: 'G1.6' })
  t.match(refuse(s, 'A', { type: 'attack', from: 'bra', to: 'vce', troops: 1 }), { code: 'conquest/own_target', rule: 'G6.1' })
  t.match(refuse(s, 'A', { type: 'attack', from: 'vce', to: 'arn', troops: 1 }), { code: 'conquest/not_adjacent', rule: 'G6.1' })
  t.match(refuse(s, 'A', { type: 'attack', from: 'arn', to: 'bra', troops: 1 }), { code: 'conquest/not_yours', rule: 'G6.1' })
  t.match(refuse(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 0 }), { code: 'conquest/bad_count' })
  t.match(refuse(s, 'A', { type: 'attack', from: 'bra', to: 'zzz', troops: 1 }), { code: 'conquest/unknown_territory', rule: 'G1.1' })
  const spent = play(s, 'A', { type: 'guard', at: 'bra', troops: 2 }).state
  t.match(refuse(spent, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 2 }), { code: 'conquest/not_ready', rule: 'G2.4' })
})

t.test('G6.8 N3.6 guards roll a third die, fall first, and end at the next opening', async (t) => {
  let s = open(
    world(`
    monday  A  bra 5, *
    tuesday B  arn 2 guards=2
  `),
    'A',
  )
  const r = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 1 }, [6, 1, 1])
  const b = r.events.find((e) => e.type === 'battle')!
  if (b.type !== 'battle') throw new Error('no battle')
  t.same(b.rounds[0]!.defence, [1, 1], 'with 2 troops the defender rolls 2 dice, never more than its troops')
  t.match(at(r.state, 'arn'), { troops: 1, guards: 1 }, 'the loss came off the guards')
  s = open(
    world(`
    monday  A  bra 5, *
    tuesday B  arn 4
  `),
    'B',
  )
  s = play(s, 'B', { type: 'guard', at: 'arn', troops: 2 }).state
  s = play(s, 'B', { type: 'guard', at: 'arn', troops: 1 }).state
  t.match(at(s, 'arn'), { guards: 3, ready: 1 }, 'guard orders add up')
  s = open({ ...s, tribes: s.tribes.map((x) => ({ ...x, window: 'closed' as const })) }, 'B')
  t.equal(at(s, 'arn').guards, 0, 'G2.3 guards end when the window opens again')
})

t.test('G7.4 air strike: an anti-aircraft 6 downs the plane; else hits on 5 and 6, walls no help; Europa immune', async (t) => {
  const s = open(
    world(`
    monday  A  egi 3 planes=1, *
    tuesday B  sud 5 wall=2, pyu 4
  `),
    'A',
  )
  const down = play(s, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [6])
  t.match(down.events.at(-1), { type: 'bombarded', planeLost: true, removed: 0 })
  t.equal(at(down.state, 'egi').planes, 0)
  const hit = play(s, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [1, 5, 6])
  t.match(hit.events.at(-1), { type: 'bombarded', hits: 2, removed: 2, defender: 'B' })
  t.match(at(hit.state, 'egi'), { planes: 1, planesReady: 0 }, 'the plane stays, spent')
  t.match(refuse(s, 'A', { type: 'airStrike', from: 'egi', target: 'pyu' }), { code: 'conquest/europe_immune', rule: 'G7.2' })
  t.match(refuse(hit.state, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }), { code: 'conquest/no_ready_plane', rule: 'G7.4' })
})

t.test('G7.1 N3.9 bombardment never takes the last troop; a 1-troop target is refused', async (t) => {
  const s = open(
    world(`
    monday  A  egi 3 planes=2, *
    tuesday B  sud 2, con 1
  `),
    'A',
  )
  const r = play(s, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [1, 6, 6])
  t.match(r.events.at(-1), { hits: 2, removed: 1 })
  t.equal(at(r.state, 'sud').troops, 1)
  t.match(refuse(r.state, 'A', { type: 'airStrike', from: 'egi', target: 'con' }), { code: 'conquest/last_troop', rule: 'G7.1' })
})

t.test('G7.6 N3.11 naval bombardment: coasts only, sea distance 2, only 6s against a wall', async (t) => {
  const s = open(
    world(`
    monday  A  egi 3 ships=1, *
    tuesday B  sud 4 wall=1, mos 4, arn 4, apu 4
  `),
    'A',
  )
  t.match(refuse(s, 'A', { type: 'navalBombard', from: 'egi', target: 'mos' }), { code: 'conquest/inland', rule: 'G1.4' })
  t.match(refuse(s, 'A', { type: 'navalBombard', from: 'egi', target: 'apu' }), { code: 'conquest/out_of_range', rule: 'G7.6' })
  const r = play(s, 'A', { type: 'navalBombard', from: 'egi', target: 'sud' }, [5, 6])
  t.match(r.events.at(-1), { hits: 1, removed: 1 }, 'the 5 misses a wall')
  const open2 = play(s, 'A', { type: 'navalBombard', from: 'egi', target: 'arn' }, [5, 6])
  t.match(open2.events.at(-1), { hits: 2 })
})

t.test('G7.7 N3.19 Artillería fires once a window with a crew troop, 3 dice, range 2', async (t) => {
  let s = world(`
    monday  A  egi 3 artillery=1, *
    tuesday B  sud 5, pyu 5, chi 5
  `)
  s = open(s, 'A')
  const r = play(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'pyu' }, [5, 5, 1])
  t.match(r.events.at(-1), { hits: 2, removed: 2 }, 'Europa is not immune to Artillería')
  t.match(at(r.state, 'egi'), { ready: 2, artilleryReady: 0 })
  t.match(refuse(r.state, 'A', { type: 'fireArtillery', from: 'egi', target: 'sud' }), { code: 'conquest/no_ready_artillery', rule: 'G7.7' })
  t.match(refuse(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'chi' }), { code: 'conquest/out_of_range' })
})

t.test('G7.8 N3.8 a Misil: 3 troops and a wall level, no dice; a walled 1-troop target is allowed; Europa immune', async (t) => {
  const s = open(
    world(`
    monday  A  egi 3 missile=2, *
    tuesday B  sud 5 wall=2, con 1 wall=1, pyu 5, aus 5
  `),
    'A',
  )
  const r = play(s, 'A', { type: 'launchMissile', from: 'egi', target: 'sud' })
  t.match(at(r.state, 'sud'), { troops: 2, wall: 1 })
  t.equal(r.state.rng.counter, 0, 'no die drawn')
  const wall = play(r.state, 'A', { type: 'launchMissile', from: 'egi', target: 'con' })
  t.match(at(wall.state, 'con'), { troops: 1, wall: 0 })
  t.match(wall.events.at(-1), { removed: 0, wallLowered: true })
  t.match(refuse(s, 'A', { type: 'launchMissile', from: 'egi', target: 'pyu' }), { code: 'conquest/europe_immune' })
  t.match(refuse(s, 'A', { type: 'launchMissile', from: 'egi', target: 'aus' }), { code: 'conquest/out_of_range', rule: 'G7.8' })
  t.match(refuse(wall.state, 'A', { type: 'launchMissile', from: 'egi', target: 'sud' }), { code: 'conquest/no_weapon', rule: 'G7.8' })
})

t.test('G7.9 an Arma biológica halves an adjacent target, at most 6; walls and Europa no help', async (t) => {
  const s = open(
    world(`
    monday  A  egi 3 bio=2, *
    tuesday B  pyu 20 wall=2, sud 5, asu 5
  `),
    'A',
  )
  const r = play(s, 'A', { type: 'releaseBio', from: 'egi', target: 'pyu' })
  t.equal(at(r.state, 'pyu').troops, 14)
  const r2 = play(r.state, 'A', { type: 'releaseBio', from: 'egi', target: 'sud' })
  t.equal(at(r2.state, 'sud').troops, 3)
  t.match(refuse(s, 'A', { type: 'releaseBio', from: 'egi', target: 'asu' }), { code: 'conquest/not_adjacent', rule: 'G7.9' })
  t.match(refuse(r2.state, 'A', { type: 'releaseBio', from: 'egi', target: 'sud' }), { code: 'conquest/no_weapon', rule: 'G7.9' })
})
