// The games the platform hosts, by the id a campaign records (its state's `ruleset`): one
// line a game, with the folder its rules (src/engine/games/), face (src/faces/) and
// templates (views/games/) live in. The platform reaches a game only through here and the
// kernel's interface.
import { conquest } from './games/conquest/index.ts'
import { elMapa } from './games/elmapa/index.ts'
import { openWars } from './games/openwars/index.ts'
import { weeklyTurn } from './games/weekday/index.ts'
import type { GameTypes, Ruleset } from './kernel/ruleset.ts'

/** Any game, as the platform holds it: its state, orders and events are the game's business. */
export type AnyRuleset = Ruleset<GameTypes>
export type AnyState = GameTypes['state']

const GAMES: readonly { folder: string; rules: AnyRuleset }[] = [
  { folder: 'weekday', rules: weeklyTurn },
  { folder: 'conquest', rules: conquest },
  { folder: 'openwars', rules: openWars },
  { folder: 'elmapa', rules: elMapa },
]

const BY_ID = new Map(GAMES.map((g) => [g.rules.id, g]))

/** The ruleset a campaign records; an unknown id is a state stored by a newer server. */
export function rulesetOf(id: string): AnyRuleset {
  const found = BY_ID.get(id)
  if (!found) throw new Error(`no ruleset "${id}" on this server`)
  return found.rules
}

/** The folder of a game's face and templates. */
export function gameFolderOf(id: string): string {
  const found = BY_ID.get(id)
  if (!found) throw new Error(`no ruleset "${id}" on this server`)
  return found.folder
}

/** The games in the order the campaign form offers them (the first is the default). */
export const rulesetIds = (): string[] => GAMES.map((g) => g.rules.id)
