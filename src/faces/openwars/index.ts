// Open Wars' face (#29): its words, rule book, guide, order shapes and pages.
import { openwarsSentence } from './chronicle.ts'
import { openWars } from '../../engine/games/openwars/index.ts'
import { conventionalFace } from '../conventions.ts'
import type { Face } from '../face.ts'
import { openwarsPictures } from './guide.ts'
import { openwarsHistoryPages } from './history.ts'
import { openwarsPages } from './pages.ts'
import { openwarsRecap } from './recap.ts'
import { OpenWarsBoard, OpenWarsEconomy, OpenWarsOptions, OpenWarsOrder, OpenWarsTransfer } from './schemas.ts'
import { OpenWarsEvent } from './events.ts'
import { openwarsTradeMap } from './trade-map.ts'
import { openwarsTurn } from './turn.ts'

export const openwarsFace: Face = {
  name: 'o_gameOpenWars',
  ...conventionalFace(openWars.id, 'o', { pictures: openwarsPictures, orderSchema: OpenWarsOrder, tradeSchema: OpenWarsTransfer }),
  // W8.2: gold, mana and empty locations.
  tradeForm: [
    { name: 'gold', kind: 'number', label: 'o_gold', item: 'o_tradeGold', max: 100_000 },
    { name: 'mana', kind: 'number', label: 'o_mana', item: 'o_tradeMana', max: 100_000 },
    { name: 'locations', kind: 'list', label: 'o_tradeLocations', places: true, taps: true },
  ],
  api: { state: OpenWarsBoard, options: OpenWarsOptions, events: OpenWarsEvent, economy: OpenWarsEconomy },
  pages: (fastify, kit) => ({
    ...openwarsPages(fastify, kit),
    ...openwarsTurn(fastify, kit),
    ...openwarsHistoryPages(fastify, kit),
    tradeMap: openwarsTradeMap(fastify, kit),
  }),
  // On its own board; the setup's wait for the first tick ends when the newcomer passes the week (#50).
  practice: { words: { lead: 'o_practiceLead', banner: 'o_practiceBanner', passed: 'o_week_passed' } },
  recap: openwarsRecap,
  sentence: openwarsSentence,
}
