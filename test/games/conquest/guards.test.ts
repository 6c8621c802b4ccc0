// The edges of the G6 and G7 rules: exact ranges, guards under fire, what a conquest destroys.
// Each test sits on a boundary the rule book draws (a range, a count, a level), one step inside
// and one step outside.
import t from 'tap'
import { at, open, play, refuse, world } from './dsl.ts'

const battleOf = (events: { type: string }[]) => {
  const b = events.find((e) => e.type === 'battle')
  if (!b || b.type !== 'battle') throw new Error('no battle')
  return b as Extract<ReturnType<typeof play>['events'][number], { type: 'battle' }>
}

t.test('G7.4 G7.7 G7.8 G7.11 each range reaches exactly its distance and not one link more', async (t) => {
  // From Egipto: India is 2 links away, China 3, Dudinka 4, Groelandia 5.
  const s = open(
    world(`
    monday  A  egi 5 planes=1 artillery=1 missile=1, *
    tuesday B  ind 5, chi 5, dud 5, gro 5
  `),
    'A',
  )
  t.match(
    play(s, 'A', { type: 'airStrike', from: 'egi', target: 'chi' }, [1, 5, 5]).events.at(-1),
    { type: 'bombarded', target: 'chi', removed: 2 },
    'an air strike reaches 3 links',
  )
  t.match(refuse(s, 'A', { type: 'airStrike', from: 'egi', target: 'dud' }), { code: 'conquest/out_of_range', rule: 'G7.4' }, 'and not 4')
  t.match(
    play(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'ind' }, [5, 5, 5]).events.at(-1),
    { type: 'bombarded', target: 'ind', removed: 3 },
    'Artillería reaches 2 links',
  )
  t.match(refuse(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'chi' }), { code: 'conquest/out_of_range', rule: 'G7.7' }, 'and not 3')
  t.match(
    play(s, 'A', { type: 'launchMissile', from: 'egi', target: 'dud' }).events.at(-1),
    { type: 'bombarded', target: 'dud', removed: 3 },
    'a Misil reaches 4 links',
  )
  t.match(refuse(s, 'A', { type: 'launchMissile', from: 'egi', target: 'gro' }), { code: 'conquest/out_of_range', rule: 'G7.8' }, 'and not 5')
})

t.test('G7.6 G1.5 a naval bombardment reaches 2 links by sea, measured on coasts only', async (t) => {
  // From Egipto India is 2 sea links away and China 3. From Suecia, Medio Oriente is 2 links by
  // land (through inland Moscú) but 3 by sea.
  const s = open(
    world(`
    monday  A  egi 3 ships=1, sue 3 ships=1, *
    tuesday B  ind 5, chi 5, mor 5
  `),
    'A',
  )
  t.match(play(s, 'A', { type: 'navalBombard', from: 'egi', target: 'ind' }, [5, 6]).events.at(-1), { type: 'bombarded', target: 'ind', hits: 2, removed: 2 })
  t.match(refuse(s, 'A', { type: 'navalBombard', from: 'egi', target: 'chi' }), { code: 'conquest/out_of_range', rule: 'G7.6' })
  t.match(
    refuse(s, 'A', { type: 'navalBombard', from: 'sue', target: 'mor' }),
    { code: 'conquest/out_of_range', rule: 'G7.6' },
    'the land path through Moscú is no sea path',
  )
})

t.test('G7.3 G7.5 G1.5 a plane flies 3 links, a ship sails 3 sea links, not one more', async (t) => {
  // From Egipto: China is 3 links by land and by sea, Dudinka 4. From Suecia, Dudinka is 3 links
  // by land but 6 by sea.
  const s = open(
    world(`
    monday  A  egi 9 planes=1 ships=1, sue 3 ships=1, chi 1, dud 1, *
    tuesday B  pyu 2
  `),
    'A',
  )
  t.match(at(play(s, 'A', { type: 'fly', from: 'egi', to: 'chi', troops: 1 }).state, 'chi'), { troops: 2, planes: 1 }, 'a plane flies 3 links')
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'dud' }), { code: 'conquest/out_of_range', rule: 'G7.3' }, 'and not 4')
  t.match(at(play(s, 'A', { type: 'sail', from: 'egi', to: 'chi', troops: 1 }).state, 'chi'), { troops: 2, ships: 1 }, 'a ship sails 3 sea links')
  t.match(refuse(s, 'A', { type: 'sail', from: 'egi', to: 'dud' }), { code: 'conquest/out_of_range', rule: 'G7.5' }, 'and not 4')
  t.match(
    refuse(s, 'A', { type: 'sail', from: 'sue', to: 'dud' }),
    { code: 'conquest/out_of_range', rule: 'G7.5' },
    'Dudinka is 3 links from Suecia by land, 6 by sea',
  )
})

t.test('G7.1 G7.8 N3.8 only a Misil may aim at a 1-troop territory, and only at one with a wall', async (t) => {
  const s = open(
    world(`
    monday  A  egi 5 planes=1 ships=1 artillery=1 missile=1, *
    tuesday B  con 1 wall=1, sud 1, mor 2
  `),
    'A',
  )
  t.match(
    refuse(s, 'A', { type: 'airStrike', from: 'egi', target: 'con' }),
    { code: 'conquest/last_troop', rule: 'G7.1' },
    'a wall does not open a 1-troop target to a plane',
  )
  t.match(refuse(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'con' }), { code: 'conquest/last_troop', rule: 'G7.1' }, 'nor to Artillería')
  t.match(refuse(s, 'A', { type: 'navalBombard', from: 'egi', target: 'con' }), { code: 'conquest/last_troop', rule: 'G7.1' }, 'nor to a ship')
  t.match(
    refuse(s, 'A', { type: 'launchMissile', from: 'egi', target: 'sud' }),
    { code: 'conquest/last_troop', rule: 'G7.1' },
    'a Misil on 1 troop and no wall',
  )
  const two = play(s, 'A', { type: 'launchMissile', from: 'egi', target: 'mor' })
  t.match(two.events.at(-1), { type: 'bombarded', hits: 3, removed: 1, wallLowered: false }, 'a 2-troop target loses 1 troop to a Misil')
  t.match(at(two.state, 'mor'), { troops: 1, wall: 0 })
})

t.test("G6.8 N3.7 bombardment hits take guards first; the target's troops stay unready outside its window", async (t) => {
  const s = open(
    world(`
    monday  A  egi 3 planes=1 ships=1, *
    tuesday B  sud 5 guards=3, arn 4 guards=1
  `),
    'A',
  )
  const air = play(s, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [1, 5, 6])
  t.match(at(air.state, 'sud'), { troops: 3, guards: 1, ready: 0 }, '2 hits: 2 guards fall, 1 is left')
  const sea = play(s, 'A', { type: 'navalBombard', from: 'egi', target: 'arn' }, [6, 6])
  t.match(at(sea.state, 'arn'), { troops: 2, guards: 0, ready: 0 }, '2 hits on 1 guard: the guard and one more troop, never a negative guard count')
})

t.test('G6.3 G6.8 guards fall one by one: with one guard left the defender still rolls 3 dice', async (t) => {
  const s = open(
    world(`
    monday  A  bra 6, *
    tuesday B  arn 5 guards=2
  `),
    'A',
  )
  // Round 1: 6 1 1 against 5 5 5, the defender loses 1 (a guard) and the attacker 2.
  // Round 2: 1 1 1 against 6 6 6, the attacker loses its last 3.
  const r = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 5 }, [6, 1, 1, 5, 5, 5, 1, 1, 1, 6, 6, 6])
  const b = battleOf(r.events)
  t.same(b.rounds, [
    { attack: [6, 1, 1], defence: [5, 5, 5], attackerLost: 2, defenderLost: 1 },
    { attack: [1, 1, 1], defence: [6, 6, 6], attackerLost: 3, defenderLost: 0 },
  ])
  t.notOk(b.conquered)
  t.match(at(r.state, 'arn'), { owner: 'B', troops: 4, guards: 1, ready: 0 }, 'G6.5 the defender keeps its survivors and what is left of its guards')
  t.match(at(r.state, 'bra'), { troops: 1, ready: 1 }, 'the 5 attackers are gone; the troop that stayed is still ready')
})

t.test('G6.4 N3.4 a conquest destroys stock, incoming goods, wall, planes and ships, and clears every mark', async (t) => {
  let s = world(`
    monday  A  bra 4, *
    tuesday B  arn 1 basic=2 oil=1 in.oil=2 in.tank=1 planes=1
  `)
  // Argelia-Nigeria was A's once, lost since: the default list puts it last again (G3.4).
  s.tribes[0]!.acquired = ['arn', 'bra']
  s.territories.arn!.gathered = true
  s = open(s, 'A')
  const r = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }, [6, 6, 6, 1])
  const b = battleOf(r.events)
  t.ok(b.conquered)
  t.same(b.destroyed, { basic: 2, oil: 3, tank: 1, planes: 1 }, 'stock and incoming goods together; no wall or ship to list')
  t.match(at(r.state, 'arn'), {
    owner: 'A',
    troops: 3,
    ready: 0,
    guards: 0,
    gathered: false,
    wall: 0,
    artilleryReady: 0,
    planes: 0,
    planesReady: 0,
    ships: 0,
    shipsReady: 0,
  })
  t.ok(
    Object.values(at(r.state, 'arn').stock).every((n) => n === 0),
    'nothing left in the stock',
  )
  t.ok(
    Object.values(at(r.state, 'arn').incoming).every((n) => n === 0),
    'nothing left arriving',
  )
  t.same(r.state.tribes[0]!.acquired, ['bra', 'arn'], 'G3.4 acquired once, in the order it came to be owned')
  t.match(r.state.tribes[1], { eliminated: true, eliminatedBy: 'A' }, 'G10.1 B lost its last territory')
})

t.test('G6.4 a conquest with a wall and ships lists them destroyed, and nothing that was not there', async (t) => {
  const s = open(
    world(`
    monday  A  bra 4 tank=2, *
    tuesday B  arn 1 wall=2 ships=2, egi 3
  `),
    'A',
  )
  // The Tanque adds 1 to the highest attack die, the Fortaleza 1 to each defence die.
  const r = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 2 }, [5, 1, 5, 1, 1])
  const b = battleOf(r.events)
  t.same(
    b.rounds,
    [
      { attack: [6, 1], defence: [6], attackerLost: 1, defenderLost: 0 },
      { attack: [2], defence: [2], attackerLost: 1, defenderLost: 0 },
    ],
    'both rounds: a tie after the bonuses goes to the defender',
  )
  t.notOk(b.conquered)
  t.notOk('destroyed' in b, 'no conquest, nothing destroyed')
  t.match(at(r.state, 'arn'), { troops: 1, wall: 2, ships: 2 })
  const won = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 2 }, [6, 1, 5])
  const w = battleOf(won.events)
  t.same(w.rounds, [{ attack: [7, 1], defence: [6], attackerLost: 0, defenderLost: 1 }])
  t.same(w.destroyed, { wall: 2, ships: 2 })
  t.equal(at(won.state, 'bra').stock.tank, 2, 'G6.2 the Tanques stay')
  t.equal(r.state.tribes[1]!.eliminated, false)
})

t.test('G6.3 G6.8 the last guard falls: from then on the defender rolls 2 dice', async (t) => {
  const s = open(
    world(`
    monday  A  bra 8, *
    tuesday B  arn 5 guards=1
  `),
    'A',
  )
  // Round 1: 6 1 1 against 5 5 5, the guard falls. Round 2: 1 1 against 6 6, the last 2 attackers fall.
  const r = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 4 }, [6, 1, 1, 5, 5, 5, 1, 1, 6, 6])
  const b = battleOf(r.events)
  t.same(b.rounds[0], { attack: [6, 1, 1], defence: [5, 5, 5], attackerLost: 2, defenderLost: 1 })
  t.same(b.rounds[1], { attack: [1, 1], defence: [6, 6], attackerLost: 2, defenderLost: 0 }, 'no guard left: 2 dice against 4 troops')
  t.same(b.rounds.length, 2)
  t.match(at(r.state, 'arn'), { troops: 4, guards: 0 })
})

t.test('G7.1 G7.4 G7.6 G7.7 each bombardment is logged with its kind, its dice and its hits', async (t) => {
  const s = open(
    world(`
    monday  A  egi 6 planes=1 ships=1 artillery=1 missile=1 bio=1, *
    tuesday B  sud 9, ind 9
  `),
    'A',
  )
  const air = play(s, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [2, 5, 4])
  t.same(air.events.at(-1), {
    type: 'bombarded',
    tribe: 'A',
    defender: 'B',
    kind: 'airStrike',
    from: 'egi',
    target: 'sud',
    dice: [
      { counter: 0, face: 2 },
      { counter: 1, face: 5 },
      { counter: 2, face: 4 },
    ],
    hits: 1,
    removed: 1,
  })
  t.equal(air.state.rng.counter, 3, 'an anti-aircraft die and 2 strike dice')
  const down = play(s, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [6])
  t.same(down.events.at(-1), {
    type: 'bombarded',
    tribe: 'A',
    defender: 'B',
    kind: 'airStrike',
    from: 'egi',
    target: 'sud',
    dice: [{ counter: 0, face: 6 }],
    hits: 0,
    removed: 0,
    planeLost: true,
  })
  t.match(at(down.state, 'egi'), { planes: 0, planesReady: 0 })
  const sea = play(s, 'A', { type: 'navalBombard', from: 'egi', target: 'sud' }, [5, 1])
  t.same(sea.events.at(-1), {
    type: 'bombarded',
    tribe: 'A',
    defender: 'B',
    kind: 'navalBombard',
    from: 'egi',
    target: 'sud',
    dice: [
      { counter: 0, face: 5 },
      { counter: 1, face: 1 },
    ],
    hits: 1,
    removed: 1,
  })
  t.equal(sea.state.rng.counter, 2, 'two dice')
  t.match(at(sea.state, 'egi'), { ships: 1, shipsReady: 0, troops: 6, ready: 6 }, 'G7.6 the ship stays, spent; no troop is used')
  t.match(refuse(sea.state, 'A', { type: 'navalBombard', from: 'egi', target: 'sud' }), { code: 'conquest/no_ready_ship', rule: 'G7.6' })
  const gun = play(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'sud' }, [6, 5, 4])
  t.same(gun.events.at(-1), {
    type: 'bombarded',
    tribe: 'A',
    defender: 'B',
    kind: 'fireArtillery',
    from: 'egi',
    target: 'sud',
    dice: [
      { counter: 0, face: 6 },
      { counter: 1, face: 5 },
      { counter: 2, face: 4 },
    ],
    hits: 2,
    removed: 2,
  })
  t.equal(gun.state.rng.counter, 3, 'three dice')
  t.match(at(gun.state, 'egi'), { troops: 6, ready: 5, artilleryReady: 0 }, 'G7.7 the crew troop is spent and stays')
  t.equal(at(gun.state, 'egi').stock.artillery, 1, 'the piece stays')
  const missile = play(s, 'A', { type: 'launchMissile', from: 'egi', target: 'sud' })
  t.same(missile.events.at(-1), {
    type: 'bombarded',
    tribe: 'A',
    defender: 'B',
    kind: 'launchMissile',
    from: 'egi',
    target: 'sud',
    dice: [],
    hits: 3,
    removed: 3,
    wallLowered: false,
  })
  t.match(at(missile.state, 'egi'), { troops: 6, ready: 5 }, 'G7.8 the crew troop is spent and stays')
  t.equal(at(missile.state, 'egi').stock.missile, 0, 'the Misil is used up')
  const bio = play(s, 'A', { type: 'releaseBio', from: 'egi', target: 'sud' })
  t.same(bio.events.at(-1), { type: 'bombarded', tribe: 'A', defender: 'B', kind: 'releaseBio', from: 'egi', target: 'sud', dice: [], hits: 4, removed: 4 })
  t.match(at(bio.state, 'egi'), { troops: 6, ready: 5 }, 'G7.9 the crew troop is spent and stays')
  t.equal(at(bio.state, 'egi').stock.bio, 0)
  t.equal(bio.state.rng.counter, 0, 'no dice')
})

t.test('G7.6 G7.7 G7.11 against a wall only a 6 hits, for ships and Artillería; Artillería reaches inland', async (t) => {
  const s = open(
    world(`
    monday  A  egi 6 ships=1 artillery=1, *
    tuesday B  sud 9 wall=1, ara 9
  `),
    'A',
  )
  t.match(play(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'sud' }, [6, 5, 5]).events.at(-1), { hits: 1, removed: 1 })
  t.match(
    play(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'ara' }, [6, 5, 4]).events.at(-1),
    { target: 'ara', hits: 2 },
    'inland Aral, 2 links by land',
  )
  t.match(play(s, 'A', { type: 'navalBombard', from: 'egi', target: 'sud' }, [5, 6]).events.at(-1), { hits: 1 })
  const fort = open(
    world(`
    monday  A  egi 6 missile=1, *
    tuesday B  sud 9 wall=2, mon 9
  `),
    'A',
  )
  t.match(
    at(play(fort, 'A', { type: 'launchMissile', from: 'egi', target: 'mon' }).state, 'mon'),
    { troops: 6 },
    'a Misil reaches inland Mongolia, 4 links away',
  )
})

t.test('G7.1–G7.9 a refused strike names its field, its rule and, out of range, the distance', async (t) => {
  const s = open(
    world(`
    monday  A  egi 6 planes=1 ships=1 artillery=1 missile=1 bio=1, sud 2, *
    tuesday B  asu 9, chi 9, dud 9, gro 9, mor 9
  `),
    'A',
  )
  const orders = [
    ['airStrike', 'G7.4'],
    ['navalBombard', 'G7.6'],
    ['fireArtillery', 'G7.7'],
    ['launchMissile', 'G7.8'],
    ['releaseBio', 'G7.9'],
  ] as const
  for (const [type, rule] of orders) {
    t.match(
      refuse(s, 'A', { type, from: 'mor', target: 'asu' }),
      { code: 'conquest/not_yours', rule, message: /^from: mor belongs to another tribe/ },
      `${type}: from`,
    )
    t.match(
      refuse(s, 'A', { type, from: 'egi', target: 'sud' }),
      { code: 'conquest/own_target', rule, message: /^target: sud is your own territory/ },
      `${type}: target`,
    )
  }
  t.match(refuse(s, 'A', { type: 'airStrike', from: 'egi', target: 'dud' }), { message: /dud is 4 links from egi; the range is 3/ })
  t.match(refuse(s, 'A', { type: 'navalBombard', from: 'egi', target: 'chi' }), { message: /chi is 3 sea links from egi; the range is 2/ })
  t.match(refuse(s, 'A', { type: 'attack', from: 'mor', to: 'asu', troops: 1 }), { code: 'conquest/not_yours', rule: 'G6.1', message: /^from: / })
  t.match(refuse(s, 'A', { type: 'attack', from: 'egi', to: 'sud', troops: 1 }), { code: 'conquest/own_target', rule: 'G6.1', message: /^to: / })
  t.match(refuse(s, 'A', { type: 'attack', from: 'egi', to: 'mor', troops: 0 }), {
    code: 'conquest/bad_count',
    rule: 'G6.1',
    message: /^troops must be a whole number from 1; got 0/,
  })
  t.match(refuse(s, 'A', { type: 'attack', from: 'egi', to: 'asu', troops: 1 }), { code: 'conquest/not_adjacent', message: /asu is not next to egi/ })
})
