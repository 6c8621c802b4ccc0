// Legal orders of any game, recorded with the state each was given in, by playing it as the
// platform does (start, each tribe's window, the tick) and choosing among what its legal options
// offer: the engine bench times them through the same call for every game.
import { hmacRng, WEEKDAYS, type GameTypes, type Ruleset } from '../../src/engine/index.ts'

export type AnyRuleset = Ruleset<GameTypes>
export interface Case {
  state: GameTypes['state']
  tribe: string
  order: GameTypes['order']
}

/** Up to `wanted` legal orders of a campaign of `tribes` tribes played from `seed`, at most `periods` periods. */
export function recordCases(rules: AnyRuleset, tribes: number, seed: number, wanted: number, periods = 12): Case[] {
  let x = seed
  const random = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648
  const map = rules.fixedMap?.map
  if (!map) throw new Error(`${rules.id} chooses its map: record its orders another way`)
  const roster = WEEKDAYS.slice(0, tribes).map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday }))
  const created = rules.createGame({ map, tribes: roster, seed: `bench-start-seed-${seed}`, secretSeed: `bench-secret-seed-${seed}`, limit: 52 })
  if (!created.ok) throw new Error(created.error.code)
  let state = created.state
  const system = (action: GameTypes['system']) => {
    const r = rules.applySystem(state, action, hmacRng)
    if (!r.ok) throw new Error(`${rules.id}: ${r.error.code}`)
    state = r.state
  }
  const cases: Case[] = []
  const play = (tribe: string) => {
    for (let k = 0; k < 40 && cases.length < wanted && rules.view(state).status !== 'finished'; k++) {
      const offered = rules.offered(state, rules.legalOptions(state, tribe))
      if (offered.length === 0) return
      const order = offered[Math.floor(random() * offered.length)]!
      const r = rules.applyOrder(state, tribe, order, hmacRng)
      if (!r.ok) return
      cases.push({ state, tribe, order })
      state = r.state
    }
  }
  system(rules.actions.start(0))
  for (let period = 0; period < periods && cases.length < wanted && rules.view(state).status !== 'finished'; period++) {
    for (const tribe of rules.view(state).tribes) {
      const now = rules.view(state).tribes.find((t) => t.id === tribe.id)!
      if (now.eliminated || rules.view(state).status === 'finished') continue
      if (now.turn === 'free') {
        play(tribe.id)
        continue
      }
      system(rules.actions.openWindow(tribe.id))
      play(tribe.id)
      if (rules.view(state).status !== 'finished') system(rules.actions.closeWindow(tribe.id, true))
    }
    if (rules.view(state).status === 'finished') break
    system(rules.actions.tick((period + 1) * 7 * 86_400_000))
    if (rules.view(state).status !== 'finished') system(rules.actions.setSeed(`bench-period-${seed}-${period + 1}`))
  }
  return cases
}
