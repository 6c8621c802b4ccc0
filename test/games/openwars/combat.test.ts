// W6: battles, hits, retreats, withdrawals, the end of the combat phase; volleys.
import t from 'tap'
import { strike, destination, type CombatPhase } from '../../../src/engine/games/openwars/battle.ts'
import type { OpenState, StandingOrder } from '../../../src/engine/games/openwars/types.ts'
import { Work } from '../../../src/engine/games/openwars/work.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { hmacRng, scriptedRng, type Rng } from '../../../src/engine/index.ts'
import { ofType, open, play, refused, stack, standing, tribe, world, always, BATTLE_MAP } from './dsl.ts'

const MAP = BATTLE_MAP
const phaseOf = (active: string): CombatPhase => ({ active, piles: new Map(), raises: [], pending: new Set() })

interface Fight {
  tribes?: string
  card?: string
  a: string
  b: string
  rng?: Rng
  orders?: Record<string, StandingOrder>
  prep?: (s: OpenState) => void
  /** Standing orders the attacker sets on its stacks once they arrive. */
  after?: Record<string, StandingOrder>
}

/** A's stacks in r2c1 all move into r2c2, where B's stand, and A ends its turn. */
function fightAt(f: Fight) {
  const stacks = [
    ...f.a.split(',').map((x) => `r2c1 A ${x.trim()}`),
    ...f.b
      .split(',')
      .filter((x) => x.trim())
      .map((x) => `r2c2 B ${x.trim()}`),
  ].join('\n')
  let s = world(MAP, { tribes: f.tribes ?? 'A=orcos@monday B=elfos@thursday', stacks, mana: 10 })
  if (f.card) s.cells.r2c2!.card = f.card
  for (const [key, order] of Object.entries(f.orders ?? {})) {
    const [at, who, k] = key.split(':')
    standing(s, at!, who!, k!, order)
  }
  f.prep?.(s)
  s = open(s, 'A')
  const moves = s.cells
    .r2c1!.stacks.filter((x) => x.tribe === 'A')
    .map((x) => ({ type: 'move' as const, from: 'r2c1', kind: x.kind, count: x.count, path: ['r2c2'] }))
  const after = Object.entries(f.after ?? {}).map(([kind, order]) => ({ type: 'setStanding' as const, at: 'r2c2', kind, order }))
  const r = play(s, 'A', [...moves, ...after, { type: 'endTurn' }], f.rng ?? hmacRng)
  return { ...r, battle: ofType(r.events, 'battle')[0]! }
}

t.test('W6.12 W11.4 W6.13 hits go to the cheapest units (printed initiative outside a battle); the source example of 4 esqueletos and 2 momias', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=no_muertos@thursday', stacks: 'r2c2 B 4 esqueletos\nr2c2 B 2 momias' })
  const w = new Work(s, hmacRng)
  const fell = strike(w, phaseOf('A'), 'r2c2', 'B', 3, false, null)
  t.same(
    fell.map((x) => x.kind),
    ['momias', 'momias', 'esqueletos'],
    'momias (initiative 1) before esqueletos (2)',
  )
  t.equal(stack(w.s, 'r2c2', 'B', 'momias'), undefined, 'an emptied stack is gone')
  const w2 = new Work(s, hmacRng)
  tribe(w2.s, 'B').casualtyList = ['esqueletos']
  t.same(
    strike(w2, phaseOf('A'), 'r2c2', 'B', 2, false, null).map((x) => x.kind),
    ['esqueletos', 'esqueletos'],
    'the casualty list comes before initiative',
  )
  const w3 = new Work(s, hmacRng)
  t.equal(strike(w3, phaseOf('A'), 'r2c2', 'B', 9, false, null).length, 6, 'hits beyond the last unit are lost')
})

t.test('W6.12 W1.6 Resistente: 2 guerreros del clan take 3 hits; Ojo de halcón; W6.13 Ofrenda', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=enanos@thursday', stacks: 'r2c2 B 2 guerreros_clan\nr2c2 B 1 mineros' })
  const w = new Work(s, hmacRng)
  strike(w, phaseOf('A'), 'r2c2', 'B', 5, false, null)
  t.same(
    [stack(w.s, 'r2c2', 'B', 'mineros'), stack(w.s, 'r2c2', 'B', 'guerreros_clan')!.count, stack(w.s, 'r2c2', 'B', 'guerreros_clan')!.damage],
    [undefined, 1, 1],
    'wound, fell, wound',
  )
  const w2 = new Work(s, hmacRng)
  strike(w2, phaseOf('A'), 'r2c2', 'B', 2, true, null)
  t.equal(stack(w2.s, 'r2c2', 'B', 'guerreros_clan')!.count, 1, 'W1.9 Ojo de halcón: the most expensive first')
  const d = world(MAP, { tribes: 'A=orcos@monday B=demonios@thursday', stacks: 'r2c2 B 2 cultistas' })
  const w3 = new Work(d, hmacRng)
  strike(w3, phaseOf('A'), 'r2c2', 'B', 2, false, null)
  t.equal(tribe(w3.s, 'B').mana, 2, 'Ofrenda: 1 mana per fallen cultista')
})

t.test('W6.5 W6.6 W6.7 W11.2 initiative: effective value, class rank, cost, roll-off', async (t) => {
  const { battle } = fightAt({ a: '1 chaman, 1 jinetes_lobo, 1 goblins', b: '1 mago, 1 arqueros, 1 exploradores' })
  t.same(battle.order.slice(0, 2), ['B:exploradores', 'B:mago'], 'initiative 5 first; among 4, mágica first')
  t.same(battle.order.slice(2, 4).sort(), ['A:jinetes_lobo', 'B:arqueros'], 'equal initiative, rank and cost 11: a roll-off')
  t.ok(battle.rolls.length >= 2)
  t.same(battle.order.slice(4), ['A:chaman', 'A:goblins'], 'then the mágica chamán before the goblins')
  t.same(battle.initiative, [5, 4, 4, 4, 3, 3])
})

t.test('W10.5 W3.9 a battle that needs a roll-off still lets its tribe end the turn: the probe of the turn page ends too', async (t) => {
  // Orc wolf riders and elf archers tie on initiative, rank and cost (11): their order is a roll-off,
  // which rolls again for as long as the dice are equal.
  let s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 jinetes_lobo\nr2c2 B 1 arqueros' })
  s = open(s, 'A')
  s = play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'jinetes_lobo', count: 1, path: ['r2c2'] }]).state
  t.ok(
    openWars.legalOptions(s, 'A').orders.some((o) => o.type === 'endTurn'),
    'endTurn is among the options the turn page shows',
  )
  t.same(openWars.turnSummary(s, 'A').end, { type: 'endTurn' }, 'and the "your day" card offers it')
  const { battle } = fightAt({ a: '1 jinetes_lobo', b: '1 arqueros' })
  t.ok(battle.rolls.length >= 2, 'the real end of the turn rolls the roll-off')
})

t.test('W6.11 W6.14 W6.15 W11.11 after round 10 the active tribe withdraws, to its destination or falling', async (t) => {
  const { battle, state } = fightAt({
    a: '2 goblins, 1 jinetes_lobo',
    b: '1 guardianes',
    rng: always(6),
    after: { goblins: { modo: 'retirarse', umbral: 1, destino: 'r3c2' } },
  })
  t.equal(Math.max(...battle.turns.map((x) => x.round)), 10, 'every die misses: ten rounds')
  t.same(battle.withdrew, ['goblins>r3c2', 'jinetes_lobo>r2c1'], 'the destino if valid, else auto (own ground first)')
  t.equal(state.cells.r3c2!.controller, 'A', 'W2.9 arrival by withdrawal takes control')
  t.equal(state.cells.r2c2!.controller, 'B')
  const trapped = fightAt({
    a: '1 goblins',
    b: '1 guardianes',
    card: 'ag8',
    rng: always(6),
    tribes: 'A=orcos@monday B=elfos@thursday',
    prep: (s) => (s.cells.r2c2!.card = 'll1'),
  })
  t.equal(trapped.battle.winner, 'B')
})

t.test('W6.14 abismo: units that cannot withdraw fall', async (t) => {
  const { battle, state } = fightAt({
    a: '1 goblins',
    b: '1 guardianes',
    rng: always(6),
    prep: (s) => {
      s.cells.r2c2!.card = 'ag8'
      s.cells.r2c1!.stacks[0]!.kind = 'galera'
      s.cells.r2c2!.stacks[0]!.kind = 'nave_cisne'
      s.cells.r2c1!.card = 'ag1'
    },
  })
  t.same(battle.withdrew, ['galera>fallen'])
  t.equal(state.cells.r2c2!.controller, 'B')
})

t.test('W6.4 W6.8 W6.9 W11.10 a retreat leaves its rearguard; the units that leave arrive moved and unhurt', async (t) => {
  const { battle, state } = fightAt({
    a: '4 guerreros_orcos',
    b: '3 guardianes',
    rng: always(6),
    orders: { 'r2c2:B:guardianes': { modo: 'retirarse', umbral: 'siempre', retaguardia: 1 } },
  })
  const retreat = battle.turns.find((x) => x.act === 'retreat')!
  t.equal(retreat.to, 'r2c1', 'auto: no controlled neighbour, then the lowest entry cost, then canonical (r2c1 before r2c3)')
  t.equal(state.cells.r2c1!.controller, 'B', 'the empty capital the attacker left is taken')
  t.equal(stack(state, 'r2c1', 'B', 'guardianes')!.count, 2)
  t.equal(stack(state, 'r2c1', 'B', 'guardianes')!.moved, 2, 'W11.9 retreating units arrive moved')
  t.equal(battle.turns.filter((x) => x.kind === 'guardianes').length, 1, 'the rearguard never takes a turn again')
})

t.test('W6.9 Implacable never retreats; no valid destination means an attack', async (t) => {
  const wild = fightAt({
    tribes: 'A=orcos@monday B=barbaros@thursday',
    a: '1 goblins',
    b: '1 berserkers',
    rng: always(1),
    orders: { 'r2c2:B:berserkers': { modo: 'retirarse', umbral: 'siempre' } },
  })
  t.equal(wild.battle.turns.find((x) => x.kind === 'berserkers')!.act, 'attack', 'berserkers ignore retirarse')
  const boxed = fightAt({
    a: '1 goblins',
    b: '1 guardianes',
    rng: always(1),
    orders: { 'r2c2:B:guardianes': { modo: 'retirarse', umbral: 'siempre' } },
    prep: (s) => {
      for (const id of ['r3c2', 'r2c3']) {
        s.cells[id]!.stacks.push({ tribe: 'A', kind: 'goblins', count: 1, moved: 0, damage: 0, order: null, bonus: [] })
        s.cells[id]!.controller = 'A'
      }
      // Appendix C: Barrera bars retreats too (cast by a third tribe: A's own end as A's window opens).
      s.cells.r2c1!.lasting.push({ spell: 'barrera', tribe: 'C' })
    },
  })
  t.same(
    boxed.battle.turns.map((x) => x.act),
    ['attack'],
    'no destination: it attacks',
  )
})

t.test('W6.16 Alzarse and osario; tierra_viva', async (t) => {
  const rise = fightAt({
    tribes: 'A=orcos@monday B=no_muertos@thursday',
    a: '4 guerreros_orcos',
    b: '1 esqueletos',
    rng: scriptedRng([1, 1, 1, 1, 2]),
    card: 'll4',
  })
  t.same(ofType(rise.events, 'phaseEnded')[0]!.risen, [], 'the Orcos stand there: no die')
  const d = fightAt({
    tribes: 'A=no_muertos@monday B=orcos@thursday',
    a: '2 esqueletos',
    b: '1 trolls',
    card: 'll4',
    rng: scriptedRng([6, 6, 1, 6, 6, 1, 3]),
  })
  t.equal(d.battle.winner, 'B', 'the trolls felled both esqueletos')
  t.same(ofType(d.events, 'phaseEnded')[0]!.risen, [], 'the trolls hold the osario: the fallen roll no die')
})

t.test('W6.16 W1.9 Alzarse rises on 1 to n, n + 1 in osario; never in tierra_viva', async (t) => {
  const args = { tribes: 'A=orcos@monday B=no_muertos@thursday', a: '1 goblins', b: '2 esqueletos', rng: scriptedRng([1, 1, 3]) }
  const rose = fightAt({ ...args, card: 'll4' })
  t.same(
    ofType(rose.events, 'phaseEnded')[0]!.risen.map((x) => [x.kind, x.die.face, x.rose]),
    [['esqueletos', 3, true]],
    'osario: 3 ≤ 2 + 1',
  )
  t.equal(stack(rose.state, 'r2c2', 'B', 'esqueletos')!.count, 2)
  const plain = fightAt({ ...args })
  t.same(ofType(plain.events, 'phaseEnded')[0]!.risen[0]!.rose, false, 'a 3 fails Alzarse 2 on plain ground')
  const holy = fightAt({ ...args, card: 'bo6' })
  t.same(ofType(holy.events, 'phaseEnded')[0]!.risen, [], 'tierra_viva: no die')
})

t.test('W6.10 W6.16 a prepared Levantar muertos raises the pile as Esqueletos', async (t) => {
  const { events, state, battle } = fightAt({
    tribes: 'A=orcos@monday B=no_muertos@thursday',
    a: '1 goblins',
    b: '2 esqueletos, 1 nigromante',
    rng: scriptedRng([1, 1, 6]),
    orders: { 'r2c2:B:nigromante': { modo: 'luchar', hechizo: 'levantar_muertos' } },
  })
  t.equal(battle.turns[0]!.spell, 'levantar_muertos')
  t.same(ofType(events, 'phaseEnded')[0]!.raised, [{ at: 'r2c2', tribe: 'B', count: 2 }], 'the fallen esqueleto and the goblin')
  t.equal(stack(state, 'r2c2', 'B', 'esqueletos')!.count, 3)
  t.equal(tribe(state, 'B').mana, 7)
})

t.test('W6.14 a round in which no stack takes a turn ends the battle: the active tribe withdraws', async (t) => {
  const { battle, state } = fightAt({
    a: '2 goblins',
    b: '2 guardianes',
    rng: always(6),
    orders: { 'r2c2:B:guardianes': { modo: 'retirarse', umbral: 'siempre', retaguardia: 1 } },
    after: { goblins: { modo: 'retirarse', umbral: 'siempre', retaguardia: 1 } },
  })
  t.same(
    battle.turns.map((x) => [x.kind, x.act, x.to]),
    [
      ['guardianes', 'retreat', 'r2c1'],
      ['goblins', 'retreat', 'r2c3'],
    ],
  )
  t.same(battle.withdrew, ['goblins>r2c3'], 'the rearguard goblin withdraws after the first')
  t.equal(stack(state, 'r2c3', 'A', 'goblins')!.count, 2)
  t.equal(state.cells.r2c2!.controller, 'B')
})

/** Round-1 effective attack and the initiative of each stack of a battle. */
function values(f: Fight) {
  const { battle } = fightAt({ rng: always(6), ...f })
  const ini = Object.fromEntries(battle.order.map((id, i) => [id, battle.initiative[i]]))
  const att = Object.fromEntries(battle.turns.filter((x) => x.round === 1).map((x) => [`${x.tribe}:${x.kind}`, x.attack]))
  return { ini, att }
}

t.test('W6.6 W2.8 location keywords in battle', async (t) => {
  t.match(values({ a: '1 goblins', b: '1 guardianes', card: 'mo6' }).att, { 'A:goblins': 2, 'B:guardianes': 4 }, 'murallas: +1 for the controller')
  t.match(values({ a: '1 goblins', b: '1 guardianes', card: 'mo5' }).ini, { 'A:goblins': 3, 'B:guardianes': 5 }, 'vigia: +1 initiative for the controller')
  t.match(values({ a: '1 trolls', b: '1 exploradores', card: 'bo4' }).ini, { 'A:trolls': 2, 'B:exploradores': 5 }, 'emboscada: bosque units +1')
  t.match(values({ a: '1 trolls', b: '1 exploradores', card: 'bo7' }).ini, { 'A:trolls': 1, 'B:exploradores': 4 }, 'sombras: others −1')
  t.match(values({ a: '1 jinetes_lobo', b: '1 guardianes', card: 'de4' }).att, { 'A:jinetes_lobo': 3, 'B:guardianes': 2 }, 'calor: −1 but desierto')
  t.match(
    values({ tribes: 'A=orcos@monday B=no_muertos@thursday', a: '1 jinetes_lobo', b: '1 momias', card: 'de6' }).att,
    { 'B:momias': 2 },
    'sol: No Muertos −1',
  )
  t.match(
    values({ tribes: 'A=amazonas@monday B=elfos@thursday', a: '1 jinetes_jaguar, 1 aguilas', b: '1 exploradores', card: 'bo1' }).ini,
    { 'A:jinetes_jaguar': 6, 'A:aguilas': 6 },
    'W11.30 Hijas de la selva: +1 in bosque, voladora included',
  )
  t.match(
    values({ tribes: 'A=orcos@monday B=enanos@thursday', a: '1 goblins', b: '1 guardia', card: 'ci1', prep: (s) => (s.cells.r2c2!.controller = 'B') }).att,
    { 'B:guardia': 4 },
    'W1.9 Baluarte: +1 in a ciudad',
  )
  t.match(
    values({ tribes: 'A=demonios@monday B=elfos@thursday', a: '1 diablillos', b: '1 nave_cisne', card: 'ag6' }).att,
    { 'A:diablillos': 1, 'B:nave_cisne': 3 },
    'sirenas: −1 but agua, at least 1',
  )
})

t.test('W1.10 W11.13 W11.30 faction traits and leaders', async (t) => {
  t.match(
    values({ tribes: 'A=barbaros@monday B=elfos@thursday', a: '1 salvajes, 1 honderos', b: '1 guardianes' }).att,
    { 'A:salvajes': 4, 'A:honderos': 2 },
    'Furia: range-0 Bárbaros +1 in round 1 when active',
  )
  t.match(
    values({ tribes: 'A=elfos@monday B=barbaros@thursday', a: '4 guardianes', b: '1 salvajes, 1 caudillo' }).att,
    { 'B:salvajes': 4 },
    'the Caudillo: Furia when defending too',
  )
  t.match(
    values({ tribes: 'A=elfos@monday B=barbaros@thursday', a: '1 guardianes', b: '1 salvajes' }).att,
    { 'B:salvajes': 3 },
    'no Furia for a defender without him',
  )
  t.match(values({ a: '2 goblins', b: '1 guardianes' }).att, { 'A:goblins': 3 }, 'Muchedumbre: more Orcos than enemies')
  t.match(values({ a: '1 goblins', b: '1 guardianes' }).att, { 'A:goblins': 2 }, 'not with equal numbers')
  t.match(values({ a: '1 senor_guerra', b: '1 guardianes' }).att, { 'A:senor_guerra': 6 }, 'the Señor: equal numbers suffice (6 stays 6)')
  t.match(values({ a: '1 goblins, 1 senor_guerra', b: '2 guardianes' }).att, { 'A:goblins': 3 }, 'the Señor: 2 against 2')
  t.match(
    values({ tribes: 'A=orcos@monday B=amazonas@thursday', a: '1 goblins', b: '1 guerreras, 1 reina' }).ini,
    { 'B:guerreras': 5, 'B:reina': 6 },
    'the Reina: +1 to the other stacks',
  )
  t.match(
    values({ tribes: 'A=orcos@monday B=enanos@thursday', a: '1 goblins', b: '1 mineros, 1 rey_montana' }).ini,
    { 'B:mineros': 3, 'B:rey_montana': 3 },
    'the Rey: +1 to the other stacks',
  )
})

t.test('W6.17 W11.25 three tribes: hits go to the enemy with the highest value', async (t) => {
  const s = world(MAP, {
    tribes: 'A=orcos@monday B=elfos@thursday C=enanos@friday',
    stacks: 'r2c1 A 4 guerreros_orcos\nr2c2 B 1 exploradores\nr2c2 C 1 rey_montana control=no',
  })
  s.cells.r2c2!.controller = 'B'
  const r = play(open(s, 'A'), 'A', [{ type: 'move', from: 'r2c1', kind: 'guerreros_orcos', count: 4, path: ['r2c2'] }, { type: 'endTurn' }], always(1))
  const b = ofType(r.events, 'battle')[0]!
  t.same(b.turns[0]!.fell, [{ tribe: 'A', kind: 'guerreros_orcos' }], 'the exploradores (B) strike first, at the Orcos (V 40), not the Enanos (V 20)')
  t.same(b.turns[1]!.fell, [{ tribe: 'A', kind: 'guerreros_orcos' }], 'the Rey too: the Orcos still have the highest value (30 > 9)')
  t.equal(b.winner !== null, true)
})
