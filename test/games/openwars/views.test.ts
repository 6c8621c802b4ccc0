// What the platform's pages and mails read of an Open Wars state and log (views.ts): tick 0's
// earliest instant (W3.6), a round's end map, a day's losses for the digest, the tick's mail
// (W3.7's new weekday the first round), the next collection (W4.1) and every die's purpose (W10.2).
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { TICK0_GAP_MS } from '../../../src/engine/games/openwars/setup.ts'
import type { OpenEvent } from '../../../src/engine/games/openwars/types.ts'
import { tribe, world } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci0:B
  ll1     ll1    ll1    ll1
`
const base = (stacks = 'r2c1 A 2 goblins\nr2c1 A 1 trolls\nr2c4 B 3 exploradores') => world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks })
const die = (counter: number, face: number) => ({ counter, face })
const event = (e: Record<string, unknown>) => e as unknown as OpenEvent

t.test('W3.6 tick 0 comes no sooner than 72 hours after the start, and only while in setup', async (t) => {
  const s = base()
  t.equal(openWars.tickZeroNotBefore!({ ...s, status: 'setup', startedAt: 1000 }), 1000 + TICK0_GAP_MS)
  t.equal(TICK0_GAP_MS, 72 * 3_600_000)
  t.equal(openWars.tickZeroNotBefore!({ ...s, status: 'setup', startedAt: null }), null, 'not started: no instant yet')
  t.equal(openWars.tickZeroNotBefore!({ ...s, status: 'running', startedAt: 1000 }), null, 'mustered: none')
})

t.test("a round's end: each location's holder by the tribes' order, and its units", async (t) => {
  const end = openWars.periodEnd!(base()) as { round: number; controllers: number[]; units: number[] }
  t.equal(end.round, 1)
  t.same(end.controllers, [-1, -1, -1, -1, 0, -1, -1, 1, -1, -1, -1, -1], 'row by row: A holds r2c1, B r2c4')
  t.same(end.units, [0, 0, 0, 0, 3, 0, 0, 3, 0, 0, 0, 0], 'r2c1: 2 goblins and a troll; r2c4: 3 exploradores')
})

t.test("the day's losses: a battle's defender attacked, the place lost when beaten, every fallen unit its tribe's", async (t) => {
  const events = [
    event({
      type: 'battle',
      at: 'r2c2',
      attacker: 'A',
      defender: 'B',
      winner: 'A',
      rolls: [],
      turns: [{ kind: 'melee', fell: [{ tribe: 'B' }, { tribe: 'B' }, { tribe: 'A' }] }, { kind: 'melee' }],
    }),
    event({ type: 'battle', at: 'r2c3', attacker: 'A', defender: 'B', winner: 'B', rolls: [], turns: [{ kind: 'melee', fell: [{ tribe: 'A' }] }] }),
    event({ type: 'volley', tribe: 'A', from: 'r2c1', target: 'r2c4', kind: 'arqueros', dice: [], hits: 1, fell: [{ tribe: 'B', kind: 'exploradores' }] }),
    event({
      type: 'spellResolved',
      tribe: 'B',
      spell: 'rayo',
      target: 'r2c1',
      dice: [],
      hits: 2,
      fell: [
        { tribe: 'A', kind: 'goblins' },
        { tribe: 'A', kind: 'goblins' },
      ],
      void: false,
    }),
    event({ type: 'moved', tribe: 'A' }),
  ]
  const hurt = openWars.digest!(events)
  t.same([...hurt.keys()].sort(), ['A', 'B'], 'a turn with no one fallen hurts nobody')
  t.same(hurt.get('B'), { attacks: 3, troopsLost: 3, placesLost: ['r2c2'], eliminated: false }, 'B: two battles defended, one lost; a volley')
  t.same(hurt.get('A'), { attacks: 2, troopsLost: 4, placesLost: [], eliminated: false }, 'A: two units fell in battle, two to a spell, which count as attacks')
})

t.test("W3.7 the tick's mail: round, coin and score; the first round's names the tribe's new weekday", async (t) => {
  const s = base()
  Object.assign(tribe(s, 'A'), { gold: 7, mana: 2 })
  const first = openWars.tickMail!(s, 'A')
  t.match(first, { round: 1, roundLimit: 16, gold: 7, mana: 2, finished: false, mustered: { weekday: 'monday' } })
  t.notOk('mustered' in openWars.tickMail!({ ...s, round: 2 }, 'A')!, 'round 2: no weekday news')
  t.notOk('mustered' in openWars.tickMail!({ ...s, status: 'finished' }, 'A')!, 'finished in round 1: none either')
  t.equal(openWars.tickMail!({ ...s, status: 'finished' }, 'A')!.finished, true)
  t.equal(openWars.tickMail!(s, 'nobody'), null)
  tribe(s, 'B').eliminated = true
  t.equal(openWars.tickMail!(s, 'B'), null, 'an eliminated tribe gets no tick mail')
  t.same(Object.keys(openWars.previewEconomy(s)), ['A'], 'W4.1 only tribes still in collect')
})

t.test('W10.2 every die of an event says what it decided', async (t) => {
  const battle = event({
    type: 'battle',
    at: 'r2c2',
    rolls: [die(1, 4)],
    turns: [{ kind: 'melee', dice: [die(2, 6)] }, { kind: 'ranged' }],
  })
  t.same(openWars.dice.drawsOf(battle), [
    { counter: 1, face: 4, purpose: 'initiative in r2c2' },
    { counter: 2, face: 6, purpose: 'melee in r2c2' },
  ])
  t.same(openWars.dice.drawsOf(event({ type: 'volley', from: 'r2c1', target: 'r2c4', dice: [die(3, 5)] })), [
    { counter: 3, face: 5, purpose: 'volley r2c1 → r2c4' },
  ])
  t.same(openWars.dice.drawsOf(event({ type: 'spellResolved', spell: 'rayo', target: 'r2c4', dice: [die(4, 1)] })), [
    { counter: 4, face: 1, purpose: 'rayo on r2c4' },
  ])
  t.same(openWars.dice.drawsOf(event({ type: 'phaseEnded', risen: [{ kind: 'esqueletos', at: 'r3c2', die: die(5, 2) }] })), [
    { counter: 5, face: 2, purpose: 'esqueletos rises in r3c2' },
  ])
  t.same(openWars.dice.drawsOf(event({ type: 'mustered', rolls: [{ tribe: 'A', die: die(6, 3) }] })), [
    { counter: 6, face: 3, purpose: 'weekday roll-off of A' },
  ])
  t.same(openWars.dice.drawsOf(event({ type: 'moved' })), [], 'an event with no dice')
})
