// The players' guide's pictures (#29): a campaign of two tribes started, mustered and given a
// first move by the engine itself, drawn by the map's own renderer, so the guide shows what the
// game does today.
import { openWars, type OpenOrder, type OpenState } from '../../engine/games/openwars/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { Picture } from '../face.ts'
import { guideExample, NAMES, THEM, TICK_0, US } from '../guide-example.ts'
import { bandSvg } from './band-svg.ts'
import { cardName, kindName } from './names.ts'

const COLOURS = new Map([
  [US, '#228B22'],
  [THEM, '#8B4513'],
])
function play() {
  const { started, system, order } = guideExample(openWars, { seed: 'guide-band', secretSeed: 'guide-setup', limit: null })
  const mustered = system(started, { type: 'tick', at: TICK_0 })
  const opened = system(mustered, { type: 'openWindow', tribe: US })
  const move = openWars.legalOptions(opened, US).orders.find((o): o is Extract<OpenOrder, { type: 'move' }> => o.type === 'move')!
  return { opened, moved: order(opened, US, move).state, move }
}

let played: ReturnType<typeof play> | undefined

const draw = (state: OpenState, label: string, highlight: Set<string>, s: Strings) =>
  bandSvg(openWars.board(state, null).cells, s, { rows: state.rows, cols: state.cols, label, colours: COLOURS, names: NAMES, highlight })

/** The guide's pictures in the reader's language, by the name its text gives each. */
export function openwarsPictures(s: Strings): Record<string, Picture> {
  const game = (played ??= play())
  const say = (key: string, values: Record<string, string | number>) => fill(s[key]!, values, languageOf(s))
  const capital = game.opened.tribes.find((t) => t.id === US)!.capital!
  const to = game.move.path.at(-1)!
  return {
    band: {
      svg: draw(game.opened, say('o_guide_mapBand', {}), new Set([capital]), s),
      caption: say('o_guide_capBand', { capital, cols: game.opened.cols }),
    },
    move: {
      svg: draw(game.moved, say('o_guide_mapMove', {}), new Set([game.move.from, to]), s),
      caption: say('o_guide_capMove', {
        count: game.move.count,
        kind: kindName(game.move.kind, s),
        from: game.move.from,
        to: `${cardName(game.moved.cells[to]!.card, s)} (${to})`,
      }),
    },
  }
}
