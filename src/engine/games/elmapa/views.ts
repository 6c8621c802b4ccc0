// What readers see of an El Mapa state (M12.9): the board, with face-down cells as their zone code
// only, every hand as counts, and the reader's own hand and plan apart; the round's end map,
// a day's losses and the tick's mail.
import { attacked, digestWith } from '../../kernel/parts.ts'
import type { TribeId } from '../../kernel/ids.ts'
import type { Hurt } from '../../kernel/ruleset.ts'
import { troopCount } from './catalogue.ts'
import { levelOfCard } from './explore.ts'
import { reserved } from './cards.ts'
import { TICK0_GAP_MS } from './calendar.ts'
import { buildingVp, production } from './score.ts'
import type { ElMapaEvent, ElMapaState, MapCell } from './types.ts'

/** A cell as the board shows it; `shown` turns a face-down tile up (the deal derived again once the campaign is over, M11.6). */
export const cellView = (c: MapCell, shown = c.revealed) =>
  shown
    ? {
        cell: c.key,
        code: c.code,
        position: c.position,
        revealed: true,
        tile: c.tile,
        closed: c.closed,
        guards: c.guards,
        treasures: c.treasures,
        owner: c.owner,
        castle: c.castle,
      }
    : { cell: c.key, code: c.code, position: c.position, revealed: false }

const counts = (hand: string[]) => ({
  1: hand.filter((c) => levelOfCard(c) === '1').length,
  2: hand.filter((c) => levelOfCard(c) === '2').length,
  3: hand.filter((c) => levelOfCard(c) === '3').length,
})

/** Tick 0 is the first Sunday 20:00 at or after this instant (epoch ms) while in setup; the platform's calendar knows the Sundays. */
export const tickZeroNotBefore = (state: ElMapaState) => (state.status === 'setup' && state.startedAt !== null ? state.startedAt + TICK0_GAP_MS : null)

export function board(state: ElMapaState, reader: TribeId | null) {
  const me = state.tribes.find((t) => t.id === reader)
  const over = state.status === 'finished'
  return {
    round: state.round,
    limit: state.settings.limit,
    obstacles: state.settings.obstacles,
    setup: state.status === 'setup',
    tickZeroNotBefore: tickZeroNotBefore(state),
    rows: state.rows,
    cols: state.cols,
    cells: state.order.map((k) => cellView(state.cells[k]!)),
    // `standing`: the platform's view puts each tribe's calendar under `tribes`.
    standing: state.tribes.map((t) => ({
      id: t.id,
      name: t.name,
      weekday: t.weekday,
      position: t.position,
      stock: t.stock,
      vp: { explore: t.exploreVp, battle: t.battleVp, buildings: buildingVp(state, t.id) },
      hand: over ? t.hand : counts(t.hand),
      armed: { suerte: t.suerte, produccion: t.produccion },
      eliminated: t.eliminated,
      eliminatedBy: t.eliminatedBy,
      window: t.window,
    })),
    armies: state.armies,
    dispersed: state.dispersed,
    decks: { 1: state.decks['1'].length, 2: state.decks['2'].length, 3: state.decks['3'].length, treasure: state.treasureDeck.length },
    piles: { 1: state.piles['1'].length, 2: state.piles['2'].length, 3: state.piles['3'].length },
    treasurePile: state.treasurePile,
    commitments: state.commitments,
    secretSeed: over ? state.secretSeed : null,
    result: state.result,
    mine: me ? { hand: me.hand, plan: me.plan, reserved: [...reserved(me)] } : null,
  }
}

/** The owners (tribe indices) of the map's cells at a round's end, -1 unowned, null face down. */
export function roundEnd(state: ElMapaState) {
  const index = new Map(state.tribes.map((t, i) => [t.id, i]))
  return { round: state.round, owners: state.order.map((k) => (state.cells[k]!.revealed ? (index.get(state.cells[k]!.owner!) ?? -1) : null)) }
}

export const HOSTILE = ['battle', 'claimed', 'eliminated'] as const

export function digest(events: readonly ElMapaEvent[]): Map<TribeId, Hurt> {
  return digestWith<ElMapaEvent>(events, (e, of) => {
    if (e.type === 'battle' && e.record.defender) attacked(of(e.record.defender), troopCount(e.record.killed.D))
    else if (e.type === 'claimed' && e.from) of(e.from).placesLost.push(e.cell)
  })
}

/** The tick's mail: the new round, the stock and what the next tick brings. */
export function tickMail(state: ElMapaState, tribe: TribeId): Record<string, unknown> | null {
  const t = state.tribes.find((x) => x.id === tribe)
  if (!t || t.eliminated) return null
  return {
    week: state.round,
    roundLimit: state.settings.limit,
    stock: t.stock,
    next: production(state, t),
    cards: counts(t.hand),
    finished: state.status === 'finished',
  }
}

/** What the next tick gives each tribe in play. */
export function previewEconomy(state: ElMapaState) {
  return Object.fromEntries(state.tribes.filter((t) => !t.eliminated).map((t) => [t.id, production(state, t)]))
}

/** What the platform's pages and mails read of a state (the Ruleset's reading members). */
export const reads = { tickZeroNotBefore, periodEnd: roundEnd, hostileEvents: HOSTILE, digest, tickMail, board }
