// The weekday wargame's face: its words, rule book, order shapes, map script and pages.
import { sentence } from './chronicle.ts'
import { weeklyTurn } from '../../engine/games/weekday/index.ts'
import { gameFolderOf } from '../../engine/index.ts'
import type { Face } from '../face.ts'
import { EXAMPLE_SITUATION, ORDER_EXAMPLES } from './examples.ts'
import { weekdayPictures } from './guide.ts'
import { weekdayHistoryPages } from './history.ts'
import { setupMap } from './map.ts'
import { weekdayPages } from './pages.ts'
import { tradeMap } from './trade-map.ts'
import { weekdayRecap } from './recap.ts'
import { Pool, WeekdayBoard, WeekdayDiceDetails, WeekdayEconomy, WeekdayOptions, WeekdayOrder, WeekdayTransfer } from './schemas.ts'
import { WeekdayEvent } from './events.ts'
import { Type } from 'typebox'

export const weekdayFace: Face = {
  // The ruleset's own id and the folder the registry files it under: the face names neither.
  id: weeklyTurn.id,
  folder: gameFolderOf(weeklyTurn.id),
  name: 'c_gameWeekly',
  pitch: 'w_pitch',
  period: 'week',
  economy: 'pools',
  movable: 'dayMovable',
  rules: '/rules',
  rulesLabel: 'c_rulesWeekly',
  books: { en: 'RULES.md', es: 'RULES.es.md' },
  guide: { path: '/guide', label: 'c_guideWeekly', books: { en: 'GUIDE.md', es: 'GUIDE.es.md' }, pictures: weekdayPictures },
  scripts: ['map.js'],
  styles: ['weekday.css'],
  orderSchema: WeekdayOrder,
  tradeSchema: WeekdayTransfer,
  // R11.2: land and cities (a tap on the trade map puts one in its owner's line), and ships.
  tradeForm: [
    { name: 'tiles', kind: 'list', label: 'tilesList', places: true, taps: true },
    { name: 'ships', kind: 'list', label: 'shipsList', item: 'tradeShip' },
  ],
  api: {
    state: WeekdayBoard,
    options: WeekdayOptions,
    events: WeekdayEvent,
    economy: WeekdayEconomy,
    held: Type.Array(Pool, { description: 'The pools now (R6)' }),
    diceDetails: WeekdayDiceDetails,
  },
  setupMap,
  // The smallest map; each side its own region's north port and inland city (R3.2), as far
  // from the other as the map allows, so the newcomer's first weeks are recruits, moves and claims.
  practice: {
    mapId: 'coast-2',
    homes: [
      ['2,1', '3,3'],
      ['8,1', '9,3'],
    ],
    words: { lead: 'practiceLead', banner: 'practiceBanner', passed: 'week_passed' },
  },
  start: 'startDraft',
  examples: { situation: EXAMPLE_SITUATION, orders: ORDER_EXAMPLES },
  recap: weekdayRecap,
  sentence,
  pages: (fastify, kit) => ({
    ...weekdayPages(fastify, kit),
    ...weekdayHistoryPages(fastify, kit),
    tradeMap: (a, locale, tribes) => tradeMap(fastify, kit, a, locale, tribes),
  }),
}
