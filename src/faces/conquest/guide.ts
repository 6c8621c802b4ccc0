// The players' guide's pictures (#27): a campaign of two tribes dealt, set up and played by the
// engine itself (the deal, tick 0, a first attack), drawn by the world map's own renderer, so the
// guide shows what the game does today and cannot go out of date.
import { conquest, type ConquestEvent, type ConquestState } from '../../engine/games/conquest/index.ts'
import { EDGES } from '../../engine/games/conquest/world.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { Picture } from '../face.ts'
import { guideExample, NAMES, THEM, TICK_0, US } from '../guide-example.ts'
import { placeName, placeNames } from './pages.ts'
import { worldSvg, type WorldTerritory } from './world-svg.ts'

const COLOURS = new Map([
  [US, '#c0392b'],
  [THEM, '#2471a3'],
])
const ATTACKERS = 6

type Battle = Extract<ConquestEvent, { type: 'battle' }>

/** The campaign at round 1's first window, its setup troops all on one border, and after its first attack across it. */
function play() {
  const { started, system, order } = guideExample(conquest, { seed: 'guide-deal', secretSeed: 'guide-objectives', limit: null })
  const owner = (id: string) => started.territories[id]!.owner
  // During setup a tribe may name where its troops go (G1.13): all of them on one border.
  const border = EDGES.find((e) => !e.sea && owner(e.a) === US && owner(e.b) === THEM)!
  const listed = order(started, US, { type: 'setReinforcements', list: [border.a] }).state
  // Tick 0 comes at least 48 hours after the start (G1.14).
  const opened = system(system(listed, { type: 'tick', at: TICK_0 }), { type: 'openWindow', tribe: US })
  const result = order(opened, US, { type: 'attack', from: border.a, to: border.b, troops: ATTACKERS })
  const fought = result.state
  const battle = result.events.find((e): e is Battle => e.type === 'battle')!
  return { opened, fought, battle }
}

let played: ReturnType<typeof play> | undefined

const territories = (s: ConquestState): WorldTerritory[] => Object.entries(s.territories).map(([id, t]) => ({ id, ...t }))

/** The guide's pictures in the reader's language, by the name its text gives each. */
export function conquestPictures(s: Strings): Record<string, Picture> {
  const game = (played ??= play())
  const say = (key: string, values: Record<string, string | number>) => fill(s[key]!, values, languageOf(s))
  const draw = (state: ConquestState, label: string, highlight: Set<string>) =>
    worldSvg(territories(state), COLOURS, NAMES, { label, names: placeNames(s), highlight })
  const mine = Object.keys(game.opened.territories).filter((id) => game.opened.territories[id]!.owner === US)
  const { battle } = game
  return {
    deal: {
      svg: draw(game.opened, say('c_guide_mapDeal', {}), new Set(mine)),
      caption: say('c_guide_capDeal', {
        territories: mine.length,
        troops: mine.reduce((n, id) => n + game.opened.territories[id]!.troops, 0),
      }),
    },
    attack: {
      svg: draw(game.fought, say('c_guide_mapAttack', {}), new Set([battle.from, battle.to])),
      caption: say(battle.conquered ? 'c_guide_capAttack' : 'c_guide_capAttackFailed', {
        troops: battle.troops,
        from: placeName(battle.from, s),
        to: placeName(battle.to, s),
        rounds: battle.rounds.length,
        left: battle.survivors,
      }),
    },
  }
}
