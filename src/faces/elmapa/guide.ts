// The players' guide's pictures (#28): a campaign of two tribes set up and played by the engine
// itself (the start, tick 0, a first step into a face-down tile), drawn by the map's own
// renderer, so the guide shows what the game does today and cannot go out of date.
import { elMapa, type ElMapaState } from '../../engine/games/elmapa/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { Picture } from '../face.ts'
import { guideExample, NAMES, THEM, TICK_0, US } from '../guide-example.ts'
import { castleSvg, mapSvg, tileName } from './map-svg.ts'

const COLOURS = new Map([
  [US, '#c0392b'],
  [THEM, '#2471a3'],
])
/** The campaign at round 1's first window, and after the tribe's first steps towards a face-down tile. */
function play() {
  const { started, system, order } = guideExample(elMapa, { seed: 'guide-setup', secretSeed: 'guide-secret', limit: 26 })
  // Tick 0 comes at least 48 hours after the start (M2.4).
  const opened = system(system(started, { type: 'tick', at: TICK_0 }), { type: 'openWindow', tribe: US })
  // The first step the engine allows that reveals something, else the first step at all.
  let state = opened
  let revealed: { cell: string; tile: string }[] = []
  for (let i = 0; i < 3 && revealed.length === 0; i++) {
    const steps = elMapa.legalOptions(state, US).orders.filter((o) => o.type === 'step')
    const step = steps.find((o) => o.type === 'step' && o.dir === 'E') ?? steps[0]
    if (!step) break
    const r = order(state, US, step)
    state = r.state
    revealed = r.events.flatMap((e) => (e.type === 'revealed' ? e.cells : []))
  }
  return { opened, explored: state, revealed }
}

let played: ReturnType<typeof play> | undefined

/** The guide's pictures in the reader's language, by the name its text gives each. */
export function elMapaPictures(s: Strings): Record<string, Picture> {
  const game = (played ??= play())
  const say = (key: string, values: Record<string, string | number>) => fill(s[key]!, values, languageOf(s))
  const draw = (state: ElMapaState, label: string) => {
    const b = elMapa.board(state, US)
    return mapSvg(b.rows, b.cols, b.cells, b.armies, {
      label,
      s,
      colours: COLOURS,
      names: NAMES,
      highlight: new Set(b.armies.filter((a) => a.tribe === US).map((a) => a.cell)),
    })
  }
  const start = elMapa.board(game.opened, US)
  const village = start.cells.find((c) => c.revealed && c.owner === US && c.castle)!
  return {
    start: {
      svg: draw(game.opened, say('m_guide_mapStart', {})),
      caption: say('m_guide_capStart', { faceDown: start.cells.filter((c) => !c.revealed).length, village: village.cell }),
    },
    explore: {
      svg: draw(game.explored, say('m_guide_mapExplore', {})),
      caption: say('m_guide_capExplore', { n: game.revealed.length, tiles: game.revealed.map((c) => `${c.cell} ${tileName(c.tile, s)}`).join(', ') || '–' }),
    },
    castle: {
      svg: castleSvg(
        {},
        new Map([
          ['1a', ['cuartel', 'mercado', 'almacen', 'ayuntamiento', 'biblioteca', 'estatua']],
          ['1b', ['cuartel', 'mercado', 'almacen', 'ayuntamiento', 'biblioteca', 'estatua']],
        ]),
        say('m_guide_mapCastle', {}),
        s,
      ),
      caption: say('m_guide_capCastle', {}),
    },
  }
}
