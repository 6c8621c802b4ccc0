// M9: casting, boosting, reserving and arming technology cards; M12.8 batches.
import t from 'tap'
import { elMapa, type ElMapaOrder } from '../../../src/engine/games/elmapa/index.ts'
import { armyOf, mapa, open, order, refused, stockOf, system, tribeOf } from './dsl.ts'
import { hmacRng } from '../../../src/engine/index.ts'

const GRID = `
  ?   ?   ?   ?   ?   ?
  ?   .   l1-tesoro  .   .   ?
  ?   Ja  Ma  .   l1-leva  Jb
  ?   ?   ?   ?   ?   ?`

const hand = (cards: string[], armies = 'a 2,1 leva=2 arquero=1') => {
  const s = mapa(GRID, { armies, stock: 'a 20 5 5; b 3 0 0' })
  s.settings.obstacles = 'none'
  tribeOf(s, 'a').hand = cards
  return open(s, 'a')
}

t.test('M9.5 M9.9 Pies ligeros: 1 + s MP; M9.6 boosters; M9.7 M13.16 one per army per window', async (t) => {
  const s = hand(['pies-1', 'vision-1', 'pies-2'])
  const r = order(s, 'a', { type: 'cast', card: 'pies-1', army: 1, boosters: ['vision-1'] })
  t.same(
    [armyOf(r.s, 1)!.bonus, r.s.piles['1'], r.s.piles['2'], tribeOf(r.s, 'a').hand],
    [2, ['pies-1'], ['vision-1'], ['pies-2']],
    'M13.12 the card, then its boosters',
  )
  t.same(refused(r.s, 'a', { type: 'cast', card: 'pies-2', army: 1 }), { code: 'card/one_per_target', rule: 'M9.7' })
  const again = open(system(r.s, { type: 'closeWindow', tribe: 'a' }).s, 'a')
  t.equal(armyOf(order(again, 'a', { type: 'cast', card: 'pies-2', army: 1 }).s, 1)!.bonus, 1, 'the limit resets at the window opening')
  const tired = structuredClone(s)
  armyOf(tired, 1)!.tired = true
  t.same(refused(tired, 'a', { type: 'cast', card: 'pies-1', army: 1 }), { code: 'move/tired', rule: 'M6.6' })
  t.same(refused(s, 'a', { type: 'cast', card: 'pies-9', army: 1 }).code, 'card/wrong_kind')
  t.same(refused(s, 'a', { type: 'cast', card: 'pies-3', army: 1 }), { code: 'card/not_in_hand', rule: 'M9.5' })
  t.same(refused(s, 'a', { type: 'cast', card: 'pies-1', army: 1, boosters: ['pies-1'] }), { code: 'card/named_twice', rule: 'M9.6' })
  t.same(refused(s, 'a', { type: 'cast', card: 'pies-1', army: 1, boosters: 'vision-1' }), { code: 'card/bad_boosters', rule: 'M9.6' })
  t.same(refused(s, 'a', { type: 'cast', card: 'escudo-1', army: 1 }), { code: 'card/wrong_kind', rule: 'M9.5' }, 'combat cards go with an attack')
})

t.test('M9.9 Visión: exactly 1 + s face-down cells, in the order named, 1 VP each (M13.14)', async (t) => {
  const s = hand(['vision-2', 'pies-1'])
  const r = order(s, 'a', { type: 'cast', card: 'vision-2', boosters: ['pies-1'], cells: ['3,5', '0,0'] })
  t.same(
    r.events.filter((e) => e.type === 'revealed').map((e) => (e.type === 'revealed' ? e.cells.map((c) => c.cell) : [])),
    [['3,5', '0,0']],
  )
  t.equal(tribeOf(r.s, 'a').exploreVp, 2)
  t.same(refused(s, 'a', { type: 'cast', card: 'vision-2', cells: ['0,0', '0,1'] }), { code: 'card/vision_cells', rule: 'M13.14' }, 'one cell without boosters')
  t.same(refused(s, 'a', { type: 'cast', card: 'vision-2', cells: ['1,1'] }).code, 'card/vision_cells', 'a revealed cell')
  t.same(refused(s, 'a', { type: 'cast', card: 'vision-2', cells: 'all' }).code, 'card/vision_cells')
})

t.test('M9.9 Suerte and Producción are armed, one of each at a time (M9.7, M13.15)', async (t) => {
  let s = hand(['suerte-1', 'suerte-2', 'produccion-1', 'pies-1', 'pies-2', 'pies-3'])
  t.same(refused(s, 'a', { type: 'cast', card: 'suerte-1', boosters: ['pies-1'] }), { code: 'card/boosters', rule: 'M9.6' }, 'Suerte takes boosters by 2')
  const odd = elMapa.applyOrder(s, 'a', { type: 'cast', card: 'suerte-1', boosters: ['pies-1'] }, hmacRng)
  t.equal(!odd.ok && odd.error.message, 'suerte takes boosters in steps of 2 (multiples of 2); got 1', 'the refusal says the step and the count')
  const wrong = elMapa.applyOrder(s, 'a', { type: 'cast', card: 'escudo-1' }, hmacRng)
  t.match(!wrong.ok && wrong.error.message, /^"escudo-1" is not a card of /, 'a card of the wrong kind is named')
  s = order(s, 'a', { type: 'cast', card: 'suerte-1', boosters: ['pies-1', 'pies-2'] }).s
  t.equal(tribeOf(s, 'a').suerte, 2)
  t.same(refused(s, 'a', { type: 'cast', card: 'suerte-2' }), { code: 'card/armed', rule: 'M9.7' })
  s = order(s, 'a', { type: 'step', army: 1, dir: 'N' }).s
  s = order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([stockOf(s, 'a'), tribeOf(s, 'a').suerte], ['25/5/5', 0], 'the next treasure: t-oro-3 + 2')
  s = order(s, 'a', { type: 'cast', card: 'produccion-1' }).s
  s = system(s, { type: 'tick', at: 1e12 }).s
  t.same([stockOf(s, 'a'), tribeOf(s, 'a').produccion], ['28/7/5', 0], 'village 2 + 1; madera mine 1 + 1')
})

t.test('M9.9 Regateador, Maderero, Pedrero with a build; M9.7 one of a kind', async (t) => {
  const s = hand(['regateador-1', 'maderero-1', 'pedrero-1', 'pedrero-2', 'pies-1', 'pies-2'])
  s.cells['2,1']!.castle!.slots = { '1a': 'mercado', '1b': 'estatua', '1c': 'cuartel', '1d': 'almacen', '2a': 'teatro', '2b': 'banco' }
  const r = order(s, 'a', {
    type: 'build',
    village: '2,1',
    building: 'universidad',
    slot: '3a',
    cards: [{ card: 'regateador-1', boosters: ['pies-1', 'pies-2'] }, { card: 'maderero-1' }, { card: 'pedrero-1' }],
  })
  t.equal(stockOf(r.s, 'a'), '15/4/5', '7 − 2 oro, 2 − 1 madera, 1 − 1 piedra')
  t.same(r.s.piles['1'], ['regateador-1', 'pies-1', 'pies-2'])
  const twice = { type: 'build', village: '2,1', building: 'universidad', slot: '3a', cards: [{ card: 'pedrero-1' }, { card: 'pedrero-2' }] }
  t.same(refused(s, 'a', twice), { code: 'card/one_per_target', rule: 'M9.7' })
  t.same(refused(s, 'a', { ...twice, cards: [{ card: 'pies-1' }] }).code, 'card/wrong_kind')
  t.same(refused(s, 'a', { ...twice, cards: 'pedrero-1' }).code, 'card/bad_cards')
})

t.test('M9.8 combat cards with an attack; M13.13 on the standing or default plan; M13.14', async (t) => {
  // Army 1 (2 levas, 1 arquero) steps E into the l1-leva guards.
  const on = hand(['bloodlust-1', 'punteria-1', 'escudo-1', 'escudo-2'], 'a 2,3 leva=2 arquero=1')
  const attack = (cards: unknown, more = {}) => ({ type: 'step', army: 1, dir: 'N', ...more, cards }) as never as ElMapaOrder
  const r = order(
    on,
    'a',
    attack(
      [
        { card: 'bloodlust-1', entry: 0 },
        { card: 'punteria-1', entry: 1 },
      ],
      { dir: 'E' },
    ),
  )
  const battle = r.events.find((e) => e.type === 'battle')!
  t.same(battle.type === 'battle' && battle.record.cards, ['bloodlust-1', 'punteria-1'], 'on the default plan: leva entry 0, arquero entry 1')
  t.same(refused(on, 'a', attack([{ card: 'punteria-1', entry: 0 }], { dir: 'E' })), { code: 'card/not_arqueros', rule: 'M13.14' })
  t.same(refused(on, 'a', attack([{ card: 'escudo-1', entry: 3 }], { dir: 'E' })), { code: 'card/no_platoon', rule: 'M9.8' })
  t.same(
    refused(
      on,
      'a',
      attack(
        [
          { card: 'escudo-1', entry: 0 },
          { card: 'escudo-2', entry: 0 },
        ],
        { dir: 'E' },
      ),
    ),
    { code: 'card/one_per_target', rule: 'M9.7' },
  )
  t.same(refused(on, 'a', attack([{ card: 'bloodlust-1', entry: 0, boosters: ['escudo-1'] }], { dir: 'E' })), { code: 'card/boosters', rule: 'M9.6' })
  const none = elMapa.applyOrder(on, 'a', attack([{ card: 'bloodlust-1', entry: 0, boosters: ['escudo-1'] }], { dir: 'E' }), hmacRng)
  t.equal(!none.ok && none.error.message, 'bloodlust takes boosters in steps of 0 (none); got 1', 'a card that takes none says so')
  t.same(refused(on, 'a', attack('bloodlust-1', { dir: 'E' })).code, 'card/bad_cards')
  t.same(refused(on, 'a', attack([], { dir: 'E', plan: { platoons: [{ kind: 'leva', take: 'all', column: 0, tactic: 'hold' }], flee: 0, reactions: [] } })), {
    code: 'plan/reactions',
    rule: 'M8.5',
  })
})

t.test('M9.8 reactions: reserved, released by a new plan, checked when set', async (t) => {
  const s = hand(['escudo-1', 'velocidad-1', 'pies-1', 'pies-2', 'punteria-1'])
  const plan = (reactions: unknown) => ({
    type: 'setBattlePlan',
    plan: {
      platoons: [
        { kind: 'leva', take: 'all', column: 2, tactic: 'advance' },
        { kind: 'arquero', take: 'all', column: 1, tactic: 'shoot' },
      ],
      flee: 0,
      reactions,
    },
  })
  const r = order(s, 'a', plan([{ card: 'velocidad-1', entry: 0, boosters: ['pies-1', 'pies-2'] }]) as never)
  t.same(refused(r.s, 'a', { type: 'cast', card: 'pies-1', army: 1 }), { code: 'card/reserved', rule: 'M9.5' }, 'a booster of a reaction is reserved')
  const b = elMapa.board(r.s, 'a')
  t.same(b.mine!.reserved, ['velocidad-1', 'pies-1', 'pies-2'])
  const freed = order(r.s, 'a', plan(undefined) as never).s
  t.ok(order(freed, 'a', { type: 'cast', card: 'pies-1', army: 1 }).s, 'a new plan releases them')
  t.same(refused(s, 'a', plan([{ card: 'punteria-1', entry: 0 }])), { code: 'card/not_arqueros', rule: 'M13.14' })
  t.same(refused(s, 'a', plan([{ card: 'escudo-9', entry: 0 }])).code, 'card/wrong_kind')
  t.same(refused(s, 'a', plan([{ card: 'escudo-1', entry: 7 }])), { code: 'card/no_platoon', rule: 'M13.26' })
  t.same(
    refused(s, 'a', { type: 'setBattlePlan', plan: { platoons: [{ kind: 'leva', take: 0, column: 0, tactic: 'advance' }], flee: 0 } }).code,
    'plan/bad_entry',
  )
  t.same(
    refused(s, 'a', { type: 'setBattlePlan', plan: { platoons: [{ kind: 'leva', take: 1, column: 0, tactic: 'shoot' }], flee: 0 } }).code,
    'plan/bad_entry',
    'shoot is for arqueros',
  )
  const two = [
    { kind: 'leva', take: 1, column: 0, tactic: 'hold' },
    { kind: 'leva', take: 1, column: 0, tactic: 'hold' },
  ]
  t.same(refused(s, 'a', { type: 'setBattlePlan', plan: { platoons: two, flee: 0 } }).code, 'plan/columns')
  t.same(refused(s, 'a', { type: 'setBattlePlan', plan: { platoons: two.slice(1), flee: 101 } }).code, 'plan/flee')
  t.same(refused(s, 'a', { type: 'setBattlePlan', plan: null }).code, 'plan/bad_plan')
})

t.test('M13.26 a reaction is checked when its plan is set, against every troop kind; one that passes stays reserved until it fires', async (t) => {
  // b stands at 0,2 with one leva and no caballero; a's army next to it, at 0,1.
  const s = mapa('Ja  .  .  Jb', { armies: 'a 0,1 leva=3; b 0,2 leva=1', stock: 'a 5 0 0; b 5 0 0' })
  s.settings.obstacles = 'none'
  tribeOf(s, 'b').hand = ['escudo-1', 'velocidad-1']
  const plan = (entry: number) => ({
    type: 'setBattlePlan' as const,
    plan: {
      platoons: [
        { kind: 'leva' as const, take: 'all' as const, column: 2, tactic: 'hold' as const },
        { kind: 'leva' as const, take: 'all' as const, column: 1, tactic: 'hold' as const },
        { kind: 'caballero' as const, take: 'all' as const, column: 3, tactic: 'advance' as const },
      ],
      flee: 0,
      reactions: [{ card: 'escudo-1', entry }],
    },
  })
  const b = open(s, 'b')
  t.same(refused(b, 'b', plan(1)), { code: 'card/no_platoon', rule: 'M13.26' }, 'the first leva entry takes them all: entry 1 never makes a platoon')
  const set = order(b, 'b', plan(2)).s
  t.same(tribeOf(set, 'b').plan!.reactions, [{ card: 'escudo-1', entry: 2, boosters: [] }], 'a caballero entry can make a platoon, though b has none now')
  // a attacks b's lone leva: the caballero entry makes no platoon, so the reaction does not fire.
  const a = open(system(set, { type: 'closeWindow', tribe: 'b' }).s, 'a')
  const fought = order(a, 'a', { type: 'step', army: 1, dir: 'E' })
  const battle = fought.events.find((e) => e.type === 'battle')!
  t.same(battle.type === 'battle' && battle.record.cards, [], 'no card played')
  t.same(tribeOf(fought.s, 'b').plan!.reactions, [{ card: 'escudo-1', entry: 2, boosters: [] }], 'the reaction waits in the plan')
  t.same([tribeOf(fought.s, 'b').hand, fought.s.piles['3']], [['escudo-1', 'velocidad-1'], []], 'its card still held')
  t.same(elMapa.board(fought.s, 'b').mine!.reserved, ['escudo-1'], 'and reserved')
  // On the leva entry, which makes a platoon in this battle, it fires and is gone.
  const onLeva = open(system(order(b, 'b', plan(0)).s, { type: 'closeWindow', tribe: 'b' }).s, 'a')
  const fired = order(onLeva, 'a', { type: 'step', army: 1, dir: 'E' })
  const other = fired.events.find((e) => e.type === 'battle')!
  t.same([other.type === 'battle' && other.record.cards, tribeOf(fired.s, 'b').plan!.reactions], [['escudo-1'], []], 'a reaction that finds its platoon fires')
})

t.test('M9.9 Teletransporte: up to 3 + s to a revealed cell, entered as a step (M13.12)', async (t) => {
  const s = hand(['teletransporte-1', 'teletransporte-2', 'bloodlust-1'])
  const r = order(s, 'a', { type: 'teleport', card: 'teletransporte-1', army: 1, to: '2,4', cards: [{ card: 'bloodlust-1', entry: 0 }] })
  t.same(r.s.piles, { 1: [], 2: ['bloodlust-1'], 3: ['teletransporte-1'] })
  t.equal(r.events.find((e) => e.type === 'battle')?.type, 'battle', 'a teleport into guards is an attack')
  const moved = order(s, 'a', { type: 'teleport', card: 'teletransporte-1', army: 1, to: '1,3' }).s
  t.same([armyOf(moved, 1)!.cell, armyOf(moved, 1)!.steps], ['1,3', 1])
  t.same(refused(moved, 'a', { type: 'teleport', card: 'teletransporte-2', army: 1, to: '1,1' }), { code: 'card/one_per_target', rule: 'M9.7' })
  t.same(refused(s, 'a', { type: 'teleport', card: 'teletransporte-1', army: 1, to: '0,0' }), { code: 'card/teleport_target', rule: 'M9.9' }, 'face down')
  t.same(refused(s, 'a', { type: 'teleport', card: 'teletransporte-1', army: 1, to: '2,5' }).code, 'card/teleport_target', 'beyond 3')
  t.same(refused(s, 'a', { type: 'teleport', card: 'teletransporte-1', army: 1, to: '2,1' }).code, 'card/teleport_target', 'distance 0')
})

t.test('M9.9 M9.6: a Teletransporte goes 1 to 3 + s cells, its boosters discarded after it (M13.12)', async (t) => {
  const s = hand(['teletransporte-1', 'pies-1', 'pies-2', 'vision-1'])
  const teleport = (to: string, boosters?: string[]) => ({ type: 'teleport', card: 'teletransporte-1', army: 1, to, boosters }) as const
  t.equal(armyOf(order(s, 'a', teleport('1,1')).s, 1)!.cell, '1,1', 'up to 3 cells: 1 will do')
  t.same(refused(s, 'a', teleport('1,4')), { code: 'card/teleport_target', rule: 'M9.9' }, '4 cells away without boosters')
  t.same(refused(s, 'a', { ...teleport('1,1'), card: 'pies-1' }), { code: 'card/wrong_kind', rule: 'M9.9' })
  const spent = structuredClone(s)
  armyOf(spent, 1)!.steps = 2
  t.same(refused(spent, 'a', teleport('1,1')), { code: 'move/no_mp', rule: 'M9.9' }, 'it costs 1 MP')
  const far = order(s, 'a', teleport('1,4', ['pies-1', 'pies-2', 'vision-1'])).s
  t.same(
    [armyOf(far, 1)!.cell, tribeOf(far, 'a').hand, far.piles],
    ['1,4', [], { 1: ['pies-1', 'pies-2'], 2: ['vision-1'], 3: ['teletransporte-1'] }],
    '3 boosters: s = 1, 4 cells',
  )
})

t.test('M13.14 M9.9: Visión names 1 + s distinct cells, every one face down', async (t) => {
  const s = hand(['vision-2', 'pies-1'])
  const vision = (cells: string[]) => refused(s, 'a', { type: 'cast', card: 'vision-2', boosters: ['pies-1'], cells })
  t.same(vision(['0,0', '0,0']), { code: 'card/vision_cells', rule: 'M13.14' }, 'one cell twice')
  t.same(vision(['0,0', '1,1']), { code: 'card/vision_cells', rule: 'M13.14' }, 'a revealed cell among face-down ones')
  t.same(vision(['1,1', '0,0']), { code: 'card/vision_cells', rule: 'M13.14' }, 'first or last')
})

t.test('M12.8 a batch: all or nothing, a revealing order only last', async (t) => {
  const s = hand(['vision-1'])
  const bad = elMapa.applyBatch(s, 'a', [{ type: 'step', army: 1, dir: 'N' }, { type: 'endTurn' }], hmacRng)
  t.same(!bad.ok && 'index' in bad && [bad.index, bad.error.code], [0, 'orders/reveal_not_last'])
  const vision = elMapa.applyBatch(s, 'a', [{ type: 'cast', card: 'vision-1', cells: ['0,0'] }, { type: 'endTurn' }], hmacRng)
  t.same(
    !vision.ok && 'index' in vision && [vision.index, vision.error.code, vision.error.message, vision.error.rule],
    [0, 'orders/reveal_not_last', 'an order that reveals or draws must be the last of its batch', 'M12.8'],
    'a Visión reveals: refused before anything is tried',
  )
  const armed = elMapa.applyBatch(hand(['suerte-1']), 'a', [{ type: 'cast', card: 'suerte-1' }, { type: 'endTurn' }], hmacRng)
  t.ok(armed.ok, 'a Suerte reveals nothing: it may come first')
  const good = elMapa.applyBatch(
    s,
    'a',
    [{ type: 'endTurn' }, { type: 'setBattlePlan', plan: { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'hold' }], flee: 0 } }],
    hmacRng,
  )
  t.notOk(good.ok, 'after endTurn the window is closed')
  const fine = elMapa.applyBatch(
    s,
    'a',
    [
      { type: 'setBattlePlan', plan: { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'hold' }], flee: 0 } },
      { type: 'step', army: 1, dir: 'N' },
    ],
    hmacRng,
  )
  t.ok(fine.ok)
  t.equal(elMapa.applyOrder({ ruleset: 'other' } as never, 'a', { type: 'endTurn' }, hmacRng).ok, false, 'not an El Mapa state')
  t.equal(elMapa.applyOrder(s, 'zz', { type: 'endTurn' }, hmacRng).ok, false, 'no such tribe')
})
