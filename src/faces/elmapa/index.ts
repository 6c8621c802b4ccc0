// El Mapa's face (#28): its words, rule book, order shapes and pages.
import { elMapaSentence } from './chronicle.ts'
import { elMapa } from '../../engine/games/elmapa/index.ts'
import { gameFolderOf } from '../../engine/index.ts'
import type { Face } from '../face.ts'
import { elMapaPictures } from './guide.ts'
import { elMapaHistoryPages } from './history.ts'
import { elMapaPages } from './pages.ts'
import { elMapaRecap } from './recap.ts'
import { ElMapaBoard, ElMapaEconomy, ElMapaOptions, ElMapaOrder } from './schemas.ts'

export const elMapaFace: Face = {
  // The ruleset's own id and the folder the registry files it under: the face names neither.
  id: elMapa.id,
  folder: gameFolderOf(elMapa.id),
  name: 'm_gameElMapa',
  pitch: 'm_pitch',
  period: 'm_round',
  economy: 'm_economy',
  movable: 'm_dayMovable',
  rules: '/rules/elmapa',
  rulesLabel: 'm_rulesLink',
  books: { en: 'RULES-ELMAPA.md', es: 'RULES-ELMAPA.es.md' },
  guide: { path: '/guide/elmapa', label: 'm_guideLink', books: { en: 'GUIDE-ELMAPA.md', es: 'GUIDE-ELMAPA.es.md' }, pictures: elMapaPictures },
  platformScripts: ['tap-sheet.js'],
  scripts: ['elmapa.js'],
  styles: ['elmapa.css'],
  orderSchema: ElMapaOrder,
  api: { state: ElMapaBoard, options: ElMapaOptions, economy: ElMapaEconomy },
  pages: (fastify, kit) => ({ ...elMapaPages(fastify, kit), ...elMapaHistoryPages(fastify, kit) }),
  recap: elMapaRecap,
  sentence: elMapaSentence,
}
