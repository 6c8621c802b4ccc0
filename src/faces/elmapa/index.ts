// El Mapa's face (#28): its words, rule book, order shapes and pages.
import { cardWord, elMapaSentence } from './chronicle.ts'
import { elMapa } from '../../engine/games/elmapa/index.ts'
import { conventionalFace } from '../conventions.ts'
import type { Face } from '../face.ts'
import { elMapaPictures } from './guide.ts'
import { elMapaHistoryPages } from './history.ts'
import { elMapaPages } from './pages.ts'
import { elMapaRecap } from './recap.ts'
import { tradeMap } from './trade-map.ts'
import { ElMapaBoard, ElMapaEconomy, ElMapaOptions, ElMapaOrder, ElMapaTransfer } from './schemas.ts'
import { ElMapaEvent } from './events.ts'

export const elMapaFace: Face = {
  name: 'm_gameElMapa',
  ...conventionalFace(elMapa.id, 'm', { pictures: elMapaPictures, orderSchema: ElMapaOrder, tradeSchema: ElMapaTransfer }),
  // M10.2: resources, cards of the hand (said by their names) and mines and villages.
  tradeForm: [
    {
      name: 'resources',
      kind: 'counts',
      label: 'm_tradeResources',
      parts: (['oro', 'madera', 'piedra'] as const).map((r) => ({ name: r, label: `m_stock_${r}`, item: `m_trade_${r}`, max: 100_000 })),
    },
    { name: 'cards', kind: 'list', label: 'm_tradeCards', item: 'm_tradeCard', nameOf: cardWord },
    { name: 'cells', kind: 'list', label: 'm_tradeCells', places: true, taps: true },
  ],
  api: { state: ElMapaBoard, options: ElMapaOptions, events: ElMapaEvent, economy: ElMapaEconomy },
  pages: (fastify, kit) => ({
    ...elMapaPages(fastify, kit),
    ...elMapaHistoryPages(fastify, kit),
    tradeMap: (a, locale, tribes) => tradeMap(fastify.campaigns, kit, a, locale, tribes),
  }),
  // On its own board; the setup's wait for the first tick ends when the newcomer passes the week (#50).
  practice: { words: { lead: 'm_practiceLead', banner: 'm_practiceBanner', passed: 'm_week_passed' } },
  recap: elMapaRecap,
  sentence: elMapaSentence,
}
