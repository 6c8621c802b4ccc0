// World conquest's face: its words, rule book, order shapes and pages.
import { conquestSentence } from './chronicle.ts'
import { conquest } from '../../engine/games/conquest/index.ts'
import { gameFolderOf } from '../../engine/index.ts'
import type { Face } from '../face.ts'
import { conquestPictures } from './guide.ts'
import { conquestHistoryPages } from './history.ts'
import { conquestPages } from './pages.ts'
import { conquestRecap } from './recap.ts'
import { ConquestBoard, ConquestEconomy, ConquestOptions, ConquestOrder } from './schemas.ts'

export const conquestFace: Face = {
  // The ruleset's own id and the folder the registry files it under: the face names neither.
  id: conquest.id,
  folder: gameFolderOf(conquest.id),
  name: 'c_gameConquest',
  pitch: 'c_pitch',
  period: 'c_round',
  economy: 'c_economy',
  movable: 'c_dayMovable',
  rules: '/rules/conquest',
  rulesLabel: 'c_rulesLink',
  books: { en: 'RULES-CONQUEST.md', es: 'RULES-CONQUEST.es.md' },
  guide: { path: '/guide/conquest', label: 'c_guideLink', books: { en: 'GUIDE-CONQUEST.md', es: 'GUIDE-CONQUEST.es.md' }, pictures: conquestPictures },
  platformScripts: ['tap-sheet.js'],
  scripts: ['conquest.js'],
  styles: ['conquest.css'],
  orderSchema: ConquestOrder,
  api: { state: ConquestBoard, options: ConquestOptions, economy: ConquestEconomy },
  recap: conquestRecap,
  sentence: conquestSentence,
  pages: (fastify, kit) => ({ ...conquestPages(fastify, kit), ...conquestHistoryPages(fastify, kit) }),
}
