// The orders of a window or a week as arrows on the map: moves, attacks with
// their result, embarking, landing and sailing. Ships' events name no starting
// tile, so each ship is followed from where the week began (the previous week's
// end map) through the week's events.
import type { GameEvent, Order } from '../../engine/games/weekday/index.ts'

export type ArrowKind = 'move' | 'attack' | 'embark' | 'disembark' | 'sail'

export interface MapArrow {
  kind: ArrowKind
  tribe: string
  /** Tiles from the start to the end (at least two when the start is known). */
  path: string[]
  troops?: number
  /** An attack's outcome (R8.3). */
  result?: 'attacker' | 'defender' | 'tie'
}

/**
 * The arrows of these events, in order. `tribe` keeps one tribe's only, and
 * `from` the events from that index on (the earlier ones still place the ships).
 */
export function arrowsOf(events: readonly GameEvent[], shipsAtStart: ReadonlyMap<string, string>, only: { tribe?: string; from?: number } = {}): MapArrow[] {
  const ships = new Map(shipsAtStart)
  const arrows: MapArrow[] = []
  let index = 0
  const push = (a: MapArrow) => {
    if ((!only.tribe || a.tribe === only.tribe) && index >= (only.from ?? 0)) arrows.push(a)
  }
  let lastOrder: Order | undefined
  for (; index < events.length; index++) {
    const e = events[index]!
    if (e.type === 'order') lastOrder = e.order
    switch (e.type) {
      case 'moved':
        push({ kind: 'move', tribe: e.tribe, path: [e.from, ...e.path], troops: e.troops })
        break
      case 'embarked':
        push({ kind: 'embark', tribe: e.tribe, path: [e.from, ships.get(e.ship) ?? e.from], troops: e.troops })
        break
      case 'disembarked':
        push({ kind: 'disembark', tribe: e.tribe, path: [...(ships.has(e.ship) ? [ships.get(e.ship)!] : []), e.to], troops: e.troops })
        break
      case 'shipBuilt':
        ships.set(e.ship, e.sea)
        break
      case 'shipMoved': {
        const start = ships.get(e.ship)
        push({ kind: 'sail', tribe: e.tribe, path: [...(start ? [start] : []), ...e.path] })
        ships.set(e.ship, e.path[e.path.length - 1]!)
        break
      }
      case 'combat': {
        // A land attack or a landing arrives as a move; a port assault or a boarding only as its battle.
        const last = arrows[arrows.length - 1]
        if (
          last &&
          last.tribe === e.attacker &&
          last.path[last.path.length - 1] === e.tile &&
          last.result === undefined &&
          (lastOrder?.type === 'move' || lastOrder?.type === 'disembark')
        ) {
          last.kind = 'attack'
          last.result = e.result
        } else if (lastOrder && (lastOrder.type === 'portAssault' || lastOrder.type === 'board')) {
          const from = ships.get(lastOrder.ship)
          push({ kind: 'attack', tribe: e.attacker, path: from ? [from, e.tile] : [e.tile], troops: e.attackers, result: e.result })
        }
        break
      }
      default:
        break
    }
  }
  return arrows.filter((a) => a.path.length >= 2 && a.path[0] !== a.path[a.path.length - 1])
}

/** Ships' tiles as the week began, from the previous week's end map (`[id, tile, tribe, crew]` rows). */
export function shipsOfWeekEnd(payload: unknown): Map<string, string> {
  const ships = (payload as { ships?: [string, string, number, number][] } | undefined)?.ships ?? []
  return new Map(ships.map(([id, tile]) => [id, tile]))
}
