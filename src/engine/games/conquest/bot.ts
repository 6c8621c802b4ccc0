// World conquest's bot (#50): a tribe played from what its player is shown (the public board,
// its own objective and the orders its turn page offers), never from the state. Its plans, in the
// book's words: in setup, keep the default list that reinforces every territory (G3.4); in a window,
// attack where G6.3's exact odds favour it, the territories its objective names first (G8.3);
// march the troops of quiet territories to the front (G5.1); spend Básicos on troops where the
// fighting is (G4.8); and stop when nothing good is left. The round limit ranks by territories,
// then troops (G8.7, G8.8), so territories come first.
import type { Bot, GameTypes } from '../../kernel/ruleset.ts'
import { battleOdds } from './odds.ts'
import type { ConquestOptions } from './options.ts'
import type { ConquestOrder, ObjectiveId } from './types.ts'
import type { board } from './views.ts'
import { BY_ID, NEIGHBOURS, territoriesOf, type ContinentId } from './world.ts'

/** What the bot reads of the game: the orders, the options and the board of its tribe's page. */
type Sighted = GameTypes & { order: ConquestOrder; options: ConquestOptions; board: ReturnType<typeof board> }
type Board = Sighted['board']
type Ground = Board['territories'][number]

// What a plan is worth, in troops (exported, with the reckoning below, for test/games/conquest/bot-reckoning.test.ts): a territory counts in the ranking and in the reinforcements
// (G3.1: half a troop a tick), a troop breaks the ranking's ties (G8.8).
export const TERRITORY = 6
export const TROOP = 1
/** An attack below this chance of taking the territory is not made: its troops hold the front instead. */
const ODDS = 0.5
/** Orders a window at the most: each one asks the rules for the whole page of options again. */
const ORDERS = 6
/** Below this the bot does nothing: a plan must be worth more than the order it costs. */
const WORTH = 0.5
/** G4.8: a troop costs 4 Básicos. */
const TROOP_COST = 4

/** The continents an objective asks to hold whole (G8.3); O5 and O6 add one more of the holder's choice. */
const WHOLE: Partial<Record<ObjectiveId, ContinentId[]>> = {
  O1: ['NA', 'AF'],
  O2: ['AS', 'SA'],
  O3: ['AS', 'AF'],
  O4: ['NA', 'OC'],
  O5: ['EU', 'SA'],
  O6: ['EU', 'OC'],
}

/** The board as the plans read it: who holds what, and how far each of ours is from the front. */
export function lookAt(tribe: string, board: Board) {
  const ground = new Map(board.territories.map((t) => [t.id, t]))
  const at = (id: string) => ground.get(id)!
  const ours = board.territories.filter((t) => t.owner === tribe)
  // Links from the front (a territory of ours next to a rival's) inward, over our own ground.
  const front = new Map<string, number>()
  const queue = ours.filter((t) => NEIGHBOURS.get(t.id)!.some((n) => at(n).owner !== tribe)).map((t) => t.id)
  for (const id of queue) front.set(id, 0)
  for (let i = 0; i < queue.length; i++) {
    for (const next of NEIGHBOURS.get(queue[i]!)!) {
      if (at(next).owner !== tribe || front.has(next)) continue
      front.set(next, front.get(queue[i]!)! + 1)
      queue.push(next)
    }
  }
  /** The most rival troops next to one of ours: what may attack it before our next window. */
  const threat = (id: string) => Math.max(0, ...NEIGHBOURS.get(id)!.map((n) => (at(n).owner === tribe ? 0 : at(n).troops - 1)))
  return { at, ours, front: (id: string) => front.get(id) ?? 0, threat }
}

type Look = ReturnType<typeof lookAt>

/** What taking `target` does for the tribe's objective (G8.3), as far as its own part of the board shows it. */
export function objectiveWorth(look: Look, board: Board, tribe: string, target: Ground): number {
  const mine = board.mine
  if (!mine?.objective) return 0
  const continent = BY_ID.get(target.id)!.continent
  const whole = WHOLE[mine.objective]
  if (whole) return whole.includes(continent) ? TERRITORY / 2 : 0
  if (mine.objective === 'O9' && !mine.o9Fallback) return target.owner === mine.o9Target ? TERRITORY / 2 : 0
  if (mine.objective === 'O10') {
    const held = territoriesOf(continent).filter((id) => look.at(id).owner === tribe).length
    return held < 3 ? TERRITORY / 2 : 0
  }
  return 0
}

/** An attack's worth by G6.3's exact odds: the territory if taken, the troops each side is likely to lose. */
export function attackWorth(look: Look, board: Board, tribe: string, order: Extract<ConquestOrder, { type: 'attack' }>): number {
  const from = look.at(order.from)
  const to = look.at(order.to)
  const odds = battleOdds({ attackers: order.troops, defenders: to.troops, tank: from.stock.tank > 0, wall: to.wall, guards: to.guards })
  if (odds.win < ODDS) return -Infinity
  const kept = odds.taken.reduce((sum, chance, survivors) => sum + chance * survivors, 0)
  const held = odds.held.reduce((sum, chance, survivors) => sum + chance * survivors, 0)
  const prize = TERRITORY + objectiveWorth(look, board, tribe, to)
  return odds.win * prize + (to.troops - held - (order.troops - kept)) * TROOP
}

/** A march from a quiet territory toward the front: the troops there fight next window (G5.1, G2.7). */
export function moveWorth(look: Look, order: Extract<ConquestOrder, { type: 'move' }>): number {
  const closer = look.front(order.from) - look.front(order.to)
  if (closer <= 0 || look.threat(order.from) > 0) return -Infinity
  return (order.troops * TROOP) / 2
}

/** A troop built where the fighting is (G4.7): its builder is spent, the troop stays. */
export function buildWorth(look: Look, order: Extract<ConquestOrder, { type: 'build' }>): number {
  if (order.kind !== 'troop') return -Infinity
  const here = look.at(order.at)
  return look.front(order.at) === 0 && here.stock.basic >= TROOP_COST ? TROOP : -Infinity
}

export const conquestBot: Bot<Sighted> = {
  choose(sight, random) {
    const { tribe, board, offered } = sight
    if (sight.given >= ORDERS) return null
    const look = lookAt(tribe, board)
    // In setup the page offers a list of the first territories in table order (G3.2), which need
    // not face anyone: the default list (G3.4) spreads the allotment over the front too, so the
    // bot leaves it; gathering, guarding and the long-range weapons are beyond its plans.
    const worthOf = (order: ConquestOrder) =>
      order.type === 'attack'
        ? attackWorth(look, board, tribe, order)
        : order.type === 'move'
          ? moveWorth(look, order)
          : order.type === 'build'
            ? buildWorth(look, order)
            : -Infinity
    // The plan worth most; plans alike are told apart by the bot's own draw, a hundredth at most.
    let chosen: ConquestOrder | null = null
    let top = WORTH
    for (const order of offered) {
      const worth = worthOf(order)
      if (worth < WORTH) continue
      const drawn = worth + random() / 100
      if (drawn > top) [chosen, top] = [order, drawn]
    }
    return chosen
  },
}
