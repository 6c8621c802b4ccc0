// The registry of game faces, one line a game, in the order the campaign form offers them.
// The platform's pages and API reach a game's pages, words, order and trade shapes only through here.
import type { FastifyInstance } from 'fastify'
import type { PageKit } from './page-kit.ts'
import { conquestFace } from './conquest/index.ts'
import { elMapaFace } from './elmapa/index.ts'
import type { Face, GamePages } from './face.ts'
import { openwarsFace } from './openwars/index.ts'
import { orderShapes } from './order-shape.ts'
import { tradeShapes } from './trade-shape.ts'
import { weekdayFace } from './weekday/index.ts'

export type { Face, GamePages } from './face.ts'

export const FACES: readonly Face[] = [weekdayFace, conquestFace, openwarsFace, elMapaFace]

/** A campaign's face; the first game's for a ruleset this server does not draw. */
export const faceOf = (ruleset: string): Face => FACES.find((f) => f.id === ruleset) ?? FACES[0]!

/** The games the campaign form offers, the asked one (or the first) chosen. */
export const gameChoices = (asked: unknown) => {
  const chosen = FACES.some((f) => f.id === asked) ? asked : FACES[0]!.id
  return FACES.map((f) => ({ id: f.id, name: f.name, rules: f.rules, rulesLabel: f.rulesLabel, checked: f.id === chosen }))
}

const checkers = new Map(FACES.map((f) => [f.id, orderShapes(f.orderSchema, f.id)]))

/** Checks orders against their campaign's game's shapes: a 400 naming only that game's fields. */
export function checkOrderShapes(ruleset: string, orders: readonly unknown[]) {
  checkers.get(ruleset)?.(orders)
}

const trades = new Map(FACES.map((f) => [f.id, tradeShapes(f.tradeSchema, f.id)]))

/** Checks a trade's proposal against its campaign's game's transfer: a 400 naming only that game's fields. */
export function checkTradeShape(ruleset: string, proposal: { transfers: readonly unknown[] } & Record<string, unknown>) {
  trades.get(ruleset)?.(proposal)
}

/** Every game's pages, by ruleset id. */
export function facePages(fastify: FastifyInstance, kit: PageKit): (ruleset: string) => GamePages {
  const pages = new Map(FACES.map((f) => [f.id, f.pages(fastify, kit)]))
  return (ruleset) => pages.get(ruleset) ?? pages.get(FACES[0]!.id)!
}
