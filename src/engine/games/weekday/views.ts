// What the platform's pages and mails read of a weekday-wargame state (#17): the board for a
// reader, the week's end map for the history, a day's losses for the digest, the payout mail.
import { attacked, digestWith, unhurt } from '../../kernel/parts.ts'
import { compileMap, type CompiledMap } from './map.ts'
import { onTheClock } from './rules/draft.ts'
import { SHIP_COST, TROOP_COST } from './rules/constants.ts'
import type { Hurt } from '../../kernel/ruleset.ts'
import { placeLabels } from '../../kernel/places.ts'
import { armiesInOrder, shipsInOrder } from './pieces.ts'
import type { GameEvent, GameState, MapDef, PlaceName, TribeId } from './types.ts'

/** The map as it stands, compactly (tribe indices), for the history page. */
export function weekEnd(state: GameState) {
  const order = new Map(state.tribes.map((t, i) => [t.id, i]))
  return {
    week: state.week,
    owners: state.owners.map((o) => (o === null ? -1 : order.get(o)!)),
    armies: armiesInOrder(state, compileMap(state.map)).map(([tile, a]) => [tile, a.tribe === null ? -1 : order.get(a.tribe)!, a.troops]),
    ships: shipsInOrder(state).map((x) => [x.id, x.tile, order.get(x.tribe)!, x.crew]),
    besieged: state.besieged,
  }
}

export const HOSTILE = ['combat', 'tileTaken', 'shipTaken', 'siegeLoss', 'eliminated'] as const

/** The platform's losses of a day, and the weekday game's own: ships taken by boarding (R10.7) and troops lost to sieges (R9). */
export interface WeekdayHurt extends Hurt {
  shipsLost: string[]
  siegeLosses: number
}

export function digest(events: readonly GameEvent[]): Map<TribeId, WeekdayHurt> {
  return digestWith<GameEvent, WeekdayHurt>(
    events,
    (e, of) => {
      if (e.type === 'combat' && e.defender) attacked(of(e.defender), e.defenders - e.defenderSurvivors)
      else if (e.type === 'tileTaken' && e.from) of(e.from).placesLost.push(e.tile)
      else if (e.type === 'shipTaken') of(e.from).shipsLost.push(e.ship)
      else if (e.type === 'siegeLoss') {
        of(e.owner).siegeLosses += e.lost
        of(e.owner).troopsLost += e.lost
      }
    },
    () => ({ ...unhurt(), shipsLost: [], siegeLosses: 0 }),
  )
}

/** R6.1: the payout mail's pools, and what each balance buys. */
export function tickMail(state: GameState, tribe: TribeId): Record<string, unknown> | null {
  const t = state.tribes.find((x) => x.id === tribe)
  if (!t || t.eliminated) return null
  const pools = state.pools
    .filter((p) => p.tribe === tribe)
    .map((p) => ({
      cities: p.cities,
      tiles: p.tiles,
      payout: p.payout,
      balance: p.balance,
      troops: Math.floor(p.balance / TROOP_COST),
      ships: Math.floor(p.balance / SHIP_COST),
    }))
  const cities = pools.flatMap((p) => p.cities)
  return {
    week: state.week,
    total: pools.reduce((s, p) => s + p.payout, 0),
    pools,
    // The mail is written later, in its reader's language: the cities' names in both.
    ...(state.map.names?.length ? { places: placeLabels(state.map.names, cities) } : {}),
    troopCost: TROOP_COST,
    shipCost: SHIP_COST,
    finished: state.status === 'finished',
  }
}

const NO_NAMES: readonly PlaceName[] = []

/** Everything on the board is public; `mine` is the reader's own armies and ships with their points. */
export function board(state: GameState, reader: TribeId | null) {
  const map = compileMap(state.map)
  const mine = reader ? state.tribes.find((t) => t.id === reader) : undefined
  const armies = armiesInOrder(state, map)
  const ships = shipsInOrder(state)
  return {
    map: {
      id: state.map.id,
      name: state.map.name,
      names: state.map.names ?? NO_NAMES,
      tiles: boardTiles(state.map, map, state.owners),
    },
    armies: armies.map(([tile, x]) => ({ tile, tribe: x.tribe, troops: x.troops })),
    ships: ships.map((s) => ({ id: s.id, tribe: s.tribe, tile: s.tile, crew: s.crew })),
    besieged: state.besieged,
    draft: state.draft ? { order: state.draft.order, picks: state.draft.picks } : null,
    ranking: state.ranking,
    mine: mine
      ? {
          armies: armies.filter(([, x]) => x.tribe === mine.id).map(([tile, x]) => ({ tile, troops: x.troops, mp: x.mp })),
          ships: ships.filter((s) => s.tribe === mine.id).map((s) => ({ id: s.id, tile: s.tile, crew: s.crew, mp: s.mp })),
        }
      : null,
  }
}

export function draftView(state: GameState) {
  return state.draft
    ? { order: state.draft.order, onTheClock: state.status === 'draft' ? onTheClock(state.draft) : null, picks: state.draft.picks.length }
    : null
}

/** A map's tiles as boards show them: key, position, terrain, city, port and owner (none before the draft). */
export function boardTiles(def: MapDef, map: CompiledMap = compileMap(def), owners: readonly (TribeId | null)[] = []) {
  return def.tiles.map((t, i) => ({
    tile: map.keys[i]!,
    q: t.q,
    r: t.r,
    terrain: t.terrain,
    city: !!t.city,
    port: map.port[i] === 1,
    owner: owners[i] ?? null,
  }))
}

/** What the platform's pages and mails read of a state (the Ruleset's reading members). */
export const reads = { periodEnd: weekEnd, hostileEvents: HOSTILE, digest, tickMail, board }
