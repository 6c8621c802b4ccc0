// A small language for engine tests: states from ASCII hex boards, orders
// played in sequence, and a d4 that shows what the test says.
import { scriptedRng, type Rng, WEEKDAYS } from '../../../src/engine/index.ts'
import {
  applyOrder,
  applySystem,
  compileMap,
  computePools,
  type GameEvent,
  type GameState,
  type Order,
  type Result,
  type SystemAction,
  type TurnPhase,
} from '../../../src/engine/games/weekday/index.ts'
import { parseBoard, renderBoard } from './board.ts'
import { readable } from '../readable.ts'

export interface BoardOptions {
  /** Phase of every tribe; default 'recruitment' (window just opened). */
  phase?: TurnPhase
  status?: GameState['status']
  week?: number
}

/**
 * A running campaign on the board drawn: tribes are the letters used (a, b, …,
 * weekdays Monday on), pools as if paid out now, every window open.
 */
export function board(text: string, options: BoardOptions = {}): GameState {
  const b = parseBoard(text)
  const map = { id: 'test-board', name: 'test board', tribes: Math.max(2, b.tribes.length), tiles: b.tiles }
  const week = options.week ?? 1
  return {
    schema: 1,
    ruleset: 'weekly-turn',
    map,
    tribes: b.tribes.map((id, i) => ({
      id,
      name: `Tribe ${id.toUpperCase()}`,
      weekday: WEEKDAYS[i]!,
      phase: options.phase ?? 'recruitment',
      eliminated: false,
    })),
    owners: b.owners,
    armies: b.armies,
    ships: b.ships,
    besieged: b.besieged,
    pools: computePools(compileMap(map), b.owners, week - 1),
    draft: null,
    status: options.status ?? 'running',
    rng: { seed: 'test-seed-0000', counter: 0 },
    week,
    weekLimit: null,
    nextShipId: Object.keys(b.ships).length + 1,
    ranking: null,
  }
}

/** The board of a state, normalised (for comparing with a drawn board). */
export function picture(state: GameState): string {
  return renderBoard(state)
}

export function redraw(text: string): string {
  return renderBoard(board(text))
}

export type Step = [tribe: string, order: Order] | { system: SystemAction }

export function attempt(state: GameState, step: Step, rng: Rng = scriptedRng([])): Result {
  return Array.isArray(step) ? applyOrder(state, step[0], step[1], rng) : applySystem(state, step.system, rng)
}

/** Plays every step; a refused one fails loudly with its error code. */
export function play(state: GameState, steps: Step[], rolls: number[] = []): { state: GameState; events: GameEvent[] } {
  const rng = scriptedRng(rolls)
  const events: GameEvent[] = []
  for (const step of steps) {
    const result = attempt(state, step, rng)
    if (!result.ok) throw new Error(`step ${JSON.stringify(step)} refused: ${result.error.code}: ${result.error.message}`)
    state = result.state
    events.push(...result.events)
  }
  return { state, events }
}

/** The error of a step that must be refused. */
export function refused(state: GameState, step: Step, rolls: number[] = []) {
  const result = attempt(state, step, scriptedRng(rolls))
  if (result.ok) throw new Error(`step ${JSON.stringify(step)} was accepted; expected a refusal`)
  return readable(result.error)
}

export const mv = (from: string, to: string, troops: number, path?: string[]): Order =>
  path ? { type: 'move', from, troops, path } : { type: 'move', from, troops, to }

/** Key of the tile at (column, row) of a drawn board. */
export function at(col: number, row: number): string {
  return `${col - Math.floor(row / 2)},${row}`
}
