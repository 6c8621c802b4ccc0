// G8 objectives and ranking on their edges: the third continent of O5 and O6, the per-continent
// floor of O10, the two-tribe counts, O9's alternative, ties and eliminations in the ranking.
import t from 'tap'
import type { ConquestState, ObjectiveId } from '../../../src/engine/games/conquest/types.ts'
import { TERRITORY_IDS, territoriesOf } from '../../../src/engine/games/conquest/world.ts'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { rankGroups } from '../../../src/engine/games/conquest/objectives.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { at, close, open, play, system, world } from './dsl.ts'

const hold = (ids: string[], troops = 2) => ids.map((id) => `${id} ${troops}`).join(', ')

/** Whether A's objective is met at the close of its window. */
function meets(land: string, objective: ObjectiveId, tribesAtStart = 3, more: (s: ConquestState) => void = () => {}) {
  const s = world(
    `
    monday  A  ${land}
    tuesday B  *
  `,
    { tribesAtStart },
  )
  s.tribes[0]!.objective = objective
  more(s)
  return close(open(s, 'A'), 'A').result?.reason === 'objective'
}

t.test('G8.3 O3 Asia and África', async (t) => {
  t.ok(meets(`${hold(territoriesOf('AS'))}, ${hold(territoriesOf('AF'))}`, 'O3'))
  t.notOk(meets(`${hold(territoriesOf('AS'))}, ${hold(territoriesOf('AF').slice(1))}`, 'O3'), 'one African territory short')
  t.notOk(meets(`${hold(territoriesOf('AS').slice(1))}, ${hold(territoriesOf('AF'))}`, 'O3'), 'one Asian territory short')
})

t.test('G8.3 O1 O2 O4 each named continent counts, the second as much as the first', async (t) => {
  t.notOk(meets(`${hold(territoriesOf('NA'))}, ${hold(territoriesOf('AF').slice(1))}`, 'O1'))
  t.notOk(meets(`${hold(territoriesOf('AS'))}, ${hold(territoriesOf('SA').slice(1))}`, 'O2'))
  t.notOk(meets(`${hold(territoriesOf('NA'))}, ${hold(territoriesOf('OC').slice(1))}`, 'O4'))
})

t.test('G8.3 O5 O6 "one more continent" is a whole third one, not one of the two named', async (t) => {
  const eu = hold(territoriesOf('EU'))
  t.notOk(meets(`${eu}, ${hold(territoriesOf('SA'))}`, 'O5'), 'Europa and América del Sur alone')
  t.ok(meets(`${eu}, ${hold(territoriesOf('SA'))}, ${hold(territoriesOf('AF'))}`, 'O5'), 'and África')
  t.notOk(meets(`${eu}, ${hold(territoriesOf('SA'))}, ${hold(territoriesOf('AF').slice(1))}`, 'O5'), 'África but one')
  t.notOk(meets(`${eu}, ${hold(territoriesOf('OC'))}`, 'O6'), 'Europa and Oceanía alone')
  t.ok(meets(`${eu}, ${hold(territoriesOf('OC'))}, ${hold(territoriesOf('AF'))}`, 'O6'), 'and África')
  t.notOk(meets(`${eu}, ${hold(territoriesOf('AF'))}, ${hold(territoriesOf('SA'))}`, 'O6'), 'two whole continents besides Europa, but not Oceanía')
  t.notOk(meets(`${hold(territoriesOf('OC'))}, ${hold(territoriesOf('AF'))}, ${hold(territoriesOf('SA'))}`, 'O6'), 'Oceanía and two more, but not Europa')
})

t.test('G8.3 O10 at least 3 territories in every continent as well as 22 in all (28 with 2 tribes)', async (t) => {
  // 3 in each continent (18), then 4 more in Asia and América del Norte: 22, only 2 in Oceanía.
  const three = ['NA', 'SA', 'EU', 'AF', 'AS', 'OC'].flatMap((c) => territoriesOf(c as never).slice(0, 3))
  const extra = [...territoriesOf('AS').slice(3, 7), ...territoriesOf('NA').slice(3, 9)]
  t.ok(meets(hold([...three, ...extra.slice(0, 4)]), 'O10'), '22 with 3 in each')
  t.notOk(meets(hold([...three.filter((id) => id !== 'sum'), ...extra.slice(0, 5)]), 'O10'), '22 in all but 2 in Oceanía')
  t.notOk(meets(hold([...three, ...extra.slice(0, 4)]), 'O10', 2), 'with 2 tribes at the start, 22 are not enough')
  t.ok(meets(hold([...three, ...extra.slice(0, 10)]), 'O10', 2), 'with 2 tribes, 28')
})

t.test('G8.3 O8 18 territories of 2 troops or more, 24 with 2 tribes', async (t) => {
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 18), 2), 'O8', 2), 'with 2 tribes 18 are not enough')
  t.ok(meets(hold(TERRITORY_IDS.slice(0, 24), 2), 'O8', 2))
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 23), 2), 'O8', 2))
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 29), 1), 'O7', 2), 'O7 with 2 tribes: 29 are not enough')
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 23), 1), 'O7'), 'O7: 23 are not enough')
})

t.test('G8.5 O9 before its target falls: no territory count wins it; its alternative needs 24, or 30 with 2 tribes', async (t) => {
  const target = (s: ConquestState) => {
    s.tribes[0]!.o9Target = 'B'
  }
  const fallen = (s: ConquestState) => {
    s.tribes[0]!.o9Target = 'B'
    s.tribes[0]!.o9Fallback = true
  }
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 40), 1), 'O9', 3, target), 'the target still stands: 40 territories are not enough')
  t.ok(meets(hold(TERRITORY_IDS.slice(0, 24), 1), 'O9', 3, fallen))
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 23), 1), 'O9', 3, fallen))
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 29), 1), 'O9', 2, fallen))
  t.ok(meets(hold(TERRITORY_IDS.slice(0, 30), 1), 'O9', 2, fallen))
  t.notOk(
    meets(hold(TERRITORY_IDS.slice(0, 40), 1), 'O7', 3, (s) => {
      s.tribes[0]!.objective = null
    }),
    'no objective, no win',
  )
})

t.test("G8.5 N3.26 O9: a target taken by another tribe's attack turns the holder to the alternative; a tribe without O9 is untouched", async (t) => {
  let s = world(`
    monday    A  vce 2, *
    tuesday   B  arn 1
    wednesday C  bra 5
  `)
  s.tribes[0]!.objective = 'O9'
  s.tribes[0]!.o9Target = 'B'
  s = open(s, 'C')
  const byC = play(s, 'C', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }, [6, 6, 6, 1])
  t.match(byC.state.tribes[1], { eliminated: true, eliminatedBy: 'C' })
  t.equal(byC.state.tribes[0]!.o9Fallback, true, 'eliminated by C: A now needs 24 territories')
  t.match(
    byC.events.find((e) => e.type === 'eliminated'),
    { tribe: 'B', by: 'C' },
  )
  const other = world(`
    monday    A  vce 2, *
    tuesday   B  arn 1
  `)
  other.tribes[1]!.objective = 'O9'
  other.tribes[1]!.o9Target = 'A'
  other.tribes[0]!.o9Target = 'B'
  const traded = system(other, { type: 'executeTrade', transfers: [{ from: 'B', to: 'A', tiles: ['arn'] }] })
  t.equal(traded.tribes[0]!.o9Fallback, false, 'only an O9 holder turns to the alternative')
})

t.test('G8.8 the ranking: territories first, then troops; equal land with more troops ranks alone', async (t) => {
  // A: 15 territories, 24 troops. B: 14 territories, 28 troops. C: the other 13, 13 troops.
  const s = world(
    `
    monday    A  ${hold(TERRITORY_IDS.slice(0, 15), 1)}
    tuesday   B  ${hold(TERRITORY_IDS.slice(15, 29), 1)}
    wednesday C  *
  `,
    { round: 4, roundLimit: 4 },
  )
  s.territories[TERRITORY_IDS[0]!]!.troops = 10
  s.territories[TERRITORY_IDS[15]!]!.troops = 15
  t.same(conquest.ranking(s), ['A', 'B', 'C'], 'more land ranks above more troops')
  t.same(system(s, { type: 'tick', at: 0 }).result, { reason: 'roundLimit', winners: ['A'], ranking: ['A', 'B', 'C'] })
  // 21 territories each; A one troop more.
  const close1 = world(
    `
    monday    A  ${hold(TERRITORY_IDS.slice(0, 21), 1)}
    tuesday   B  *
  `,
    { round: 4, roundLimit: 4 },
  )
  close1.territories[TERRITORY_IDS[0]!]!.troops = 2
  t.same(
    system(close1, { type: 'tick', at: 0 }).result,
    { reason: 'roundLimit', winners: ['A'], ranking: ['A', 'B'] },
    'level land, one troop more: A wins alone',
  )
  close1.territories[TERRITORY_IDS[0]!]!.troops = 1
  close1.territories[TERRITORY_IDS[41]!]!.troops = 2
  t.same(system(close1, { type: 'tick', at: 0 }).result, { reason: 'roundLimit', winners: ['B'], ranking: ['B', 'A'] })
})

t.test('G8.6 G8.8 an objective winner ranks first alone, even level with another tribe on the map', async (t) => {
  // 21 territories of 2 troops each: A and B are level, and A's O8 (18 such territories) is met.
  const s = world(
    `
    monday    A  ${hold(TERRITORY_IDS.slice(0, 21), 2)}
    tuesday   B  *
  `,
    { tribesAtStart: 3 },
  )
  for (const id of TERRITORY_IDS) s.territories[id]!.troops = 2
  s.tribes[0]!.objective = 'O8'
  t.same(conquest.ranking(s), ['A', 'B'])
  const won = close(open(s, 'A'), 'A')
  t.same(won.result, { reason: 'objective', winners: ['A'], ranking: ['A', 'B'] }, 'B is level on land and troops, yet A alone wins')
  t.match(
    won.tribes.map((x) => x.window),
    ['closed', 'closed'],
    'no window stays open',
  )
})

t.test("G8.8 eliminated tribes rank last, the later eliminated higher; one trade's eliminations share a rank", async (t) => {
  let s = world(`
    monday    A  bra 9, *
    tuesday   B  arn 1
    wednesday C  vce 1
    thursday  D  cbp 1
    friday    E  apu 1
  `)
  s = open(s, 'A')
  s = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 1 }, [6, 1]).state
  t.same(conquest.ranking(s), ['A', 'C', 'D', 'E', 'B'], 'the standing tribes level on land and troops keep their order; B last')
  s = system(s, {
    type: 'executeTrade',
    transfers: [
      { from: 'C', to: 'A', tiles: ['vce'] },
      { from: 'D', to: 'A', tiles: ['cbp'] },
    ],
  })
  t.match(
    s.tribes.map((x) => x.eliminationStep),
    [null, 1, 2, 2, null],
  )
  t.same(conquest.ranking(s), ['A', 'E', 'C', 'D', 'B'])
  s = system(s, { type: 'executeTrade', transfers: [{ from: 'E', to: 'A', tiles: ['apu'] }] })
  t.same(s.result, { reason: 'lastTribe', winners: ['A'], ranking: ['A', 'E', 'C', 'D', 'B'] })
  t.same(conquest.board(s, null).result?.ranking, ['A', 'E', 'C', 'D', 'B'])
  t.same(
    s.tribes.map((x) => x.eliminatedAt),
    [null, 1, 1, 1, 1],
  )
  t.equal(at(s, 'apu').owner, 'A')
})

t.test('G8.8 rank groups: equal tribes share a rank, so do the tribes one trade eliminated', async (t) => {
  let s = world(`
    monday    A  bra 9, *
    tuesday   B  arn 1
    wednesday C  vce 1
    thursday  D  cbp 1
    friday    E  apu 1
    saturday  F  mad 2, asu 2
  `)
  t.same(rankGroups(s), [['A'], ['F'], ['B', 'C', 'D', 'E']], 'B to E level on 1 territory and 1 troop')
  s = open(s, 'A')
  s = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 1 }, [6, 1]).state
  s = system(s, {
    type: 'executeTrade',
    transfers: [
      { from: 'C', to: 'A', tiles: ['vce'] },
      { from: 'D', to: 'A', tiles: ['cbp'] },
    ],
  })
  t.same(rankGroups(s), [['A'], ['F'], ['E'], ['C', 'D'], ['B']], 'C and D fell to one trade: one rank; B fell first: last')
  t.same(rankGroups(s, 'E'), [['E'], ['A'], ['F'], ['C', 'D'], ['B']], 'an objective winner first, alone')
  s.territories.mad!.troops = 1
  s.territories.asu!.troops = 1
  s.territories.con!.owner = 'E'
  s.territories.con!.troops = 1
  t.same(rankGroups(s), [['A'], ['E', 'F'], ['C', 'D'], ['B']], 'E and F now level: they share')
  t.same(rankGroups(s, 'F'), [['F'], ['A'], ['E'], ['C', 'D'], ['B']], 'the winner never shares with a level tribe')
  t.equal(s.eliminations, 2, 'two eliminating events so far; the attack on B was the first')
})

t.test('G8.7 G8.8 winners are exactly the first rank', async (t) => {
  const s = world(
    `
    monday    A  ${hold(TERRITORY_IDS.slice(0, 14), 1)}
    tuesday   B  ${hold(TERRITORY_IDS.slice(14, 28), 1)}
    wednesday C  *
  `,
    { round: 4, roundLimit: 4 },
  )
  t.same(system(s, { type: 'tick', at: 0 }).result!.winners, ['A', 'B', 'C'], 'all level: all share the victory')
  s.territories[TERRITORY_IDS[20]!]!.troops = 2
  const r = system(s, { type: 'tick', at: 0 }).result!
  t.same(r.winners, ['B'])
  t.same(r.ranking, ['B', 'A', 'C'])
})

t.test('G8.3 O8 counts only territories of 2 troops or more', async (t) => {
  t.notOk(meets(hold(TERRITORY_IDS.slice(0, 30), 1), 'O8'), '30 territories of 1 troop')
  t.notOk(meets(`${hold(TERRITORY_IDS.slice(0, 17), 2)}, ${hold(TERRITORY_IDS.slice(17, 30), 1)}`, 'O8'), '17 of 2 troops and 13 of 1')
  t.ok(meets(`${hold(TERRITORY_IDS.slice(0, 18), 2)}, ${hold(TERRITORY_IDS.slice(18, 30), 1)}`, 'O8'), '18 of 2 troops')
})

t.test("G8.5 O9: only the fall of one's own target, to someone else, turns the holder to the alternative", async (t) => {
  let s = world(`
    monday    A  bra 9, vce 2
    tuesday   B  arn 1
    wednesday C  cbp 5, *
    thursday  D  apu 1
  `)
  s.tribes[0]!.objective = 'O9'
  s.tribes[0]!.o9Target = 'B'
  s = open(s, 'C')
  const other = play(s, 'C', { type: 'attack', from: 'cbp', to: 'apu', troops: 3 }, [6, 6, 6, 1])
  t.match(other.state.tribes[3], { eliminated: true, eliminatedBy: 'C', window: 'closed' })
  t.equal(other.state.tribes[0]!.o9Fallback, false, "D fell, not A's target: nothing changes for A")
  const mine = play(open(close(other.state, 'C'), 'A'), 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }, [6, 6, 6, 1])
  t.equal(mine.state.tribes[0]!.o9Fallback, false, 'A took its target itself')
  const won = close(mine.state, 'A')
  t.same(
    won.result,
    { reason: 'objective', winners: ['A'], ranking: ['A', 'C', 'B', 'D'] },
    "with 3 territories, far from 24: the target's fall by its own hand wins",
  )
  const ended = conquest.applySystem(mine.state, { type: 'closeWindow', tribe: 'A' }, hmacRng)
  if (!ended.ok) throw new Error('close')
  t.same(
    ended.events.find((e) => e.type === 'campaignEnded'),
    {
      type: 'campaignEnded',
      reason: 'objective',
      winners: ['A'],
      ranking: ['A', 'C', 'B', 'D'],
      objectives: { A: 'O9', B: null, C: null, D: null },
      objectiveSeed: 'test-objective-seed',
      round: 1,
      roundSeed: 'test-round-seed',
    },
    'G8.10 every objective and the seeds revealed',
  )
  t.equal(won.status, 'finished')
})
