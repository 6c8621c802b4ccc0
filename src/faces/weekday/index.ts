// The weekday wargame's face: its words, rule book, order shapes, map script and pages.
import type { Face } from '../face.ts'
import { EXAMPLE_SITUATION, ORDER_EXAMPLES } from './examples.ts'
import { weekdayHistoryPages } from './history.ts'
import { weekdayPages } from './pages.ts'
import { Pool, WeekdayBoard, WeekdayDiceDetails, WeekdayEconomy, WeekdayOptions, WeekdayOrder } from './schemas.ts'
import { Type } from 'typebox'

export const weekdayFace: Face = {
  id: 'weekly-turn',
  folder: 'weekday',
  name: 'c_gameWeekly',
  period: 'week',
  economy: 'pools',
  rules: '/rules',
  rulesLabel: 'c_rulesWeekly',
  books: { en: 'RULES.md', es: 'RULES.es.md' },
  scripts: ['map.js'],
  styles: ['weekday.css'],
  orderSchema: WeekdayOrder,
  api: {
    state: WeekdayBoard,
    options: WeekdayOptions,
    economy: WeekdayEconomy,
    held: Type.Array(Pool, { description: 'The pools now (R6)' }),
    diceDetails: WeekdayDiceDetails,
  },
  examples: { situation: EXAMPLE_SITUATION, orders: ORDER_EXAMPLES },
  pages: (fastify, kit) => ({ ...weekdayPages(fastify, kit), ...weekdayHistoryPages(fastify, kit) }),
}
