// Every refusal of the engine, provoked on a board built for it: the order is
// refused with its code (and rule id where it has one), and the state is untouched.
import { readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { hmacRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { applyOrder, applySystem, checkSetup, validateMap, type GameState, type Order, type SystemAction } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { at, board, refused, type Step } from './dsl.ts'

/** A board with some ship or army changed first (MP spent, pools gone). */
function with_(s: GameState, change: (s: GameState) => void): GameState {
  const copy = structuredClone(s)
  change(copy)
  return copy
}
const shipMp = (id: string, mp: number) => (s: GameState) => {
  s.ships[id]!.mp = mp
}
const armyMp = (tile: string, mp: number) => (s: GameState) => {
  s.armies[tile]!.mp = mp
}
const order = (tribe: string, o: Record<string, unknown>): Step => [tribe, o as unknown as Order]
const system = (a: Record<string, unknown>): Step => ({ system: a as unknown as SystemAction })

/** A board in the draft, b on the clock (the order drawn: b, then a). */
function drafting(text: string): GameState {
  return with_(board(text, { status: 'draft', phase: 'closed' }), (s) => {
    s.draft = { order: ['b', 'a'], picks: [] }
  })
}

const ships = board('A ~a2 ~a2 ~ ~b2 B')
const port = board('B2 ~a4 A')
const shore = board('a3 ~a1 .')

const cases: [code: string, rule: string | undefined, state: GameState, step: Step][] = [
  ['assault/no_mp', 'R10.6', with_(port, shipMp('s1', 0)), order('a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 2, occupy: true })],
  ['assault/not_enough_troops', 'R10.6', port, order('a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 5, occupy: true })],
  ['order/bad_occupy', 'R10.6', port, order('a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 2, occupy: 'yes' })],
  ['board/no_mp', 'R10.7', with_(board('A ~a2 ~b2 B'), shipMp('s1', 0)), order('a', { type: 'board', ship: 's1', target: 's2' })],
  ['board/not_adjacent', 'R10.7', ships, order('a', { type: 'board', ship: 's2', target: 's3' })],
  ['board/own_ship', 'R10.8', ships, order('a', { type: 'board', ship: 's1', target: 's2' })],
  ['ship/not_found', undefined, ships, order('a', { type: 'board', ship: 's1', target: 's9' })],
  ['crew/no_mp', 'R10.8', with_(ships, shipMp('s1', 0)), order('a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 1 })],
  ['crew/not_adjacent', 'R10.8', board('A ~a2 ~ ~a2'), order('a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 1 })],
  ['crew/not_enough_troops', 'R10.8', ships, order('a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 3 })],
  ['crew/same_ship', 'R10.8', ships, order('a', { type: 'crewTransfer', from: 's1', to: 's1', troops: 1 })],
  ['disembark/not_enough_troops', 'R10.4', shore, order('a', { type: 'disembark', ship: 's1', to: at(2, 0), troops: 2 })],
  ['ship/not_adjacent', 'R10.4', board('a1 . ~a2'), order('a', { type: 'disembark', ship: 's1', to: at(0, 0), troops: 1 })],
  ['embark/no_army', 'R10.2', board('a ~a1'), order('a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 1 })],
  ['embark/no_mp', 'R10.2', with_(shore, armyMp(at(0, 0), 0)), order('a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 1 })],
  ['embark/not_enough_troops', 'R10.2', shore, order('a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 4 })],
  ['order/bad_ship', undefined, shore, order('a', { type: 'embark', from: at(0, 0), ship: 5, troops: 1 })],
  [
    'ship/no_pool',
    'R6.4',
    with_(board('A ~'), (s) => {
      s.pools = []
    }),
    order('a', { type: 'buildShip', port: at(0, 0), sea: at(1, 0) }),
  ],
  ['ship/sea_occupied', 'R7.1', board('A ~b1'), order('a', { type: 'buildShip', port: at(0, 0), sea: at(1, 0) })],
  ['move/not_enough_troops', 'R7.7', board('a3 .'), order('a', { type: 'move', from: at(0, 0), to: at(1, 0), troops: 4 })],
  ['order/bad_count', undefined, board('a3 .'), order('a', { type: 'move', from: at(0, 0), to: at(1, 0), troops: 0 })],
  ['order/bad_path', undefined, board('a3 .'), order('a', { type: 'move', from: at(0, 0), path: [], troops: 1 })],
  ['order/bad_tile', 'R1.1', board('a3 .'), order('a', { type: 'move', from: 'north', to: at(1, 0), troops: 1 })],
  ['order/off_map', 'R1.2', board('a3 .'), order('a', { type: 'move', from: '99,99', to: at(1, 0), troops: 1 })],
  ['order/unknown_tribe', undefined, board('a3 .'), order('zz', { type: 'endTurn' })],
  ['order/unknown_type', undefined, board('a3 .'), order('a', { type: 'fly' })],
  ['draft/not_drafting', 'R3.2', board('A3 .'), order('a', { type: 'draftPick', city: at(0, 0) })],
  ['draft/already_started', 'R3.1', board('A3 .'), system({ type: 'startDraft' })],
  ['system/bad_seed', 'R8.4', board('A3 .'), system({ type: 'setSeed', seed: 'short' })],
  ['system/unknown_type', undefined, board('A3 .'), system({ type: 'earthquake' })],
  ['trade/empty', 'R11.3', board('A a B b'), system({ type: 'executeTrade', transfers: [] })],
  ['trade/bad_transfer', 'R11.3', board('A a B b'), system({ type: 'executeTrade', transfers: [5] })],
  ['trade/bad_transfer', 'R11.2', board('A a B b'), system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: 'all' }] })],
  ['trade/same_tribe', 'R11.3', board('A a B b'), system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'a', tiles: [at(1, 0)] }] })],
  ['trade/not_land', 'R11.2', board('A a ~ B b'), system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: [at(2, 0)] }] })],
  ['trade/duplicate_asset', 'R11.3', board('A a B b'), system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: [at(1, 0), at(1, 0)] }] })],
  [
    'trade/duplicate_asset',
    'R11.3',
    ships,
    system({
      type: 'executeTrade',
      transfers: [
        { from: 'a', to: 'b', ships: ['s1'] },
        { from: 'a', to: 'b', ships: ['s1'] },
      ],
    }),
  ],
  ['trade/asset_not_owned', 'R11.3', ships, system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', ships: ['s3'] }] })],
  ['trade/asset_not_owned', 'R11.3', ships, system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', ships: ['s9'] }] })],
  ['trade/resources_not_tradeable', 'R11.1', board('A a B b'), system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', resources: 10 }] })],
  ['trade/resources_not_tradeable', 'R11.1', board('A a B b'), system({ type: 'executeTrade', transfers: [], resources: 10 })],
  ['order/unknown_tribe', undefined, board('A a B b'), system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'zz', tiles: [at(1, 0)] }] })],
  ['assault/not_a_port', 'R10.5', board('b2 ~a4 A'), order('a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 2, occupy: true })],
  ['assault/own_port', 'R10.6', board('A2 ~a4 B'), order('a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 2, occupy: true })],
  [
    'assault/own_port',
    'R10.6',
    with_(board('#2 ~a4 A'), (s) => {
      s.armies[at(0, 0)] = { tribe: 'a', troops: 2, mp: 0 }
    }),
    order('a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 2, occupy: true }),
  ],
  ['order/bad_count', undefined, port, order('a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 0, occupy: true })],
  ['order/bad_tile', 'R1.1', port, order('a', { type: 'portAssault', ship: 's1', port: 'x', troops: 1, occupy: true })],
  ['campaign/not_running', undefined, board('A3 .', { status: 'finished' }), order('a', { type: 'endTurn' })],
  ['campaign/not_running', undefined, board('A3 .', { status: 'setup' }), system({ type: 'weeklyPayout' })],
  [
    'campaign/not_running',
    undefined,
    board('A a B b', { status: 'finished' }),
    system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: [at(1, 0)] }] }),
  ],
  ['campaign/not_running', undefined, board('A3 .', { status: 'finished' }), system({ type: 'openWindow', tribe: 'a' })],
  ['campaign/not_running', undefined, board('A3 .', { status: 'draft' }), system({ type: 'closeWindow', tribe: 'a' })],
  ['crew/too_many_troops', 'R7.1', board('A ~a9 ~a2'), order('a', { type: 'crewTransfer', from: 's2', to: 's1', troops: 1 })],
  ['order/bad_ship', undefined, ships, order('a', { type: 'crewTransfer', from: 's1', to: 2, troops: 1 })],
  ['order/bad_ship', undefined, ships, order('a', { type: 'crewTransfer', from: null, to: 's2', troops: 1 })],
  ['order/bad_count', undefined, ships, order('a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 10 })],
  ['disembark/no_mp', 'R10.4', with_(shore, shipMp('s1', 0)), order('a', { type: 'disembark', ship: 's1', to: at(2, 0), troops: 1 })],
  ['order/bad_count', undefined, shore, order('a', { type: 'disembark', ship: 's1', to: at(2, 0), troops: 'one' })],
  ['order/off_map', 'R1.2', shore, order('a', { type: 'disembark', ship: 's1', to: '7,7', troops: 1 })],
  ['draft/not_your_pick', 'R3.2', drafting('# # # # a b'), order('a', { type: 'draftPick', city: at(0, 0) })],
  ['draft/not_a_city', 'R3.2', drafting('# # # # a b'), order('b', { type: 'draftPick', city: at(4, 0) })],
  ['draft/city_taken', 'R3.2', drafting('A # # # a b'), order('b', { type: 'draftPick', city: at(0, 0) })],
  ['order/bad_tile', 'R1.1', drafting('# # # # a b'), order('b', { type: 'draftPick', city: 12 })],
  ['embark/not_adjacent', 'R10.2', board('a3 . ~a1'), order('a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 1 })],
  ['embark/too_many_troops', 'R7.1', board('a3 ~a8'), order('a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 2 })],
  ['embark/no_army', 'R10.2', board('b3 ~a1 a'), order('a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 1 })],
  ['order/bad_count', undefined, shore, order('a', { type: 'embark', from: at(0, 0), ship: 's1', troops: -1 })],
  ['order/bad_tile', 'R1.1', shore, order('a', { type: 'embark', from: [0, 0], ship: 's1', troops: 1 })],
  ['move/no_army', 'R7.1', board('a .'), order('a', { type: 'move', from: at(0, 0), to: at(1, 0), troops: 1 })],
  ['move/no_army', 'R7.1', board('b2 . a'), order('a', { type: 'move', from: at(0, 0), to: at(1, 0), troops: 1 })],
  ['move/no_mp', 'R7.3', with_(board('a3 .'), armyMp(at(0, 0), 0)), order('a', { type: 'move', from: at(0, 0), to: at(1, 0), troops: 1 })],
  ['move/not_land', 'R7.4', board('a3 ~ .'), order('a', { type: 'move', from: at(0, 0), path: [at(1, 0), at(2, 0)], troops: 1 })],
  ['move/path_blocked', 'R7.4', board('a3 b1 .'), order('a', { type: 'move', from: at(0, 0), path: [at(1, 0), at(2, 0)], troops: 1 })],
  ['recruit/after_actions', 'R5.5', board('A3 .', { phase: 'actions' }), order('a', { type: 'recruit', city: at(0, 0), troops: 1 })],
  ['recruit/not_a_city', 'R5.1', board('A3 a'), order('a', { type: 'recruit', city: at(1, 0), troops: 1 })],
  ['recruit/not_your_city', 'R5.1', board('A3 B'), order('a', { type: 'recruit', city: at(1, 0), troops: 1 })],
  ['recruit/besieged', 'R5.1', board('A3! b'), order('a', { type: 'recruit', city: at(0, 0), troops: 1 })],
  ['recruit/too_many_troops', 'R5.3', board('A8 .'), order('a', { type: 'recruit', city: at(0, 0), troops: 2 })],
  [
    'recruit/no_pool',
    'R6.4',
    with_(board('A3 .'), (s) => {
      s.pools = []
    }),
    order('a', { type: 'recruit', city: at(0, 0), troops: 1 }),
  ],
  [
    'recruit/insufficient_resources',
    'R5.2',
    with_(board('A3 .'), (s) => {
      s.pools[0]!.balance = 1
    }),
    order('a', { type: 'recruit', city: at(0, 0), troops: 1 }),
  ],
  ['order/bad_count', undefined, board('A3 .'), order('a', { type: 'recruit', city: at(0, 0), troops: 2.5 })],
  ['ship/after_actions', 'R5.5', board('A ~', { phase: 'actions' }), order('a', { type: 'buildShip', port: at(0, 0), sea: at(1, 0) })],
  ['ship/not_a_port', 'R5.6', board('A . ~'), order('a', { type: 'buildShip', port: at(0, 0), sea: at(2, 0) })],
  ['ship/not_your_port', 'R10.1', board('B ~ A'), order('a', { type: 'buildShip', port: at(0, 0), sea: at(1, 0) })],
  ['ship/bad_sea', 'R5.6', board('A ~ ~'), order('a', { type: 'buildShip', port: at(0, 0), sea: at(2, 0) })],
  ['ship/bad_sea', 'R5.6', board('A ~\n a .'), order('a', { type: 'buildShip', port: at(0, 0), sea: at(0, 1) })],
  [
    'ship/insufficient_resources',
    'R5.6',
    with_(board('A ~'), (s) => {
      s.pools[0]!.balance = 1
    }),
    order('a', { type: 'buildShip', port: at(0, 0), sea: at(1, 0) }),
  ],
  ['order/bad_tile', 'R1.1', board('A ~'), order('a', { type: 'buildShip', port: at(0, 0), sea: 'east' })],
  ['ship/adrift', 'R10.3', board('A ~a0 ~'), order('a', { type: 'shipMove', ship: 's1', to: at(2, 0) })],
  ['ship/adrift', 'R10.7', board('A ~a0 ~b2 B'), order('a', { type: 'board', ship: 's1', target: 's2' })],
  ['ship/no_mp', 'R10.3', with_(board('A ~a2 ~'), shipMp('s1', 0)), order('a', { type: 'shipMove', ship: 's1', to: at(2, 0) })],
  ['ship/not_sea', 'R10.3', board('A ~a2 .'), order('a', { type: 'shipMove', ship: 's1', path: [at(2, 0)] })],
  ['ship/path_blocked', 'R10.3', board('A ~a2 ~b2 ~'), order('a', { type: 'shipMove', ship: 's1', path: [at(2, 0), at(3, 0)] })],
  ['ship/not_yours', undefined, board('A ~b2 B'), order('a', { type: 'shipMove', ship: 's1', to: at(2, 0) })],
  ['ship/not_found', undefined, board('A ~a2 B'), order('a', { type: 'shipMove', ship: 's7', to: at(2, 0) })],
  ['order/bad_ship', undefined, ships, order('a', { type: 'board', ship: { id: 's1' }, target: 's2' })],
  ['trade/asset_not_owned', 'R11.3', ships, system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', ships: [['s1']] }] })],
  [
    'trade/eliminated',
    'R2.4',
    with_(board('A a B b'), (s) => {
      s.tribes[1]!.eliminated = true
    }),
    system({ type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: [at(1, 0)] }] }),
  ],
  [
    'turn/eliminated',
    'R2.4',
    with_(board('A a B b'), (s) => {
      s.tribes[0]!.eliminated = true
    }),
    order('a', { type: 'endTurn' }),
  ],
  [
    'turn/eliminated',
    'R2.4',
    with_(board('A a B b'), (s) => {
      s.tribes[0]!.eliminated = true
    }),
    system({ type: 'openWindow', tribe: 'a' }),
  ],
  ['turn/window_closed', 'R4.3', board('A3 .', { phase: 'closed' }), order('a', { type: 'endTurn' })],
  ['turn/ended', 'R4.6', board('A3 .', { phase: 'ended' }), order('a', { type: 'move', from: at(0, 0), to: at(1, 0), troops: 1 })],
  ['engine/bad_state', undefined, {} as GameState, order('a', { type: 'endTurn' })],
  ['engine/bad_state', undefined, null as unknown as GameState, system({ type: 'weeklyPayout' })],
  [
    'engine/internal_error',
    undefined,
    with_(board('A3 .'), (s) => {
      ;(s.map as { tiles: unknown }).tiles = 'broken'
    }),
    order('a', { type: 'endTurn' }),
  ],
  ['order/unknown_type', undefined, board('a3 .'), order('a', null as unknown as Record<string, unknown>)],
  ['order/unknown_type', undefined, board('a3 .'), order('a', { type: 'toString' })],
  ['system/unknown_type', undefined, board('A3 .'), system('startDraft' as unknown as Record<string, unknown>)],
  ['system/bad_seed', 'R8.4', board('A3 .'), system({ type: 'setSeed', seed: 12345678 })],
  ['system/bad_seed', 'R8.4', board('A3 .'), system({ type: 'setSeed', seed: '1234567' })],
  ['move/no_path', 'R7.4', board('a3 ~ .'), order('a', { type: 'move', from: at(0, 0), to: at(1, 0), troops: 1 })],
  ['move/no_path', 'R7.4', board('a3 ~ .'), order('a', { type: 'move', from: at(0, 0), to: at(2, 0), troops: 1 })],
  ['move/not_enough_mp', 'R7.3', board('a3 . . .'), order('a', { type: 'move', from: at(0, 0), to: at(3, 0), troops: 1 })],
  ['move/not_enough_mp', 'R7.3', board('a3 . . .'), order('a', { type: 'move', from: at(0, 0), path: [at(1, 0), at(2, 0), at(3, 0)], troops: 1 })],
  ['move/no_step', 'R7.4', board('a3 .'), order('a', { type: 'move', from: at(0, 0), to: at(0, 0), troops: 1 })],
  ['move/not_adjacent', 'R1.1', board('a3 . .'), order('a', { type: 'move', from: at(0, 0), path: [at(2, 0)], troops: 1 })],
  ['move/revisit', 'R7.4', board('a3 . .'), order('a', { type: 'move', from: at(0, 0), path: [at(1, 0), at(0, 0)], troops: 1 })],
  ['order/bad_path', undefined, board('a3 .'), order('a', { type: 'move', from: at(0, 0), troops: 1 })],
  ['order/bad_path', undefined, board('a3 .'), order('a', { type: 'move', from: at(0, 0), path: Array.from({ length: 17 }, () => at(1, 0)), troops: 1 })],
  ['move/not_adjacent', 'R1.1', board('a3 .'), order('a', { type: 'move', from: at(0, 0), path: Array.from({ length: 16 }, () => at(1, 0)), troops: 1 })],
  ['ship/no_path', 'R10.3', board('A ~a2 . ~'), order('a', { type: 'shipMove', ship: 's1', to: at(3, 0) })],
  ['ship/no_path', 'R10.3', board('A ~a2 ~b1 B'), order('a', { type: 'shipMove', ship: 's1', to: at(2, 0) })],
  ['ship/not_enough_mp', 'R10.3', board('A ~a2 ~ ~ ~ ~'), order('a', { type: 'shipMove', ship: 's1', to: at(5, 0) })],
  ['ship/not_enough_mp', 'R10.3', with_(board('A ~a2 ~ ~'), shipMp('s1', 1)), order('a', { type: 'shipMove', ship: 's1', path: [at(2, 0), at(3, 0)] })],
  ['ship/no_step', 'R10.3', board('A ~a2 ~'), order('a', { type: 'shipMove', ship: 's1', to: at(1, 0) })],
  ['ship/not_adjacent', 'R1.1', board('A ~a2 ~ ~'), order('a', { type: 'shipMove', ship: 's1', path: [at(3, 0)] })],
  ['ship/revisit', 'R10.3', board('A ~a2 ~ ~'), order('a', { type: 'shipMove', ship: 's1', path: [at(2, 0), at(1, 0)] })],
  ['order/bad_path', undefined, board('A ~a2 ~'), order('a', { type: 'shipMove', ship: 's1' })],
  ['order/bad_tile', 'R1.1', board('A ~a2 ~'), order('a', { type: 'shipMove', ship: 's1', path: [at(2, 0), 'x'] })],
]

const messages: string[] = []
t.test('every refusal of an order or a system action: its code, its rule, and the state untouched', async (t) => {
  for (const [code, rule, state, step] of cases) {
    const before = JSON.stringify(state)
    const error = refused(state, step)
    messages.push(`${code}: ${error.message}`)
    t.equal(error.code, code, `${code}${rule ? ` (${rule})` : ''}: ${JSON.stringify(Array.isArray(step) ? step[1] : step.system).slice(0, 90)}`)
    if (rule) t.equal(error.rule, rule, `${code} cites ${rule}`)
    t.ok(error.message.trim().length >= 8, `${code}: a message a person can read ("${error.message}")`)
    t.equal(JSON.stringify(state), before, `${code}: nothing changed`)
  }
})

// The messages are what a player or a bot author reads: each names the tile, ship, tribe,
// count or field at fault. Reviewed by hand in refusal-messages.txt beside this file, a plain
// text file rather than a tap snapshot, whose key would name the main script (StrykerJS runs this
// file inside test/games/mutation-bundle.ts); TAP_SNAPSHOT=1 writes it again.
t.test('every refusal says what was wrong, in words', async (t) => {
  t.equal(messages.length, cases.length)
  const reviewed = new URL('./refusal-messages.txt', import.meta.url)
  if (process.env.TAP_SNAPSHOT === '1') writeFileSync(reviewed, `${messages.join('\n')}\n`)
  t.equal(`${messages.join('\n')}\n`, readFileSync(reviewed, 'utf8'), 'the refusal messages as reviewed')
})

t.test('a state that is not a game state is refused, never thrown', async (t) => {
  t.match(applyOrder({} as GameState, 'a', { type: 'endTurn' }, hmacRng), { ok: false, error: { code: 'engine/bad_state' } })
  t.match(applySystem(null as unknown as GameState, { type: 'weeklyPayout' }, hmacRng), { ok: false, error: { code: 'engine/bad_state' } })
})

t.test('R1.4 R2.1 setup refusals: weekdays, duplicate tribes, the week limit, the map', async (t) => {
  const map = bundledMap('coast-3')!
  const tribe = (id: string, weekday: string) => ({ id, name: id, weekday: weekday as (typeof WEEKDAYS)[number] })
  t.match(checkSetup({ map, tribes: [tribe('a', 'monday'), tribe('b', 'funday')], seed: 'seed-seed' }), { code: 'setup/bad_weekday', rule: 'R2.1' })
  t.match(checkSetup({ map, tribes: [tribe('a', 'monday'), tribe('a', 'tuesday')], seed: 'seed-seed' }), { code: 'setup/duplicate_tribe' })
  t.match(checkSetup({ map, tribes: [tribe('a', 'monday'), tribe('b', 'monday')], seed: 'seed-seed' }), { code: 'setup/weekday_taken', rule: 'R2.1' })
  t.match(checkSetup({ map, tribes: [tribe('a', 'monday'), tribe('b', 'tuesday')], seed: 'seed-seed', weekLimit: 0 }), {
    code: 'setup/bad_week_limit',
    rule: 'R2.5',
  })
  t.match(checkSetup({ map: { ...map, tiles: [] }, tribes: [tribe('a', 'monday'), tribe('b', 'tuesday')], seed: 'seed-seed' }), {
    code: 'map/no_tiles',
    rule: 'R1.4',
  })
})

t.test('R1.4 map refusals name every problem', async (t) => {
  const codes = (input: unknown) => validateMap(input).map((p) => p.code)
  t.same(codes(null), ['map/not_an_object'])
  t.ok(codes({ id: 'x', name: 'x', tribes: 9, tiles: [] }).includes('map/bad_tribes'), 'a map is for 2 to 7 tribes')
  t.ok(codes({ id: 'x', name: 'x', tribes: 2, tiles: [] }).includes('map/no_tiles'))
  t.ok(codes({ id: 'x', name: 'x', tribes: 2, tiles: [{ q: 'a', r: 0, terrain: 'land' }] }).includes('map/bad_tile'))
  t.ok(codes({ id: 'x', name: 'x', tribes: 2, tiles: [{ q: 0, r: 0, terrain: 'lava' }] }).includes('map/bad_terrain'))
  t.ok(codes({ id: 'x', name: 'x', tribes: 2, tiles: [{ q: 0, r: 0, terrain: 'sea', city: true }] }).includes('map/city_at_sea'))
  t.ok(codes({ id: 'x', name: 'x', tribes: 2, tiles: [{ q: 0, r: 0, terrain: 'land', city: 'yes' }] }).includes('map/bad_tile'))
  const big = Array.from({ length: 2001 }, (_, i) => ({ q: i, r: 0, terrain: 'land' }))
  t.same(codes({ id: 'x', name: 'x', tribes: 2, tiles: big }), ['map/too_large'])
})

// #27: a Spanish reader is told the same particulars as an English one (the tile, the counts):
// each refusal whose Spanish sentence names some carries them all, and the sentence fills in.
t.test('every refusal carries the particulars its Spanish sentence names', async (t) => {
  const { ERRORS_ES, errorText } = await import('../../../src/lib/page-helpers.ts')
  let told = 0
  for (const [code, , state, step] of cases) {
    const error = refused(state, step)
    const sentence = ERRORS_ES[code]
    if (!sentence) continue
    const named = [...new Set([...sentence.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!))]
    if (named.length === 0) continue
    told++
    t.same(
      named.filter((name) => error.params?.[name] === undefined),
      [],
      `${code}: params for ${named.join(', ')}`,
    )
    const spanish = errorText({ code, message: error.message, ...(error.params ? { params: error.params } : {}) }, 'es')
    t.notMatch(spanish, /[{}]/, `${code}: "${spanish}"`)
    if (typeof error.params?.tile === 'string')
      t.ok(spanish.includes(error.params.tile) && error.message.includes(error.params.tile), `${code}: both languages name ${error.params.tile}`)
  }
  t.ok(told >= 20, `${told} refusals told with their particulars`)
  t.equal(
    errorText({ code: 'recruit/too_many_troops', message: '', params: { tile: '2,1', present: 8, troops: 1, max: 9 } }, 'es'),
    'En 2,1 hay 8 tropas: 1 tropa más superarían las 9.',
    'plural forms from the ICU library',
  )
})
