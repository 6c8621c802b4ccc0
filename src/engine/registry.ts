// The games the platform hosts, by the id a campaign records (its state's `ruleset`): one
// line a game. The platform reaches a game only through here and the kernel's interface.
import { conquest } from './games/conquest/index.ts'
import { weeklyTurn, type WeeklyTurn } from './games/weekday/index.ts'

/**
 * The platform's code was typed with the first game's shapes; it reads every game through the
 * Ruleset interface only (#17), so the second game is filed under the same static type.
 */
const RULESETS: Record<string, WeeklyTurn> = { [weeklyTurn.id]: weeklyTurn, [conquest.id]: conquest as unknown as WeeklyTurn }

/** The ruleset a campaign records; an unknown id is a state stored by a newer server. */
export function rulesetOf(id: string): WeeklyTurn {
  const found = RULESETS[id]
  if (!found) throw new Error(`no ruleset "${id}" on this server`)
  return found
}

export const rulesetIds = (): string[] => Object.keys(RULESETS)
