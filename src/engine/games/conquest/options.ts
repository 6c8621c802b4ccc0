// The turn page's choices: every order a tribe can give now, each found legal by the rules
// themselves. Every check comes before the first die (G2.6), so a probe stops at its first die.
import type { Rng } from '../../kernel/rng.ts'
import type { TribeId } from '../../kernel/ids.ts'
import { applyOrder } from './rules.ts'
import { COSTS, shortOf } from './orders.ts'
import { reinforcementTargets } from './calendar.ts'
import { setupAllotment } from './setup.ts'
import type { BuildKind, ConquestOrder, ConquestState } from './types.ts'
import { BY_ID, NEIGHBOURS, TERRITORY_IDS } from './world.ts'

/**
 * A probe's dice. Every check comes before the first die (G2.6), so an order that reaches its
 * first die is legal: the probe stops there rather than fight the battle out (most of an attack
 * probe's cost). The step is abandoned by a throw its dispatcher answers as a failure; the flag
 * says it was this one.
 */
let reachedDie = false
const STOP = Symbol('the first die')
const firstDie: Rng = () => {
  reachedDie = true
  throw STOP
}

const legal = (state: ConquestState, tribe: TribeId, order: ConquestOrder): boolean => {
  reachedDie = false
  return applyOrder(state, tribe, order, firstDie).ok || reachedDie
}

export interface TerritoryOptions {
  id: string
  ready: number
  /** Most troops that may leave (one stays). */
  canLeave: number
  moves: string[]
  attacks: string[]
  gather: number
  guard: number
  builds: { kind: BuildKind; max: number }[]
  fly: string[]
  sail: string[]
  airStrike: string[]
  navalBombard: string[]
  fireArtillery: string[]
  launchMissile: string[]
  releaseBio: string[]
}

export interface ConquestOptions {
  tribe: TribeId
  canOrder: boolean
  setup: boolean
  canEndTurn: boolean
  territories: TerritoryOptions[]
}

const KINDS = Object.keys(COSTS) as BuildKind[]

export function legalOptions(state: ConquestState, tribe: TribeId): ConquestOptions {
  const ownerOf = (id: string) => state.territories[id]?.owner
  // A pre-filter of moves and attacks: the probe refuses the rest, so its mutants offer the same orders.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: pre-filter (G5.3, G6.1)
  const ownGround = (id: string) => ownerOf(id) === tribe
  const mine = TERRITORY_IDS.filter((id) => ownerOf(id) === tribe)
  const canOrder = legal(state, tribe, { type: 'setReinforcements', list: mine.slice(0, 1) })
  const setup = state.status === 'setup'
  const canEndTurn = !setup && legal(state, tribe, { type: 'endTurn' })
  const territories = !canEndTurn
    ? []
    : mine
        .filter((id) => state.territories[id]!.ready + state.territories[id]!.planesReady + state.territories[id]!.shipsReady > 0)
        .map((id) => {
          const x = state.territories[id]!
          const try1 = (o: ConquestOrder) => legal(state, tribe, o)
          const targets = (type: 'airStrike' | 'navalBombard' | 'fireArtillery' | 'launchMissile' | 'releaseBio', can: boolean, among: readonly string[]) =>
            can ? among.filter((to) => try1({ type, from: id, target: to })) : []
          const neighbours = NEIGHBOURS.get(id)!
          const coasts = TERRITORY_IDS.filter((t) => BY_ID.get(t)!.coastal)
          const maxOf = (kind: BuildKind) => {
            // A stock that cannot pay for one is refused by the build's own cost check (shortOf), unprobed.
            // Stryker disable next-line ConditionalExpression: a pre-filter; the probe of one refuses the same build
            if (shortOf(x.stock, kind, 1)) return 0
            let n = 0
            while (n < x.ready && try1({ type: 'build', at: id, kind, count: n + 1 })) n++
            return n
          }
          return {
            id,
            ready: x.ready,
            canLeave: Math.min(x.ready, x.troops - 1),
            // A move enters only its own ground, an attack only another's (G5.3, G6.1): the rest are not probed.
            moves: neighbours.filter((to) => ownGround(to) && try1({ type: 'move', from: id, to, troops: 1 })),
            attacks: neighbours.filter((to) => !ownGround(to) && try1({ type: 'attack', from: id, to, troops: 1 })),
            gather: x.gathered ? 0 : Math.min(3, x.ready),
            guard: x.ready,
            builds: KINDS.map((kind) => ({ kind, max: maxOf(kind) })).filter((b) => b.max > 0),
            fly: x.planesReady > 0 ? mine.filter((to) => try1({ type: 'fly', from: id, to })) : [],
            sail: x.shipsReady > 0 ? mine.filter((to) => try1({ type: 'sail', from: id, to })) : [],
            airStrike: targets('airStrike', x.planesReady > 0, TERRITORY_IDS),
            navalBombard: targets('navalBombard', x.shipsReady > 0, coasts),
            fireArtillery: targets('fireArtillery', x.artilleryReady > 0 && x.ready > 0, TERRITORY_IDS),
            launchMissile: targets('launchMissile', x.stock.missile > 0 && x.ready > 0, TERRITORY_IDS),
            releaseBio: targets('releaseBio', x.stock.bio > 0 && x.ready > 0, neighbours),
          }
        })
  return { tribe, canOrder, setup, canEndTurn, territories }
}

/** What the next tick gives each tribe: troops (G3.1, or tick 0's allotment, G1.12) and Básicos (G3.5). */
export function previewTick(state: ConquestState) {
  return state.tribes
    .filter((t) => !t.eliminated)
    .map((t) => {
      const count = TERRITORY_IDS.filter((id) => state.territories[id]?.owner === t.id).length
      const due = state.status === 'setup' ? setupAllotment(state.tribesAtStart, count) : Math.floor(count / 2)
      // The tick's own rule: with every listed territory lost, nothing arrives (G3.4).
      const troops = reinforcementTargets(state, t).length > 0 ? due : 0
      return { tribe: t.id, territories: count, troops, basic: count, lastRound: state.status === 'running' && state.round >= state.roundLimit }
    })
}

/** The orders the options offer, written out: one troop and every ready troop where a count is asked. */
export function offeredOrders(state: ConquestState, o: ConquestOptions): ConquestOrder[] {
  const sizes = (max: number) => (max > 0 ? [...new Set([max, 1])] : [])
  const setup: ConquestOrder[] =
    o.setup && o.canOrder ? [{ type: 'setReinforcements', list: TERRITORY_IDS.filter((id) => state.territories[id]?.owner === o.tribe).slice(0, 3) }] : []
  return [
    ...setup,
    ...o.territories.flatMap((x): ConquestOrder[] => [
      ...x.moves.flatMap((to) => sizes(x.canLeave).map((troops): ConquestOrder => ({ type: 'move', from: x.id, to, troops }))),
      ...x.attacks.flatMap((to) => sizes(x.canLeave).map((troops): ConquestOrder => ({ type: 'attack', from: x.id, to, troops }))),
      ...sizes(x.gather).map((troops): ConquestOrder => ({ type: 'gather', at: x.id, troops })),
      ...sizes(x.guard).map((troops): ConquestOrder => ({ type: 'guard', at: x.id, troops })),
      ...x.builds.map((b): ConquestOrder => ({ type: 'build', at: x.id, kind: b.kind, count: 1 })),
      ...x.fly.map((to): ConquestOrder => ({ type: 'fly', from: x.id, to })),
      ...x.sail.map((to): ConquestOrder => ({ type: 'sail', from: x.id, to })),
      ...x.airStrike.map((target): ConquestOrder => ({ type: 'airStrike', from: x.id, target })),
      ...x.navalBombard.map((target): ConquestOrder => ({ type: 'navalBombard', from: x.id, target })),
      ...x.fireArtillery.map((target): ConquestOrder => ({ type: 'fireArtillery', from: x.id, target })),
      ...x.launchMissile.map((target): ConquestOrder => ({ type: 'launchMissile', from: x.id, target })),
      ...x.releaseBio.map((target): ConquestOrder => ({ type: 'releaseBio', from: x.id, target })),
    ]),
    ...(o.canEndTurn ? [{ type: 'endTurn' } as const] : []),
  ]
}
