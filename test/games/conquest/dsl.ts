// The test language of world conquest: a territory list per tribe instead of an ASCII board.
//
//   const s = world(`
//     monday    A  ale 6 tank=1, pyu 2
//     tuesday   B  efi 3 wall=1 guards=1, *
//   `)
//
// Each line: a weekday, a tribe id, then its territories: `id troops key=value…`, comma
// separated. `*` gives the tribe every territory no line named, with 1 troop. The state is in
// round 1, every window closed; `open(s, 'A')` opens one (readying its units, G2.3).
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import type { ConquestOrder, ConquestState, ConquestSystem, Goods, Territory } from '../../../src/engine/games/conquest/types.ts'
import { emptyGoods } from '../../../src/engine/games/conquest/work.ts'
import { TERRITORY_IDS } from '../../../src/engine/games/conquest/world.ts'
import { hmacRng, scriptedRng, type Rng, type Weekday } from '../../../src/engine/index.ts'
import { readable } from '../readable.ts'

export function world(text: string, options: { round?: number; roundLimit?: number; tribesAtStart?: number } = {}): ConquestState {
  const territories: Record<string, Territory> = {}
  const tribes: ConquestState['tribes'] = []
  const rest: string[] = []
  for (const line of text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const [weekday, id, ...more] = line.split(/\s+/)
    tribes.push({
      id: id!,
      name: `Tribe ${id}`,
      weekday: weekday as Weekday,
      eliminated: false,
      eliminatedAt: null,
      eliminationStep: null,
      eliminatedBy: null,
      objective: null,
      o9Target: null,
      o9Fallback: false,
      reinforcementList: [],
      window: 'closed',
      acquired: [],
    })
    for (const entry of more
      .join(' ')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      if (entry === '*') {
        rest.push(id!)
        continue
      }
      const [tid, troops, ...keys] = entry.split(/\s+/)
      if (!TERRITORY_IDS.includes(tid!)) throw new Error(`no territory ${tid}`)
      const x: Territory = {
        owner: id!,
        troops: Number(troops),
        ready: 0,
        guards: 0,
        gathered: false,
        wall: 0,
        stock: emptyGoods(),
        artilleryReady: 0,
        planes: 0,
        planesReady: 0,
        ships: 0,
        shipsReady: 0,
        incoming: emptyGoods(),
      }
      for (const kv of keys) {
        const [k, v] = kv.split('=') as [string, string]
        if (k === 'wall' || k === 'guards' || k === 'planes' || k === 'ships') (x as unknown as Record<string, number>)[k] = Number(v)
        else if (k.startsWith('in.')) x.incoming[k.slice(3) as keyof Goods] = Number(v)
        else x.stock[k as keyof Goods] = Number(v)
      }
      territories[tid!] = x
    }
  }
  if (rest.length > 1) throw new Error('only one tribe takes the rest (*)')
  for (const id of TERRITORY_IDS) {
    if (territories[id]) continue
    if (!rest[0]) throw new Error(`${id} has no owner: give one tribe * or list it`)
    territories[id] = {
      owner: rest[0],
      troops: 1,
      ready: 0,
      guards: 0,
      gathered: false,
      wall: 0,
      stock: emptyGoods(),
      artilleryReady: 0,
      planes: 0,
      planesReady: 0,
      ships: 0,
      shipsReady: 0,
      incoming: emptyGoods(),
    }
  }
  for (const t of tribes) t.acquired = TERRITORY_IDS.filter((id) => territories[id]!.owner === t.id)
  return {
    ruleset: 'conquest',
    status: 'running',
    roundLimit: options.roundLimit ?? 12,
    round: options.round ?? 1,
    tribesAtStart: options.tribesAtStart ?? tribes.length,
    rng: { seed: 'test-round-seed', counter: 0 },
    dealSeed: 'test-deal-seed',
    objectiveSeed: 'test-objective-seed',
    objectiveCommitment: 'c',
    startedAt: 0,
    eliminations: 0,
    territories,
    tribes,
    result: null,
  }
}

/** The state after a successful step; a refusal fails the test with its code. */
function done(result: ReturnType<typeof conquest.applyOrder>, what: string): ConquestState {
  if (!result.ok) throw new Error(`${what} refused: ${result.error.code} ${result.error.message}`)
  return result.state
}

export const system = (s: ConquestState, action: ConquestSystem) => done(conquest.applySystem(s, action, hmacRng), action.type)
export const open = (s: ConquestState, tribe: string) => system(s, { type: 'openWindow', tribe })
export const close = (s: ConquestState, tribe: string) => system(s, { type: 'closeWindow', tribe })

/** An order with the dice it will roll, in order (faces 1–6). */
export function play(s: ConquestState, tribe: string, order: ConquestOrder, dice: number[] = []) {
  const result = conquest.applyOrder(s, tribe, order, dice.length ? scriptedRng(dice) : hmacRng)
  if (!result.ok) throw new Error(`${order.type} refused: ${result.error.code} ${result.error.message}`)
  return { state: result.state, events: result.events }
}

/** The refusal of an order: its code and rule, and the proof that nothing changed. */
export function refuse(s: ConquestState, tribe: string, order: ConquestOrder, rng: Rng = hmacRng) {
  const result = conquest.applyOrder(s, tribe, order, rng)
  if (result.ok) throw new Error(`${order.type} was accepted`)
  return readable(result.error)
}

/** The refusal of a system action, with the same proof of a readable message. */
export function refuseSystem(s: ConquestState, action: ConquestSystem) {
  const result = conquest.applySystem(s, action, hmacRng)
  if (result.ok) throw new Error(`${action.type} was accepted`)
  return readable(result.error)
}

export const at = (s: ConquestState, id: string) => s.territories[id]!
