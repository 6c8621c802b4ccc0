// El Mapa's face (#28): its words, rule book, order shapes and pages.
import { elMapaSentence } from './chronicle.ts'
import { elMapa } from '../../engine/games/elmapa/index.ts'
import { conventionalFace } from '../conventions.ts'
import type { Face } from '../face.ts'
import { elMapaPictures } from './guide.ts'
import { elMapaHistoryPages } from './history.ts'
import { elMapaPages } from './pages.ts'
import { elMapaRecap } from './recap.ts'
import { ElMapaBoard, ElMapaEconomy, ElMapaOptions, ElMapaOrder, ElMapaTransfer } from './schemas.ts'

export const elMapaFace: Face = {
  name: 'm_gameElMapa',
  ...conventionalFace(elMapa.id, 'm', elMapaPictures),
  orderSchema: ElMapaOrder,
  tradeSchema: ElMapaTransfer,
  api: { state: ElMapaBoard, options: ElMapaOptions, economy: ElMapaEconomy },
  pages: (fastify, kit) => ({ ...elMapaPages(fastify, kit), ...elMapaHistoryPages(fastify, kit) }),
  recap: elMapaRecap,
  sentence: elMapaSentence,
}
