// World conquest's face: its words, rule book, order shapes and pages.
import { conquestSentence } from './chronicle.ts'
import { conquest } from '../../engine/games/conquest/index.ts'
import { conventionalFace } from '../conventions.ts'
import type { Face } from '../face.ts'
import { conquestPictures } from './guide.ts'
import { conquestHistoryPages } from './history.ts'
import { conquestPages } from './pages.ts'
import { conquestRecap } from './recap.ts'
import { ConquestBoard, ConquestEconomy, ConquestOptions, ConquestOrder, ConquestTransfer } from './schemas.ts'

export const conquestFace: Face = {
  name: 'c_gameConquest',
  ...conventionalFace(conquest.id, 'c', conquestPictures),
  orderSchema: ConquestOrder,
  tradeSchema: ConquestTransfer,
  api: { state: ConquestBoard, options: ConquestOptions, economy: ConquestEconomy },
  recap: conquestRecap,
  sentence: conquestSentence,
  pages: (fastify, kit) => ({ ...conquestPages(fastify, kit), ...conquestHistoryPages(fastify, kit) }),
}
