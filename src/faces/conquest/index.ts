// World conquest's face: its words, rule book, order shapes and pages.
import { conquestSentence } from './chronicle.ts'
import { conquest } from '../../engine/games/conquest/index.ts'
import { conventionalFace } from '../conventions.ts'
import type { Face } from '../face.ts'
import { conquestPictures } from './guide.ts'
import { conquestHistoryPages } from './history.ts'
import { conquestPages, placeName } from './pages.ts'
import { conquestRecap } from './recap.ts'
import { tradeMap } from './trade-map.ts'
import { ConquestBoard, ConquestEconomy, ConquestOptions, ConquestOrder, ConquestTransfer } from './schemas.ts'
import { ConquestEvent } from './events.ts'

export const conquestFace: Face = {
  name: 'c_gameConquest',
  ...conventionalFace(conquest.id, 'c', { pictures: conquestPictures, orderSchema: ConquestOrder, tradeSchema: ConquestTransfer }),
  // G9.2: whole territories, said by their names.
  tradeForm: [{ name: 'tiles', kind: 'list', label: 'c_tradeTiles', nameOf: placeName, taps: true }],
  api: { state: ConquestBoard, options: ConquestOptions, events: ConquestEvent, economy: ConquestEconomy },
  // On its own board; the setup's wait for the first tick ends when the newcomer passes the week (#50).
  practice: { words: { lead: 'c_practiceLead', banner: 'c_practiceBanner', passed: 'c_week_passed' } },
  recap: conquestRecap,
  sentence: conquestSentence,
  pages: (fastify, kit) => ({
    ...conquestPages(fastify, kit),
    ...conquestHistoryPages(fastify, kit),
    tradeMap: (a, locale, tribes) => tradeMap(fastify.campaigns, kit, a, locale, tribes),
  }),
}
