// The players' guide's pictures (#27): a campaign of two tribes dealt, set up and played by the
// engine itself (the deal, tick 0, a first attack), drawn by the world map's own renderer, so the
// guide shows what the game does today and cannot go out of date.
import { conquest, type ConquestEvent, type ConquestOrder, type ConquestState } from '../../engine/games/conquest/index.ts'
import type { ConquestSystem } from '../../engine/games/conquest/types.ts'
import { EDGES } from '../../engine/games/conquest/world.ts'
import { hmacRng } from '../../engine/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { Picture } from '../face.ts'
import { placeName, placeNames } from './pages.ts'
import { worldSvg, type WorldTerritory } from './world-svg.ts'

const US = 'astures'
const THEM = 'bracari'
const NAMES = new Map([
  [US, 'Astures'],
  [THEM, 'Bracari'],
])
const COLOURS = new Map([
  [US, '#c0392b'],
  [THEM, '#2471a3'],
])
// Tick 0 comes at least 48 hours after the start (G1.14).
const START = Date.UTC(2026, 0, 1)
const TICK_0 = START + 4 * 24 * 3600 * 1000

const ATTACKERS = 6

type Battle = Extract<ConquestEvent, { type: 'battle' }>

function done(result: ReturnType<typeof conquest.applySystem>): ConquestState {
  if (!result.ok) throw new Error(`the guide's example was refused: ${result.error.code} ${result.error.message}`)
  return result.state
}
// The dice come from fixed seeds: the same pictures on every visit.
const system = (s: ConquestState, action: ConquestSystem) => done(conquest.applySystem(s, action, hmacRng))

/** The campaign at round 1's first window, its setup troops all on one border, and after its first attack across it. */
function play() {
  const made = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [
      { id: US, name: 'Astures', weekday: 'monday' },
      { id: THEM, name: 'Bracari', weekday: 'wednesday' },
    ],
    seed: 'guide-deal',
    secretSeed: 'guide-objectives',
    limit: null,
  })
  if (!made.ok) throw new Error(made.error.code)
  const started = system(made.state, { type: 'startCampaign', at: START })
  const owner = (id: string) => started.territories[id]!.owner
  // During setup a tribe may name where its troops go (G1.13): all of them on one border.
  const border = EDGES.find((e) => !e.sea && owner(e.a) === US && owner(e.b) === THEM)!
  const listed = conquest.applyOrder(started, US, { type: 'setReinforcements', list: [border.a] }, hmacRng)
  const opened = system(system(done(listed), { type: 'tick', at: TICK_0 }), { type: 'openWindow', tribe: US })
  const order: ConquestOrder = { type: 'attack', from: border.a, to: border.b, troops: ATTACKERS }
  const result = conquest.applyOrder(opened, US, order, hmacRng)
  const fought = done(result)
  const battle = (result.ok ? result.events : []).find((e): e is Battle => e.type === 'battle')!
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
