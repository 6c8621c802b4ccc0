// The odds on a conquest attack form (#27): for each target, the chance to take it by the number of
// troops sent, and every outcome of sending them all, from the engine's G6.3 (public data, G11.7).
import { battleOdds } from '../../engine/games/conquest/index.ts'
import type { Strings } from '../page-kit.ts'

interface Side {
  troops: number
  wall: number
  guards: number
  stock: { tank: number }
}

export interface TargetOdds {
  /** The chance to take it with every troop that may leave, in words ("63.9%"). */
  win: string
  /** No troop count takes it with a chance of 1 in 1,000 or more: greyed in the list. */
  hopeless: boolean
  byTroops: { troops: number; chance: string }[]
  outcomes: { text: string; chance: string; taken: boolean }[]
}

export function attackOdds(from: Side, to: Side, most: number, locale: string, s: Strings): TargetOdds {
  const format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const tiny = format.format(0.001)
  const chance = (x: number) => (x > 0 && x < 0.0005 ? `< ${tiny}` : format.format(x))
  const sides = { defenders: to.troops, tank: from.stock.tank >= 1, wall: to.wall, guards: to.guards }
  const all = battleOdds({ attackers: most, ...sides })
  const byTroops = Array.from({ length: most }, (_, i) => {
    const win = i + 1 === most ? all.win : battleOdds({ attackers: i + 1, ...sides }).win
    return { troops: i + 1, chance: chance(win) }
  })
  const outcomes = [
    ...all.taken
      .map((p, left) => ({ p, text: s.c_odds_taken!.replace('{left}', String(left)), taken: true }))
      .filter((o) => o.p > 0)
      .reverse(),
    ...all.held.map((p, left) => ({ p, text: s.c_odds_held!.replace('{left}', String(left)), taken: false })).filter((o) => o.p > 0),
  ].map((o) => ({ text: o.text, chance: chance(o.p), taken: o.taken }))
  return { win: chance(all.win), hopeless: all.win < 0.001, byTroops, outcomes }
}
