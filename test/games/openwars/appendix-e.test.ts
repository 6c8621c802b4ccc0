// Appendix E, exactly: setup and the first round of an Elfos–Orcos campaign from the example
// seeds, through the platform's own calls, dice included.
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenEvent, OpenState } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { ofType, open, play, stack, sys, tribe } from './dsl.ts'

const HOUR = 3_600_000

function setup(): { s: OpenState; log: OpenEvent[]; initial: OpenState } {
  const created = openWars.createGame({
    map: openWars.fixedMap!.map,
    tribes: [
      { id: 'E', name: 'Elfos', weekday: 'monday' },
      { id: 'O', name: 'Orcos', weekday: 'thursday' },
    ],
    seed: 'ejemplo-mapa',
    secretSeed: 'ejemplo-preparacion-5',
    limit: null,
  })
  if (!created.ok) throw new Error(created.error.code)
  const log: OpenEvent[] = []
  let s = created.state
  const step = (r: { state: OpenState; events: OpenEvent[] }) => {
    s = r.state
    log.push(...r.events)
  }
  step(sys(s, { type: 'startCampaign', at: 0 }))
  step(play(s, 'E', [{ type: 'setFaction', faction: 'elfos' }]))
  step(play(s, 'O', [{ type: 'setFaction', faction: 'orcos' }]))
  return { s, log, initial: created.state }
}

t.test('W2.11 W2.13 W2.14 W10.4 Appendix E: the map of seed ejemplo-mapa', async (t) => {
  const { s, log } = setup()
  const built = ofType(log, 'mapBuilt')[0]!
  t.same(built.sectors, ['E', 'O'], 'counter 0: j = 1, no swap: the Elfos get sector 0')
  const row = (r: number) => Array.from({ length: 8 }, (_, c) => s.cells[`r${r}c${c + 1}`]!.card).join(' ')
  t.equal(row(1), 'ag6 ag3 ag2 ag3 ag6 ag3 ag2 ag3')
  t.equal(row(2), 'ci0 bo4 ag8 bo4 ci0 bo4 ag8 bo4')
  t.equal(row(3), 'll7 bo5 ag4 bo5 ll7 bo5 ag4 bo5')
  t.equal(row(4), 'll2 ll1 ci5 ll1 ll2 ll1 ci5 ll1')
  t.equal(row(5), 'mo2 de5 mo7 de5 mo2 de5 mo7 de5')
  t.equal(s.cells.r2c1!.controller, 'E', 'W2.9 each tribe controls its capital')
  t.equal(s.cells.r2c5!.controller, 'O')
  t.equal(openWars.view(s).tribes[0]!.turn, 'free', 'W3.4 setup takes orders in no window')
})

t.test('W3.6 W3.7 W3.8 Appendix E: tick 0, the default armies, a roll-off for the weekdays', async (t) => {
  let { s } = setup()
  const early = sys(s, { type: 'tick', at: 71 * HOUR })
  t.equal(early.events.at(-1)!.type, 'tickWaits', 'W3.6 tick 0 is at least 72 hours after the start')
  const r = sys(s, { type: 'tick', at: 72 * HOUR })
  s = r.state
  const m = ofType(r.events, 'mustered')[0]!
  t.same(m.values, { E: 58, O: 58 }, 'A.8 both defaults are worth 58')
  t.same(
    m.rolls.map((x) => [x.tribe, x.die.counter, x.die.face]),
    [
      ['E', 0, 4],
      ['O', 1, 4],
      ['E', 2, 1],
      ['O', 3, 4],
    ],
    'W10.5 equal dice roll again',
  )
  t.same(m.weekdays, { O: 'monday', E: 'thursday' }, 'the highest die takes the earliest weekday')
  t.same([tribe(s, 'E').gold, tribe(s, 'E').mana, tribe(s, 'O').gold, tribe(s, 'O').mana], [1, 4, 1, 4], 'W3.8 ⌊(60 − 58)/2⌋ = 1 gold and 4 mana')
  t.equal(stack(s, 'r2c5', 'O', 'senor_guerra')!.count, 1, 'W3.6 the armies stand in their capitals')
  t.equal(s.round, 1)
})

t.test('W2.9 W3.1 W3.13 W3.10 W5.4 W6.9 W7.5 W10.3 W1.8 Appendix E: the first round, dice included', async (t) => {
  let { s, log, initial } = setup()
  const step = (r: { state: OpenState; events: OpenEvent[] }) => {
    s = r.state
    log.push(...r.events)
    return r.events
  }
  step(sys(s, { type: 'tick', at: 7 * 24 * HOUR }))
  step(sys(s, { type: 'setSeed', seed: 'ejemplo-ronda-1' }))
  // Monday, Orcos.
  const opened = step(sys(s, { type: 'openWindow', tribe: 'O' }))
  t.same([tribe(s, 'O').gold, tribe(s, 'O').mana], [7, 6], 'W4.1 the capital yields 6 gold and 2 mana')
  t.match(opened[1], { type: 'windowOpened', gold: 6, mana: 2 })
  step(
    play(s, 'O', [
      { type: 'cast', from: 'r2c5', kind: 'chaman', spell: 'celeridad', target: 'r2c5', targetKind: 'senor_guerra' },
      { type: 'move', from: 'r2c5', kind: 'senor_guerra', count: 1, path: ['r3c5', 'r4c5', 'r4c4', 'r4c3'] },
      { type: 'move', from: 'r2c5', kind: 'guerreros_orcos', count: 2, path: ['r3c5', 'r4c5'] },
      { type: 'move', from: 'r2c5', kind: 'trolls', count: 1, path: ['r2c6'] },
      { type: 'setStanding', at: 'r4c3', kind: 'senor_guerra', order: { modo: 'retirarse', umbral: 100, destino: 'r4c4' } },
    ]),
  )
  t.equal(tribe(s, 'O').mana, 5, 'Celeridad costs 1 mana')
  t.same(
    ['r4c3', 'r4c5', 'r2c6', 'r3c5', 'r4c4'].map((id) => s.cells[id]!.controller),
    ['O', 'O', 'O', null, null],
    'W5.8 the last cells are taken, those passed through are not',
  )
  const monday = step(play(s, 'O', [{ type: 'endTurn' }]))
  t.equal(s.rng.counter, 0, 'nothing is contested: no die is drawn')
  t.notOk(monday.some((e) => e.type === 'battle'))
  step(sys(s, { type: 'closeWindow', tribe: 'O' }))
  // Thursday, Elfos.
  step(sys(s, { type: 'openWindow', tribe: 'E' }))
  t.same([tribe(s, 'E').gold, tribe(s, 'E').mana], [7, 6])
  step(
    play(s, 'E', [
      { type: 'cast', from: 'r2c1', kind: 'mago', spell: 'vientos', target: 'r2c1' },
      { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r3c1', 'r4c1', 'r4c2', 'r4c3'] },
      { type: 'move', from: 'r2c1', kind: 'arqueros', count: 2, path: ['r3c1', 'r4c1', 'r4c2', 'r4c3'] },
      { type: 'move', from: 'r2c1', kind: 'maestra_arquera', count: 1, path: ['r3c1', 'r4c1', 'r4c2', 'r4c3'] },
    ]),
  )
  t.equal(tribe(s, 'E').mana, 4, 'W1.10 Armonía: Vientos favorables costs 3 − 1 = 2')
  t.same(s.contested, ['r4c3'], 'W5.7 the move engages')
  const thursday = step(play(s, 'E', [{ type: 'endTurn' }]))
  const battle = ofType(thursday, 'battle')[0]!
  t.same(battle.order, ['E:maestra_arquera', 'E:exploradores', 'O:senor_guerra', 'E:arqueros'], 'W6.7 initiative 6, 5, 4 (única), 4')
  t.same(battle.rolls, [], 'no roll-off')
  t.same(
    battle.turns.map((x) => [x.kind, x.act, x.attack, x.dice?.map((d) => `#${d.counter}=${d.face}`), x.to]),
    [
      ['maestra_arquera', 'attack', 5, ['#0=6'], undefined],
      ['exploradores', 'attack', 2, ['#1=6'], undefined],
      ['senor_guerra', 'retreat', undefined, undefined, 'r4c4'],
    ],
    'W6.9 100 × 17 < 100 × 47: the Señor retreats to r4c4; the arqueros never take a turn',
  )
  t.equal(s.rng.counter, 2, '2 dice were drawn')
  t.equal(s.cells.r4c4!.controller, 'O', 'W2.9 arrival by retreat takes control')
  t.equal(s.cells.r4c3!.controller, 'E', 'W6.15 the tribe left takes control')
  step(sys(s, { type: 'closeWindow', tribe: 'E' }))
  step(sys(s, { type: 'tick', at: 14 * 24 * HOUR }))
  step(sys(s, { type: 'setSeed', seed: 'ejemplo-ronda-2' }))
  step(sys(s, { type: 'openWindow', tribe: 'O' }))
  t.same([tribe(s, 'O').gold, tribe(s, 'O').mana], [17, 8], 'round 2: 6 + 1 + 1 + 2 = 10 gold and 3 mana')
  step(sys(s, { type: 'closeWindow', tribe: 'O' }))
  step(sys(s, { type: 'openWindow', tribe: 'E' }))
  t.same([tribe(s, 'E').gold, tribe(s, 'E').mana], [17, 6], 'the Elfos: 10 gold and 2 mana')
  const before = tribe(s, 'E').gold
  step(play(s, 'E', [{ type: 'recruit', city: 'r4c3', kind: 'guardianes', count: 1 }]))
  t.equal(before - tribe(s, 'E').gold, 8, 'W4.7 Ciudad forja (armeria): 1 gold less per unit')
  const replayed = openWars.replay(initial, log, hmacRng)
  t.ok(replayed.ok && openWars.stateHash(replayed.state) === openWars.stateHash(s), 'W10.1 the log replays to the same state')
})
