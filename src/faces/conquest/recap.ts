// World conquest's round in brief (#30): the world map as the round ended with the round's moves
// and attacks as arrows, and the three events that weighed most, told in the reader's language.
import { TERRITORY_IDS, type ConquestEvent } from '../../engine/games/conquest/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { PeriodInput, PeriodRecap } from '../face.ts'
import { weighed, weightiestOf } from '../weightiest.ts'
import { conquestSentence } from './chronicle.ts'
import { placeNames } from './pages.ts'
import { worldSvg, type WorldArrow } from './world-svg.ts'

/** How much an event weighs in a round's story: the end of a tribe and conquests first, a march last. */
export const conquestWeight = weighed<ConquestEvent>({
  campaignEnded: 100,
  eliminated: 90,
  battle: (e) => (e.conquered ? 60 : 35),
  tradeExecuted: 45,
  bombarded: (e) => (e.removed > 0 ? 20 : 8),
  built: 6,
  moved: 3,
})

export function conquestRecap(input: PeriodInput, s: Strings): PeriodRecap | null {
  const ended = input.events.find((e) => e.type === 'map.week_ended')?.payload as { owners: number[]; troops: number[] } | undefined
  if (!ended) return null
  const locale = languageOf(s)
  const names = new Map(input.tribes.map((t) => [t.id, t.name]))
  const colours = new Map(input.tribes.map((t) => [t.id, t.colour]))
  const order = (input.board as { tribes: { id: string }[] }).tribes.map((t) => t.id)
  const tribe = (id: string) => names.get(id) ?? id
  // A battle's full sentence is the dice's account, round by round; the round in brief says its outcome.
  const told = (type: string, payload: unknown) => {
    const e = payload as ConquestEvent
    return e.type === 'battle'
      ? fill(
          s[e.conquered ? 'cev_battleWon' : 'cev_battleLost']!,
          { attacker: tribe(e.attacker), defender: tribe(e.defender), from: e.from, to: e.to, troops: e.troops, survivors: e.survivors },
          locale,
        )
      : conquestSentence(type, payload, names, s)
  }
  const arrows: WorldArrow[] = []
  for (const { type, payload } of input.events) {
    const e = payload as ConquestEvent
    if (type === 'moved' && e.type === 'moved') arrows.push({ kind: 'move', from: e.from, to: e.to, title: told(type, e) })
    if (type === 'battle' && e.type === 'battle') arrows.push({ kind: 'attack', from: e.from, to: e.to, conquered: e.conquered, title: told(type, e) })
  }
  const svg = worldSvg(
    TERRITORY_IDS.map((id, i) => ({ id, owner: order[ended.owners[i]!] ?? '', troops: ended.troops[i]! })),
    colours,
    names,
    { label: fill(s.crc_mapLabel!, { campaign: input.campaignName, round: input.period }, locale), names: placeNames(s), arrows },
  )
  const lines = weightiestOf(input.events, conquestWeight).map(({ type, payload }) => told(type, payload))
  return { svg, css: '', lines: lines.filter(Boolean) }
}
