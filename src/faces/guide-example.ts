// The players' guides draw their pictures from a campaign the engine itself plays (#27–#29): two
// tribes, Astures and Bracari, started at a fixed instant with fixed seeds, so that every visit
// shows the same pictures of what the game does today. This sets the example up for a game, in
// the platform's actions; each guide plays it on in its game's own orders.
import { hmacRng } from '../engine/index.ts'
import type { GameTypes, Ruleset, Step, TribeId } from '../engine/kernel/index.ts'

export const US = 'astures'
export const THEM = 'bracari'
export const NAMES = new Map([
  [US, 'Astures'],
  [THEM, 'Bracari'],
])
/** The start, and tick 0 four days on: every game's tick 0 comes at least 48 hours after its start. */
export const START = Date.UTC(2026, 0, 1)
export const TICK_0 = START + 4 * 24 * 3600 * 1000

export function guideExample<T extends GameTypes>(rules: Ruleset<T>, setup: { seed: string; secretSeed: string; limit: number | null }) {
  /** A step of the example, which the engine must take: a refusal means the guide went out of date. */
  const done = (result: Step<T>) => {
    if (!result.ok) throw new Error(`the guide's example was refused: ${result.error.code} ${result.error.message}`)
    return result
  }
  // The dice come from fixed seeds: the same pictures on every visit.
  const system = (state: T['state'], action: T['system']) => done(rules.applySystem(state, action, hmacRng)).state
  const order = (state: T['state'], tribe: TribeId, given: T['order']) => done(rules.applyOrder(state, tribe, given, hmacRng))
  const made = rules.createGame({
    map: rules.fixedMap!.map,
    tribes: [
      { id: US, name: 'Astures', weekday: 'monday' },
      { id: THEM, name: 'Bracari', weekday: 'wednesday' },
    ],
    ...setup,
  })
  if (!made.ok) throw new Error(made.error.code)
  return { started: system(made.state, rules.actions.start(START)), system, order, actions: rules.actions }
}
