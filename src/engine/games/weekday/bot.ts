// The weekday wargame's bot (#50): a tribe played from what its player is shown (the board and
// the options of its turn page), never from the state. Its plans, in the book's words: draft
// two cities close together (R3.2) so that their land can join one pool (R6.2); recruit what
// the pools buy, where a city is threatened first (R5); keep each city a garrison that the
// armies within reach cannot beat (R8.2, R7.3); take cities and tiles when the d4's faces
// favour it (R8.3); claim neutral land with the troops to spare (R7.5), since the ranking
// counts cities, then land tiles, then troops (R2.5); and say it is done when nothing good is left.
import type { Bot, GameTypes } from '../../kernel/ruleset.ts'
import { DIRECTIONS, tileKey, type TileKey } from './hex.ts'
import { rollOutcomes } from './odds.ts'
import type { AttackInfo, MoveOption, TribeOptions } from './options.ts'
import type { Order, TribeId } from './types.ts'
import type { board } from './views.ts'

/** What the bot reads of the game: the orders, the options and the board of its tribe's page. */
type Sighted = GameTypes & { order: Order; options: TribeOptions; board: ReturnType<typeof board> }

// What a plan is worth, in troops (exported, with the reckoning below, for test/games/weekday/bot-reckoning.test.ts): a city decides the ranking (R2.5), a land tile breaks its
// ties and pays 2 a week (R6.2), a troop breaks the last tie.
export const CITY = 40
export const TILE = 2
export const TROOP = 1
/** Troops a rival city may recruit before its army marches (R5.4): a guess, since the pools are not shown. */
const RECRUITS = 2
/** An army this strong marches on the rival cities: with a d4 it beats a garrison of up to (n − 1) / 2 (R8.2). */
const STRIKE = 4
/** An army's reach in one of its windows (R7.3): the armies that far from a city are its threat. */
const REACH = 2
/**
 * Orders a window at the most: each one asks the rules for the whole page of options again, most of
 * a window's time. Fewer cost wins against random players, whose claimed land then outgrows the bot's.
 */
const ORDERS = 6
/** Below this the bot does nothing: a move must be worth more than the order it costs. */
const WORTH = 0.5

/** Hex distance between two tiles (R1.1), from their axial coordinates. */
export function distance(a: { q: number; r: number }, b: { q: number; r: number }): number {
  const dq = a.q - b.q
  const dr = a.r - b.r
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2
}

/** The board as the plans read it: each tile's owner and kind, each army's tribe and troops. */
export function lookAt(sight: { tribe: TribeId; board: Sighted['board'] }) {
  const tiles = new Map(sight.board.map.tiles.map((t) => [t.tile, t]))
  const armies = new Map(sight.board.armies.map((a) => [a.tile, a]))
  const at = (tile: TileKey) => tiles.get(tile)!
  const rivals = sight.board.armies.filter((a) => a.tribe !== null && a.tribe !== sight.tribe)
  // A crewed ship strikes a port at a = 2 (R10.6): its crew counts double, from as far as it sails and steps.
  const fleets = sight.board.ships.filter((s) => s.tribe !== sight.tribe && s.crew > 0)
  // A rival's city recruits before it attacks (R5.4): what it may add, unseen (the pools are the rival's).
  const cities = sight.board.map.tiles.filter((t) => t.city && t.owner !== null && t.owner !== sight.tribe)
  const threats = new Map<TileKey, number>()
  /** The strongest attack the other tribes can bring to `tile` before this tribe's next window. */
  const threat = (tile: TileKey) => {
    let most = threats.get(tile)
    if (most !== undefined) return most
    most = 0
    for (const a of rivals) if (distance(at(a.tile), at(tile)) <= REACH) most = Math.max(most, a.troops)
    for (const c of cities) if (distance(c, at(tile)) <= REACH) most = Math.max(most, (armies.get(c.tile)?.troops ?? 0) + RECRUITS)
    if (at(tile).port) for (const s of fleets) if (distance(at(s.tile), at(tile)) <= 4) most = Math.max(most, 2 * s.crew)
    threats.set(tile, most)
    return most
  }
  /** The garrison a city of ours needs: 2g + 2 ≥ attack + 4, the best face of the d4 (R8.2); none with no rival in reach. */
  const garrison = (tile: TileKey) => (threat(tile) > 0 ? Math.ceil((threat(tile) + 2) / 2) : 0)
  /** How far the nearest rival city is: where a strong army marches. */
  const toRival = (tile: TileKey) => Math.min(99, ...cities.map((c) => distance(c, at(tile))))
  /** Neutral land next to a tile: what an army there can claim next (R7.5). */
  const open = (tile: TileKey) => {
    const { q, r } = at(tile)
    let n = 0
    for (const [dq, dr] of DIRECTIONS) {
      const next = tiles.get(tileKey(q + dq, r + dr))
      if (next && next.terrain === 'land' && next.owner === null && !armies.has(next.tile)) n++
    }
    return n
  }
  return { at, armies, threat, garrison, open, toRival }
}

type Look = ReturnType<typeof lookAt>

/** What an attack of `attackers` is worth, over the four faces of the d4 (R8.3). */
export function attackWorth(look: Look, me: TribeId, to: TileKey, attackers: number, attack: AttackInfo): number {
  const tile = look.at(to)
  // Taking a rival's tile is worth half as much again: we gain it and the rival loses it.
  const prize = (tile.city ? CITY : TILE) * (attack.defender !== null && attack.defender !== me ? 1.5 : 1)
  let worth = 0
  for (const face of rollOutcomes(attackers, attack)) {
    const killed = attack.defenders - face.defenderSurvivors
    const lost = attackers - face.attackerSurvivors
    worth += (face.result === 'attacker' ? prize : 0) + (killed - lost) * TROOP
  }
  return worth / 4
}

/** A move's worth: what it claims and takes, less the city it leaves too weak (R7.5, R8.3). */
export function moveWorth(look: Look, me: TribeId, from: TileKey, troops: number, move: MoveOption): number {
  const here = look.armies.get(from)!
  const left = here.troops - troops
  const home = look.at(from)
  if (home.city && left < look.garrison(from)) return -Infinity
  let worth = move.claims.length * TILE
  if (move.attack) return worth + attackWorth(look, me, move.to, troops, move.attack)
  const there = look.at(move.to)
  if (there.city && there.owner === me) {
    // Reinforcing a city short of its garrison.
    const short = look.garrison(move.to) - (look.armies.get(move.to)?.troops ?? 0)
    worth += Math.min(short, troops) * TROOP * 4
  }
  // Toward open land: the next window claims from there. Only a step forward counts, not a walk in circles.
  worth += 0.5 * Math.max(0, look.open(move.to) - look.open(from))
  // A strong army marches on the nearest rival city, to take it when its garrison is low.
  if (troops >= STRIKE) worth += (troops / 3) * Math.max(0, look.toRival(from) - look.toRival(move.to))
  // A split leaves one more army to move (and to probe) each window: moving whole is better.
  if (left > 0 && !home.city) worth -= 0.25
  return worth
}

/** R3.2: a city with land round it to claim, near our other pick (one pool, R6.2), far from a rival's. */
export function draftWorth(sight: { tribe: TribeId; board: Sighted['board'] }, look: Look, city: TileKey): number {
  const picks = sight.board.draft?.picks ?? []
  const here = look.at(city)
  const land = sight.board.map.tiles.filter((t) => t.terrain === 'land' && distance(t, here) <= 2).length
  const ours = picks.filter((p) => p.tribe === sight.tribe).map((p) => distance(look.at(p.city), here))
  const theirs = picks.filter((p) => p.tribe !== sight.tribe).map((p) => distance(look.at(p.city), here))
  return land - 2 * Math.min(12, ...ours) + Math.min(6, ...theirs)
}

/** The best of the candidates by worth, a tie broken by the bot's own draw; null when none is worth it. */
export function best<O>(candidates: { order: O; worth: number }[], random: () => number, floor = WORTH): O | null {
  const top = Math.max(floor, ...candidates.map((c) => c.worth))
  const ties = candidates.filter((c) => c.worth >= top)
  return ties.length ? ties[Math.floor(random() * ties.length)]!.order : null
}

export const weekdayBot: Bot<Sighted> = {
  choose(sight, random) {
    const { tribe: me, options, offered } = sight
    if (sight.given >= ORDERS) return null
    const look = lookAt(sight)
    const picks = offered.filter((o) => o.type === 'draftPick')
    if (picks.length)
      return best(
        picks.map((order) => ({ order, worth: draftWorth(sight, look, order.city) })),
        random,
        -Infinity,
      )

    // R5: recruit first (the first action closes recruitment), where the garrison is shortest.
    const recruits = offered.filter((o) => o.type === 'recruit')
    const biggest = Math.max(0, ...recruits.map((o) => o.troops))
    const recruit = best(
      recruits.filter((o) => o.troops === biggest).map((order) => ({ order, worth: look.garrison(order.city) - (look.armies.get(order.city)?.troops ?? 0) })),
      random,
      -Infinity,
    )
    if (recruit) return recruit

    const moves = new Map(options.armies.flatMap((a) => a.moves.map((m) => [`${a.tile} ${m.path.join()}`, m])))
    const candidates: { order: Order; worth: number }[] = []
    for (const order of offered) {
      if (order.type === 'move') {
        const move = moves.get(`${order.from} ${order.path?.join()}`)
        if (move) candidates.push({ order, worth: moveWorth(look, me, order.from, order.troops, move) })
      } else if (order.type === 'portAssault') {
        const assault = options.ships.find((s) => s.id === order.ship)?.portAssault.find((p) => p.port === order.port)
        if (assault) candidates.push({ order, worth: attackWorth(look, me, order.port, order.troops, assault.attack) })
      }
    }
    return best(candidates, random)
  },
}
