// W6 battle rules, each checked against the book: initiative order and class rank (W6.7), the
// effective values (W6.6), hit assignment inside a battle (W6.12, W11.4), retreats and their
// destinations (W6.9, W5.10), withdrawal (W6.14, W11.11), control after it (W6.15, W11.12),
// prepared spells (W6.10, Appendix C) and three tribes (W6.17).
//
// Most battles here are set up in place: both tribes' stacks stand in r2c2, which is contested
// (as after A's move into it), and A ends its turn. B controls r2c2 unless a test says otherwise.
import t from 'tap'
import type { OpenEvent, OpenOrder, OpenState, StandingOrder } from '../../../src/engine/games/openwars/types.ts'
import { scriptedRng, type Rng } from '../../../src/engine/index.ts'
import { ofType, open, play, stack, standing, tribe, world, always, BATTLE_MAP } from './dsl.ts'

// r2c2 is where the battles are. Its neighbours: r1c2 (water), r2c1 (A's capital), r2c3 and r3c2.
const MAP = BATTLE_MAP

interface Setup {
  tribes?: string
  stacks: string
  card?: string
  rng?: Rng
  mana?: number
  gold?: number
  controller?: string | null
  /** Standing orders, by `at:tribe:kind`. */
  orders?: Record<string, StandingOrder>
  /** Changes to the state once A's window is open (lasting effects, casualty lists, cards). */
  prep?: (s: OpenState) => void
  /** A's orders before it ends its turn. */
  before?: OpenOrder[]
}

/** The battle in r2c2, fought in A's combat phase. */
function battle(o: Setup) {
  let s = world(MAP, { tribes: o.tribes ?? 'A=orcos@monday B=elfos@thursday', stacks: o.stacks, mana: o.mana ?? 10, gold: o.gold ?? 0 })
  if (o.card) s.cells.r2c2!.card = o.card
  s.cells.r2c2!.controller = o.controller === undefined ? 'B' : o.controller
  s.contested = ['r2c2']
  for (const [key, order] of Object.entries(o.orders ?? {})) {
    const [at, who, k] = key.split(':')
    standing(s, at!, who!, k!, order)
  }
  s = open(s, 'A')
  o.prep?.(s)
  const r = play(s, 'A', [...(o.before ?? []), { type: 'endTurn' }], o.rng ?? always(6))
  return { ...r, before: s, battle: ofType(r.events, 'battle')[0]!, ended: ofType(r.events, 'phaseEnded')[0]! }
}

/** Each stack's round-1 effective attack and its effective initiative. */
function values(o: Setup) {
  const { battle: b } = battle({ rng: always(6), ...o })
  const ini = Object.fromEntries(b.order.map((id, i) => [id, b.initiative[i]]))
  const att = Object.fromEntries(b.turns.filter((x) => x.round === 1).map((x) => [`${x.tribe}:${x.kind}`, x.attack]))
  return { ini, att, battle: b }
}

const fell = (events: OpenEvent[]) =>
  ofType(events, 'battle')
    .flatMap((b) => b.turns)
    .flatMap((x) => x.fell ?? [])

t.test('W6.7 class rank: voladora 3, mágica 2, única 1, else 0, before the printed cost; both tribes ordered together', async (t) => {
  // Every stack has initiative 4. The Diablillos (voladora) cost 7, the Liche (mágica and única) 17.
  const { battle: b } = values({
    tribes: 'A=demonios@monday B=no_muertos@thursday',
    stacks: 'r2c2 A 1 diablillos\nr2c2 A 1 sabuesos\nr2c2 B 1 liche\nr2c2 B 1 caballeros_muerte\nr2c2 B 1 espectros',
  })
  t.same(b.initiative, [4, 4, 4, 4, 4])
  t.same(
    b.order,
    ['B:espectros', 'A:diablillos', 'B:liche', 'B:caballeros_muerte', 'A:sabuesos'],
    'the two voladora stacks first (the dearer one first), then the Liche (its highest rank is mágica), then by cost',
  )
  t.same(b.rolls, [], 'nothing is tied: no roll-off')
  const uni = values({
    tribes: 'A=orcos@monday B=no_muertos@thursday',
    stacks: 'r2c2 A 1 senor_guerra\nr2c2 A 1 jinetes_lobo\nr2c2 B 1 nigromante\nr2c2 B 1 caballeros_muerte',
    prep: (s) => (s.cells.r2c2!.card = 'mo5'),
    controller: 'A',
  }).battle
  // A Desfiladero (vigia) A controls: the Señor and the wolf riders 4 + 1; the Caballeros 4, the Nigromante 3.
  t.same(uni.initiative, [5, 5, 4, 3])
  t.same(uni.order, ['A:senor_guerra', 'A:jinetes_lobo', 'B:caballeros_muerte', 'B:nigromante'], 'initiative first, above any rank; then the única Señor')
})

t.test('W6.12 W11.4 inside a battle hits go by cost, casualty list, effective initiative, more units, kind id', async (t) => {
  // The Exploradores (initiative 5) act before the Bárbaros (4) and hit once with a 1. Berserkers
  // and nómadas tie in initiative order too (4, rank 0, cost 12): their roll-off draws first (6, 1).
  const first = (stacks: string, o: Partial<Setup> = {}) =>
    battle({ tribes: 'A=elfos@monday B=barbaros@thursday', stacks: `r2c2 A 1 exploradores\n${stacks}`, rng: scriptedRng([6, 1, 1]), ...o }).battle.turns[0]!
  t.same(first('r2c2 B 1 nomadas\nr2c2 B 1 montaneses', { rng: scriptedRng([1]) }).fell, [{ tribe: 'B', kind: 'montaneses' }], 'the cheapest (11 before 12)')
  t.same(first('r2c2 B 1 berserkers\nr2c2 B 1 nomadas').fell, [{ tribe: 'B', kind: 'berserkers' }], 'equal cost and initiative: kind id')
  t.same(first('r2c2 B 1 berserkers\nr2c2 B 2 nomadas').fell, [{ tribe: 'B', kind: 'nomadas' }], 'then more units before kind id')
  t.same(
    first('r2c2 B 1 berserkers\nr2c2 B 2 nomadas', { prep: (s) => (tribe(s, 'B').casualtyList = ['berserkers']) }).fell,
    [{ tribe: 'B', kind: 'berserkers' }],
    'the casualty list comes before the other tie-breaks',
  )
  t.same(
    first('r2c2 B 1 berserkers\nr2c2 B 1 nomadas\nr2c2 B 1 salvajes', { prep: (s) => (tribe(s, 'B').casualtyList = ['nomadas', 'berserkers']) }).fell,
    [{ tribe: 'B', kind: 'salvajes' }],
    'but never before the cost',
  )
  t.same(
    first('r2c2 B 1 berserkers\nr2c2 B 1 nomadas', { prep: (s) => (tribe(s, 'B').casualtyList = ['nomadas']) }).fell,
    [{ tribe: 'B', kind: 'nomadas' }],
    'a listed kind before an unlisted one',
  )
  // In a Selva profunda (emboscada) the berserkers (bosque) have initiative 5, the nómadas 4: the
  // berserkers act first and miss; the Exploradores (5, cost 9) next; their hit goes to the nómadas,
  // lower in effective initiative though equal in printed initiative (W11.4).
  const selva = battle({
    tribes: 'A=elfos@monday B=barbaros@thursday',
    stacks: 'r2c2 A 1 exploradores\nr2c2 B 1 berserkers\nr2c2 B 1 nomadas',
    card: 'bo4',
    rng: scriptedRng([6, 1]),
  }).battle
  t.same(selva.order, ['B:berserkers', 'A:exploradores', 'B:nomadas'])
  t.same(selva.turns[1]!.fell, [{ tribe: 'B', kind: 'nomadas' }], 'the effective initiative decides')
  // Ojo de halcón inside a battle: the most expensive first.
  const ojo = battle({
    tribes: 'A=elfos@monday B=orcos@thursday',
    stacks: 'r2c2 A 1 maestra_arquera\nr2c2 B 1 goblins\nr2c2 B 1 orcos_negros\nr2c2 B 1 guerreros_orcos',
    rng: scriptedRng([1]),
  }).battle
  t.same(ojo.turns[0]!.fell, [{ tribe: 'B', kind: 'orcos_negros' }], 'Ojo de halcón: 13 before 10 and 8')
})

t.test('W6.6 W6.12 Appendix C a prepared Runa de piedra gives its own tribe’s units +1 hit point for the rest of the battle', async (t) => {
  // Herrero rúnico (2, mágica) casts; the Mineros (2) and the two Trolls (1, A's) follow.
  const {
    battle: b,
    ended,
    state,
  } = battle({
    tribes: 'A=orcos@monday B=enanos@thursday',
    stacks: 'r2c2 A 2 trolls\nr2c2 B 1 herrero_runico\nr2c2 B 1 mineros',
    orders: { 'r2c2:B:herrero_runico': { modo: 'luchar', hechizo: 'runa_piedra' } },
    rng: scriptedRng([1, 1, 1, 1, 6, 1]),
  })
  t.same(b.order, ['B:herrero_runico', 'B:mineros', 'A:trolls'])
  t.match(b.turns[0], { act: 'spell', spell: 'runa_piedra' })
  t.match(b.turns[1], { kind: 'mineros', hits: 1, fell: [] }, 'a troll is wounded: 1 of its 2 hit points')
  t.match(b.turns[2], { kind: 'trolls', hits: 2, fell: [] }, 'two hits do not fell a Minero under the Runa: 3 hit points')
  t.match(b.turns[3], { round: 2, kind: 'herrero_runico', hits: 1, fell: [{ tribe: 'A', kind: 'trolls' }] }, 'the enemy Trolls keep 2 hit points')
  t.match(b.turns[5], { round: 2, kind: 'trolls', hits: 1, fell: [{ tribe: 'B', kind: 'mineros' }] }, 'the third hit fells the Minero')
  t.equal(b.winner, 'B')
  t.same(ended.raised, [], 'W6.16 only Levantar muertos raises the fallen')
  t.equal(stack(state, 'r2c2', 'B', 'esqueletos'), undefined)
})

t.test('W6.17 W11.25 three tribes: a stack’s hits go to the enemy tribe of highest V (ties: canonical order), chosen once per attack', async (t) => {
  const three = 'A=orcos@monday B=elfos@thursday C=enanos@friday'
  // V: A 11, B 9, C 13. The Exploradores (B, initiative 5) strike C, not A, the first in canonical order.
  const r = battle({
    tribes: three,
    stacks: 'r2c2 A 1 jinetes_lobo\nr2c2 B 1 exploradores\nr2c2 C 1 guerreros_clan control=no',
    rng: scriptedRng([1, 1]),
  })
  t.same(r.battle.order, ['B:exploradores', 'A:jinetes_lobo', 'C:guerreros_clan'])
  t.same(
    r.battle.turns.slice(0, 2).map((x) => x.fell),
    [[], [{ tribe: 'C', kind: 'guerreros_clan' }]],
    'B wounds the Guerrero del clan (C, 13 > 11), then A’s hit fells it (C, 13 > 9)',
  )
  // Three wolf riders (V 33) roll 3 hits at C (13 > 9): 2 fell its Guerrero, the third is lost, not
  // passed on to B.
  const once = battle({
    tribes: three,
    stacks: 'r2c2 A 3 jinetes_lobo\nr2c2 B 1 exploradores\nr2c2 C 1 guerreros_clan control=no',
    rng: scriptedRng([6, 1, 1, 1]),
  })
  t.match(once.battle.turns[1], { kind: 'jinetes_lobo', hits: 3, fell: [{ tribe: 'C', kind: 'guerreros_clan' }] })
  t.equal(once.battle.turns[1]!.fell!.length, 1)
  t.equal(once.battle.turns[2]!.kind, 'exploradores', 'B is still there for the next round')
  // B and C both worth 9: A strikes B, earlier in canonical order.
  const tie = battle({
    tribes: three,
    stacks: 'r2c2 A 1 jinetes_lobo\nr2c2 B 1 exploradores\nr2c2 C 1 mineros control=no',
    rng: scriptedRng([6, 1]),
  })
  t.same(tie.battle.turns[1]!.fell, [{ tribe: 'B', kind: 'exploradores' }])
  const tie2 = battle({
    tribes: 'A=orcos@monday B=enanos@thursday C=elfos@friday',
    stacks: 'r2c2 A 1 jinetes_lobo\nr2c2 B 1 mineros\nr2c2 C 1 exploradores control=no',
    rng: scriptedRng([6, 1]),
  })
  t.match(
    tie2.battle.turns[1],
    { kind: 'jinetes_lobo', hits: 1, fell: [] },
    'the Minero of B, first in canonical order now, is wounded, not C’s Explorador felled',
  )
})

/** Where B's stack `kind` retreats to at its turn (or its act, if it does not), A's lone goblin missing. */
function retreat(o: Omit<Setup, 'stacks'> & { stacks: string; kind: string; order?: StandingOrder }) {
  const r = battle({
    ...o,
    stacks: `r2c2 A 1 goblins\n${o.stacks}`,
    tribes: o.tribes ?? 'A=orcos@monday B=no_muertos@thursday',
    orders: { [`r2c2:B:${o.kind}`]: o.order ?? { modo: 'retirarse', umbral: 'siempre' }, ...o.orders },
  })
  const turn = r.battle.turns.find((x) => x.tribe === 'B' && x.kind === o.kind)!
  return { ...r, to: turn.act === 'retreat' ? turn.to : turn.act }
}

t.test('W6.9 auto destination: an adjacent location of the tribe first, then the lowest entry cost, then canonical order', async (t) => {
  // r2c2's land neighbours: r2c1 (A's empty capital, entry 1), r2c3 (Pradera, 1), r3c2 (Sierra, 2 for the Esqueletos).
  t.equal(retreat({ stacks: 'r2c2 B 1 esqueletos', kind: 'esqueletos' }).to, 'r2c1', 'entry 1 twice: canonical order')
  t.equal(
    retreat({ stacks: 'r2c2 B 1 esqueletos', kind: 'esqueletos', prep: (s) => (s.cells.r3c2!.controller = 'B') }).to,
    'r3c2',
    'its own Sierra first, though dearer and later',
  )
  t.equal(
    retreat({ stacks: 'r2c2 B 1 esqueletos', kind: 'esqueletos', prep: (s) => (s.cells.r2c3!.controller = 'B') }).to,
    'r2c3',
    'its own Pradera first, though later',
  )
  t.equal(
    retreat({ stacks: 'r2c2 B 1 esqueletos', kind: 'esqueletos', prep: (s) => (s.cells.r2c1!.card = 'mo2') }).to,
    'r2c3',
    'the lower entry cost before canonical order (r2c1 a Montes pelados now, 2)',
  )
  t.equal(
    retreat({ stacks: 'r2c2 B 1 esqueletos', kind: 'esqueletos', prep: (s) => ((s.cells.r2c1!.card = 'mo2'), (s.cells.r2c3!.card = 'mo1')) }).to,
    'r2c1',
    'all cost 2: canonical order',
  )
})

t.test('W6.9 W11.20 a destination is valid only if adjacent, entered within the printed movement, and used only then', async (t) => {
  // The Esqueletos have movement 2. r2c1 is taken by an A stack; r2c3 a Sierra (2); r3c2 a Selva profunda (3).
  const boxed = (s: OpenState) => {
    s.cells.r2c1!.stacks.push({ tribe: 'A', kind: 'goblins', count: 1, moved: 0, damage: 0, order: null, bonus: [] })
    s.cells.r2c3!.card = 'mo1'
    s.cells.r3c2!.card = 'bo4'
  }
  const order: StandingOrder = { modo: 'retirarse', umbral: 'siempre', destino: 'r3c2' }
  t.equal(
    retreat({ stacks: 'r2c2 B 1 esqueletos', kind: 'esqueletos', order, prep: boxed }).to,
    'r2c3',
    'entry 3 > movement 2: not the destino; entry 2 is enough',
  )
  const far = retreat({
    stacks: 'r2c2 B 1 esqueletos',
    kind: 'esqueletos',
    order: { modo: 'retirarse', umbral: 'siempre' },
    prep: (s) => (tribe(s, 'B').defaultOrder = { modo: 'retirarse', umbral: 'siempre', destino: 'r4c4', hechizo: null }),
  })
  t.equal(far.to, 'r2c1', 'a stack’s own order without destino: auto')
  const byDefault = battle({
    tribes: 'A=orcos@monday B=no_muertos@thursday',
    stacks: 'r2c2 A 1 goblins\nr2c2 B 1 esqueletos',
    prep: (s) => (tribe(s, 'B').defaultOrder = { modo: 'retirarse', umbral: 'siempre', destino: 'r4c4', hechizo: null }),
  })
  t.match(
    byDefault.battle.turns.find((x) => x.kind === 'esqueletos'),
    { act: 'retreat', to: 'r2c1' },
    'the default’s destino r4c4 is not adjacent: auto',
  )
  t.equal(stack(byDefault.state, 'r4c4', 'B', 'esqueletos'), undefined)
})

t.test('W6.9 W5.10 W5.11 a retreat must leave the stacking limits kept: 4 a stack, 1 mágica unit a tribe', async (t) => {
  const into = (there: string, stacks: string, kind: string) =>
    retreat({
      stacks: `r2c2 B ${stacks}\n${there
        .split(',')
        .filter(Boolean)
        .map((x) => `r2c3 B ${x}`)
        .join('\n')}`,
      kind,
      order: { modo: 'retirarse', umbral: 'siempre', destino: 'r2c3' },
    }).to
  t.equal(into('1 esqueletos', '3 esqueletos', 'esqueletos'), 'r2c3', '3 + 1 = 4 Esqueletos')
  t.equal(into('2 esqueletos', '3 esqueletos', 'esqueletos'), 'r2c1', '3 + 2 = 5: elsewhere')
  t.equal(into('1 esqueletos', '1 nigromante', 'nigromante'), 'r2c3', 'a Nigromante may join Esqueletos')
  t.equal(into('1 nigromante', '1 esqueletos', 'esqueletos'), 'r2c3', 'Esqueletos may join a Nigromante')
  t.equal(into('1 nigromante', '1 nigromante', 'nigromante'), 'r2c1', 'not a second Nigromante (a mágica stack holds 1)')
  t.equal(into('1 liche', '1 nigromante', 'nigromante'), 'r2c1', 'nor a Nigromante where the Liche stands: one mágica unit a tribe')
  t.equal(into('1 nigromante', '1 liche', 'liche'), 'r2c1', 'nor the Liche where a Nigromante stands')
})

t.test('W6.9 the threshold is strict; retaguardia leaves at most all but one unit behind; no retreat from an abismo location', async (t) => {
  // A: a Goblin (8) and a Guerrero orco (10), V 18. B: one Guardián (9). umbral 50: 100 × 9 < 50 × 18 is false.
  const at = (umbral: number) =>
    retreat({
      tribes: 'A=orcos@monday B=elfos@thursday',
      stacks: 'r2c2 A 1 guerreros_orcos\nr2c2 B 1 guardianes',
      kind: 'guardianes',
      order: { modo: 'retirarse', umbral },
    }).to
  t.equal(at(50), 'attack', 'worth exactly half the enemy: it stays')
  t.equal(at(51), 'r2c1', '900 < 918: it retreats')
  const rear = retreat({
    tribes: 'A=orcos@monday B=elfos@thursday',
    stacks: 'r2c2 B 2 guardianes',
    kind: 'guardianes',
    order: { modo: 'retirarse', umbral: 'siempre', retaguardia: 5 },
  })
  t.equal(rear.to, 'r2c1')
  t.equal(stack(rear.state, 'r2c1', 'B', 'guardianes')!.count, 1, 'retaguardia 5 of 2 units: min(5, 2 − 1) = 1 stays, 1 leaves')
  t.equal(stack(rear.state, 'r2c2', 'B', 'guardianes')!.count, 1, 'the rearguard holds r2c2')
  const reef = battle({
    tribes: 'A=orcos@monday B=elfos@thursday',
    stacks: 'r2c2 A 1 galera\nr2c2 B 1 nave_cisne',
    card: 'ag8',
    orders: { 'r2c2:B:nave_cisne': { modo: 'retirarse', umbral: 'siempre', destino: 'r1c2' } },
  })
  t.same(
    reef.battle.turns.filter((x) => x.kind === 'nave_cisne').map((x) => x.act),
    Array(10).fill('attack'),
    'an Arrecife de perlas (abismo): the Nave cisne attacks every round, though r1c2 is open water',
  )
})

t.test('W6.14 W11.11 W1.6 a withdrawing stack with no destination falls whole, Resistente units too', async (t) => {
  const { battle: b, state } = battle({
    // Two Guardianes, so that the Trolls have no Muchedumbre (attack 6 would hit on a 6).
    stacks: 'r2c2 A 2 trolls\nr2c2 B 2 guardianes\nr2c1 B 1 guardianes\nr2c3 B 1 guardianes\nr3c2 B 1 guardianes',
    prep: (s) => (s.cells.r2c1!.controller = 'B'),
  })
  t.equal(Math.max(...b.turns.map((x) => x.round)), 10)
  t.same(b.withdrew, ['trolls>fallen'], 'every land neighbour holds B: no destination')
  t.equal(stack(state, 'r2c2', 'A', 'trolls'), undefined, 'both Trolls (2 hit points each) fell')
  t.equal(b.winner, 'B')
  t.equal(state.cells.r2c2!.controller, 'B')
})

t.test('W6.15 W11.12 W2.8 riqueza pays 4 gold when a battle or a retreat changes who controls it', async (t) => {
  const won = battle({ stacks: 'r2c2 A 4 guerreros_orcos\nr2c2 B 1 exploradores', card: 'ci2', rng: always(1) })
  t.equal(won.battle.winner, 'A')
  t.equal(won.state.cells.r2c2!.controller, 'A')
  t.equal(tribe(won.state, 'A').gold - tribe(won.before, 'A').gold, 4, 'A took B’s Ciudad mercante in battle')
  const kept = battle({ stacks: 'r2c2 A 1 goblins\nr2c2 B 4 guardianes', card: 'ci2', rng: always(1) })
  t.equal(kept.battle.winner, 'B')
  t.equal(tribe(kept.state, 'B').gold - tribe(kept.before, 'B').gold, 0, 'B kept it: nothing')
  const fled = retreat({
    stacks: 'r2c2 B 1 esqueletos',
    kind: 'esqueletos',
    order: { modo: 'retirarse', umbral: 'siempre', destino: 'r2c3' },
    prep: (s) => {
      s.cells.r2c3!.card = 'ci2'
      s.cells.r2c3!.controller = 'A'
    },
  })
  t.equal(fled.to, 'r2c3')
  t.equal(fled.state.cells.r2c3!.controller, 'B')
  t.equal(tribe(fled.state, 'B').gold - tribe(fled.before, 'B').gold, 4, 'B took A’s empty Ciudad mercante by retreating into it')
})

t.test('W6.6 W1.10 W1.9 W2.8 Appendix C attack modifiers apply only where and to whom the book says', async (t) => {
  const fury = battle({ tribes: 'A=barbaros@monday B=elfos@thursday', stacks: 'r2c2 A 1 salvajes\nr2c2 B 1 guardianes' }).battle
  t.same(
    fury.turns.filter((x) => x.kind === 'salvajes' && x.round <= 3).map((x) => x.attack),
    [4, 3, 3],
    'W1.10 Furia: +1 in round 1 only',
  )
  t.match(
    values({ stacks: 'r2c2 A 2 galera\nr2c2 B 1 nave_cisne', card: 'ag1' }).att,
    { 'A:galera': 3 },
    'W1.10 Muchedumbre (2 Orcos against 1) lifts range-0 units only: not the Galeras (range 1)',
  )
  t.match(
    values({ stacks: 'r2c2 A 1 senor_guerra\nr2c2 A 1 goblins\nr2c2 B 3 guardianes' }).att,
    { 'A:goblins': 2, 'A:senor_guerra': 6 },
    'the Señor de la guerra: as many Orcos as enemies, not fewer (2 against 3)',
  )
  t.match(
    values({ tribes: 'A=orcos@monday B=enanos@thursday', stacks: 'r2c2 A 1 goblins\nr2c2 B 1 guardia' }).att,
    { 'B:guardia': 3 },
    'W1.9 Baluarte: only in a ciudad',
  )
  t.match(
    values({ tribes: 'A=demonios@monday B=elfos@thursday', stacks: 'r2c2 A 1 gargolas\nr2c2 B 1 guardianes', card: 'de4' }).att,
    { 'A:gargolas': 3, 'B:guardianes': 2 },
    'calor: voladora units are spared',
  )
  t.match(
    values({ tribes: 'A=demonios@monday B=elfos@thursday', stacks: 'r2c2 A 1 gargolas\nr2c2 B 1 nave_cisne', card: 'ag6' }).att,
    { 'A:gargolas': 2, 'B:nave_cisne': 3 },
    'sirenas: −1 for every type but agua',
  )
  t.match(
    values({ tribes: 'A=orcos@monday B=no_muertos@thursday', stacks: 'r2c2 A 1 goblins\nr2c2 B 1 momias', card: 'de6' }).att,
    { 'A:goblins': 2, 'B:momias': 2 },
    'sol: the No Muertos only',
  )
  t.match(
    values({ tribes: 'A=orcos@monday B=no_muertos@thursday', stacks: 'r2c2 A 1 goblins\nr2c2 B 1 momias' }).att,
    { 'B:momias': 3 },
    'and only in a sol location',
  )
  t.match(
    values({
      stacks: 'r2c1 A 1 chaman\nr2c2 A 1 goblins\nr2c2 B 1 guardianes',
      before: [{ type: 'cast', from: 'r2c1', kind: 'chaman', spell: 'bendicion', target: 'r2c2' }],
    }).att,
    { 'A:goblins': 3, 'B:guardianes': 3 },
    'Bendición de batalla declared by A: A’s units only',
  )
  // Corrupción (B's) and a Senda (A's) lie on r2c2.
  const lasting = (s: OpenState) => s.cells.r2c2!.lasting.push({ spell: 'corrupcion', tribe: 'B' }, { spell: 'senda', tribe: 'A' })
  t.match(
    values({ tribes: 'A=orcos@monday B=demonios@thursday', stacks: 'r2c2 A 1 guerreros_orcos\nr2c2 B 1 sabuesos', prep: lasting }).att,
    { 'A:guerreros_orcos': 3, 'B:sabuesos': 3 },
    'Corrupción: −1 for the other tribes’ units, once; other lasting spells change no attack',
  )
})

t.test('W6.6 W2.8 Appendix C initiative modifiers: sombras spares voladora units; Prisa lifts its caster’s units only', async (t) => {
  t.match(
    values({ tribes: 'A=demonios@monday B=elfos@thursday', stacks: 'r2c2 A 1 diablillos\nr2c2 A 1 cultistas\nr2c2 B 1 guardianes', card: 'bo7' }).ini,
    { 'A:diablillos': 4, 'A:cultistas': 1, 'B:guardianes': 4 },
    'Bosque oscuro: −1 but bosque and voladora',
  )
  const prisa = (s: OpenState) => s.cells.r2c2!.lasting.push({ spell: 'prisa', tribe: 'B' }, { spell: 'senda', tribe: 'A' })
  t.match(
    values({ stacks: 'r2c2 A 1 goblins\nr2c2 B 1 guardianes', prep: prisa }).ini,
    { 'A:goblins': 3, 'B:guardianes': 5 },
    'B’s Prisa: +1 to B; A’s Senda: nothing',
  )
})

t.test('W6.10 W7.8 a prepared spell: first turn only, in a location its tribe controls, with enough mana; its effect holds', async (t) => {
  const mage = (hechizo: string, o: Partial<Setup> = {}) =>
    battle({
      stacks: 'r2c2 A 2 goblins\nr2c2 B 1 mago\nr2c2 B 1 guardianes',
      orders: { 'r2c2:B:mago': { modo: 'luchar', hechizo } },
      ...o,
    })
  // Rayo arcano costs the Elfos 2 − 1 = 1 (Armonía). Every die misses: ten rounds.
  const rayo = mage('rayo')
  t.same(
    rayo.battle.turns.filter((x) => x.kind === 'mago').map((x) => x.act),
    ['spell', ...Array(9).fill('attack')],
    'cast at its first turn; it attacks at every later turn, mana or not',
  )
  t.equal(tribe(rayo.before, 'B').mana - tribe(rayo.state, 'B').mana, 1, 'paid once')
  const blessed = mage('bendicion', { mana: 1 })
  t.match(blessed.battle.turns[0], { kind: 'mago', act: 'spell', spell: 'bendicion' }, 'exactly the cost in mana is enough')
  t.equal(tribe(blessed.state, 'B').mana, 0)
  t.equal(blessed.battle.turns.find((x) => x.kind === 'guardianes')!.attack, 4, 'Bendición: B’s Guardianes have +1 attack for the battle')
  t.equal(blessed.battle.turns.filter((x) => x.kind === 'guardianes').at(-1)!.attack, 4, 'to its last round')
  t.equal(mage('bendicion', { mana: 0 }).battle.turns[0]!.act, 'attack', 'without the mana it attacks')
  const both = mage('bendicion', {
    stacks: 'r2c1 A 1 chaman\nr2c2 A 2 goblins\nr2c2 B 1 mago\nr2c2 B 1 guardianes',
    before: [{ type: 'cast', from: 'r2c1', kind: 'chaman', spell: 'bendicion', target: 'r2c2' }],
  }).battle
  t.match(both.turns[0], { act: 'spell', spell: 'bendicion' }, 'A’s Bendición is on A’s units: B’s own still triggers (W7.8)')
  t.match(
    Object.fromEntries(both.turns.filter((x) => x.round === 1 && x.act === 'attack').map((x) => [x.kind, x.attack])),
    { guardianes: 4, goblins: 3 },
    'each tribe has its own +1',
  )
  const away = battle({
    stacks: 'r2c2 A 1 chaman\nr2c2 A 1 goblins\nr2c2 B 2 guardianes',
    orders: { 'r2c2:A:chaman': { modo: 'luchar', hechizo: 'bendicion' } },
  })
  t.equal(away.battle.turns.find((x) => x.kind === 'chaman')!.act, 'attack', 'W11.1 the attacker’s mage follows its order, but B controls r2c2: no cast')
  t.equal(tribe(away.state, 'A').mana, tribe(away.before, 'A').mana)
})

t.test(
  'W6.10 Appendix C W7.9 prepared damage spells: Bola de fuego 5 dice, Rayo 3, each ≤ 4 a hit to the cheapest; Lluvia de azufre 1 hit per enemy stack',
  async (t) => {
    const fire = battle({
      tribes: 'A=orcos@monday B=demonios@thursday',
      stacks: 'r2c2 A 2 goblins\nr2c2 A 2 guerreros_orcos\nr2c2 B 1 brujo',
      orders: { 'r2c2:B:brujo': { modo: 'luchar', hechizo: 'bola_fuego' } },
      rng: scriptedRng([4, 5, 1, 6, 2]),
    })
    t.match(fire.battle.turns[0], { kind: 'brujo', act: 'spell', spell: 'bola_fuego', hits: 3 })
    t.same(
      fire.battle.turns[0]!.dice!.map((d) => d.face),
      [4, 5, 1, 6, 2],
    )
    t.same(
      fire.battle.turns[0]!.fell,
      [
        { tribe: 'A', kind: 'goblins' },
        { tribe: 'A', kind: 'goblins' },
        { tribe: 'A', kind: 'guerreros_orcos' },
      ],
      'the cheapest first: both Goblins, then a Guerrero',
    )
    t.equal(tribe(fire.before, 'B').mana - tribe(fire.state, 'B').mana, 3)
    const rayo = battle({
      stacks: 'r2c2 A 2 goblins\nr2c2 B 1 mago',
      orders: { 'r2c2:B:mago': { modo: 'luchar', hechizo: 'rayo' } },
      rng: scriptedRng([5, 4, 6]),
    })
    t.match(rayo.battle.turns[0], { act: 'spell', spell: 'rayo', hits: 1, fell: [{ tribe: 'A', kind: 'goblins' }] })
    t.equal(rayo.battle.turns[0]!.dice!.length, 3)
    const rain = battle({
      tribes: 'A=orcos@monday B=demonios@thursday',
      stacks: 'r2c2 A 2 goblins\nr2c2 A 1 trolls\nr2c2 B 1 brujo\nr2c2 B 1 cultistas\nr2c2 B 1 sabuesos',
      orders: { 'r2c2:B:brujo': { modo: 'luchar', hechizo: 'lluvia_azufre' } },
    })
    const cast = rain.battle.turns.find((x) => x.act === 'spell')!
    t.match(cast, { kind: 'brujo', spell: 'lluvia_azufre' })
    t.same(cast.fell, [{ tribe: 'A', kind: 'goblins' }], 'a Goblin falls, the Troll (2 hit points) is wounded; B’s own stacks are not hit')
    t.same(cast.dice ?? [], [], 'no dice')
  },
)

t.test('W6.16 W6.10 Appendix A a prepared Levantar muertos raises up to 3 of the pile, up to 6 when the Liche casts it', async (t) => {
  // The caster acts first and casts; the Goblins miss (6s); the four Momias fell the four Goblins (1s).
  const raise = (caster: string) =>
    battle({
      tribes: 'A=orcos@monday B=no_muertos@thursday',
      stacks: `r2c2 A 4 goblins\nr2c2 B 1 ${caster}\nr2c2 B 4 momias`,
      orders: { [`r2c2:B:${caster}`]: { modo: 'luchar', hechizo: 'levantar_muertos' } },
      rng: scriptedRng([6, 6, 6, 6, 1, 1, 1, 1]),
    })
  const liche = raise('liche')
  t.match(liche.battle.turns[0], { kind: 'liche', act: 'spell', spell: 'levantar_muertos' })
  t.equal(fell(liche.events).length, 4)
  t.same(liche.ended.raised, [{ at: 'r2c2', tribe: 'B', count: 4 }], 'the Liche raises all 4')
  t.equal(stack(liche.state, 'r2c2', 'B', 'esqueletos')!.count, 4)
  const nigromante = raise('nigromante')
  t.match(nigromante.battle.turns[0], { kind: 'nigromante', act: 'spell', spell: 'levantar_muertos' })
  t.same(nigromante.ended.raised, [{ at: 'r2c2', tribe: 'B', count: 3 }], 'a Nigromante raises 3 of the 4')
  t.equal(stack(nigromante.state, 'r2c2', 'B', 'esqueletos')!.count, 3)
})

t.test('W7.6 W6.12 Appendix C declared battle effects act on the battle of their target only; a declared Escudo stops 2 hits', async (t) => {
  // A's Chamán in r3c1 blesses A's Goblin in r3c2, where no battle is fought; the battle in r2c2 is not blessed.
  const elsewhere = values({
    stacks: 'r3c1 A 1 chaman\nr3c2 A 1 goblins\nr2c2 A 1 goblins\nr2c2 B 1 guardianes',
    before: [{ type: 'cast', from: 'r3c1', kind: 'chaman', spell: 'bendicion', target: 'r3c2' }],
  })
  t.match(elsewhere.att, { 'A:goblins': 2 }, 'Bendición on r3c2 does not reach r2c2')
  // The Guardián (initiative 4) hits in rounds 1, 2 and 3; the Goblins (3) miss.
  const shield = battle({
    stacks: 'r2c1 A 1 chaman\nr2c2 A 2 goblins\nr2c2 B 1 guardianes',
    before: [{ type: 'cast', from: 'r2c1', kind: 'chaman', spell: 'escudo', target: 'r2c2' }],
    rng: scriptedRng([1, 6, 6, 1, 6, 6, 1]),
  })
  t.same(
    shield.battle.turns
      .filter((x) => x.kind === 'guardianes')
      .slice(0, 3)
      .map((x) => [x.round, x.hits, x.fell]),
    [
      [1, 1, []],
      [2, 1, []],
      [3, 1, [{ tribe: 'A', kind: 'goblins' }]],
    ],
    'the first two hits on A’s units are ignored, the third fells a Goblin',
  )
})

// The states below are built directly: the rules never leave an empty stack on the map (W11.9),
// but a battle must still read one as absent.
t.test('W6.13 W6.7 W6.12 W11.13 a stack without units takes no part in a battle: no turn, no hit, no leader, no withdrawal', async (t) => {
  const stacks = 'r2c2 A 1 goblins\nr2c2 A 0 senor_guerra\nr2c2 B 1 montaneses\nr2c2 B 0 honderos\nr2c2 B 0 caudillo'
  const tribes = 'A=orcos@monday B=barbaros@thursday'
  const { battle: b, att } = values({ tribes, stacks })
  t.same(b.order, ['B:montaneses', 'A:goblins'], 'only stacks with units are in the initiative order')
  t.same(att, { 'B:montaneses': 4, 'A:goblins': 2 }, 'no Muchedumbre from an empty Señor, no Furia from an empty Caudillo')
  t.same(b.withdrew, ['goblins>r2c1'], 'only the Goblin withdraws')
  t.same(
    battle({ tribes, stacks, rng: scriptedRng([6, 1]) }).battle.turns[1]!.fell,
    [{ tribe: 'B', kind: 'montaneses' }],
    'the Goblin’s hit goes to the Clanes, not to the empty, cheaper Honderos',
  )
})

t.test('W7.8 W6.10 a prepared spell whose effect is already on its target does not trigger; a different spell does', async (t) => {
  // A Bendición of B's already on r2c2's battle, as a declared one would be in B's own window.
  const mark = (spell: string) => (s: OpenState) => s.battleMarks.push(`${spell}:r2c2:B`)
  const prepared = (spell: string) =>
    battle({
      stacks: 'r2c2 A 2 goblins\nr2c2 B 1 mago\nr2c2 B 1 guardianes',
      orders: { 'r2c2:B:mago': { modo: 'luchar', hechizo: 'bendicion' } },
      prep: mark(spell),
    })
  const again = prepared('bendicion')
  t.equal(again.battle.turns[0]!.act, 'attack', 'the same Bendición: the Mago attacks')
  t.equal(tribe(again.state, 'B').mana, tribe(again.before, 'B').mana, 'and pays nothing')
  t.equal(again.battle.turns.find((x) => x.kind === 'guardianes')!.attack, 4, 'the Bendición there counts once')
  const other = prepared('escudo')
  t.match(other.battle.turns[0], { act: 'spell', spell: 'bendicion' }, 'an Escudo there: the Bendición is cast')
})
