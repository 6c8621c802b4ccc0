// Open Wars' face (#29): its words, rule book, guide, order shapes and pages.
import { openwarsSentence } from './chronicle.ts'
import { openWars } from '../../engine/games/openwars/index.ts'
import { gameFolderOf } from '../../engine/index.ts'
import type { Face } from '../face.ts'
import { openwarsPictures } from './guide.ts'
import { openwarsHistoryPages } from './history.ts'
import { openwarsPages } from './pages.ts'
import { openwarsRecap } from './recap.ts'
import { OpenWarsBoard, OpenWarsEconomy, OpenWarsOptions, OpenWarsOrder } from './schemas.ts'
import { openwarsTurn } from './turn.ts'

export const openwarsFace: Face = {
  id: openWars.id,
  folder: gameFolderOf(openWars.id),
  name: 'o_gameOpenWars',
  pitch: 'o_pitch',
  period: 'o_round',
  economy: 'o_economy',
  movable: 'o_dayMovable',
  rules: '/rules/openwars',
  rulesLabel: 'o_rulesLink',
  books: { en: 'RULES-OPENWARS.md', es: 'RULES-OPENWARS.es.md' },
  guide: { path: '/guide/openwars', label: 'o_guideLink', books: { en: 'GUIDE-OPENWARS.md', es: 'GUIDE-OPENWARS.es.md' }, pictures: openwarsPictures },
  platformScripts: ['tap-sheet.js'],
  scripts: ['openwars.js'],
  styles: ['openwars.css'],
  orderSchema: OpenWarsOrder,
  api: { state: OpenWarsBoard, options: OpenWarsOptions, economy: OpenWarsEconomy },
  pages: (fastify, kit) => ({ ...openwarsPages(fastify, kit), ...openwarsTurn(fastify, kit), ...openwarsHistoryPages(fastify, kit) }),
  recap: openwarsRecap,
  sentence: openwarsSentence,
}
