// One campaign of any registered game played at random from a seed, through the calls the
// platform makes, checking the shared contract at every step (test/games/contract.test.ts).
import { canonicalJson, hmacRng, rulesetIds, WEEKDAYS, type GameTypes, type Ruleset } from '../../src/engine/index.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'

const WEEK_MS = 7 * 86_400_000
const PERIODS = 3

/** One of `offered`: any with the same chance, or (`byType`) a type first with the same chance, then one of that type. */
function pickOne(offered: GameTypes['order'][], random: () => number, byType: boolean) {
  if (!byType) return offered[Math.floor(random() * offered.length)]!
  const types = [...new Set(offered.map((order) => (order as { type: string }).type))]
  const type = types[Math.floor(random() * types.length)]
  const ofType = offered.filter((order) => (order as { type: string }).type === type)
  return ofType[Math.floor(random() * ofType.length)]!
}
const ORDERS_PER_WINDOW = 6
const TURNS = new Set(['closed', 'open', 'started', 'ended', 'free'])
const STATUSES = new Set(['setup', 'draft', 'running', 'finished'])

/**
 * What a step must leave as it was: the text every game's stateHash hashes (canonicalJson), so
 * equal exactly when the hashes are. Compared as text, since hashing it with the engine's
 * pure-JavaScript SHA-256 after every offered order was three quarters of the harness's time.
 */
const unchanged = (state: unknown) => canonicalJson(state)

export type AnyRuleset = Ruleset<GameTypes>
type State = GameTypes['state']
type Result = ReturnType<AnyRuleset['applySystem']>

/** One step of a random campaign: the state before it and the step itself, to be tried on other forms of that state. */
export interface Step {
  where: string
  state: State
  apply: (state: State) => Result
}

/** What a step gives, as text: the new state's hash and the events, or the refusal. */
export function outcomeOf(rules: AnyRuleset, result: Result): string {
  return canonicalJson(result.ok ? [rules.stateHash(result.state), result.events] : result.error)
}

/**
 * How many random campaigns a test plays where it would play `usual`: WW_PLAYOUTS scales them all
 * (unset or 1: the usual number, which is what `npm test` and CI run; 0.3 for a quick look, 10 for a
 * long hunt), never below one.
 */
export function runs(usual: number): number {
  const scale = Number(process.env.WW_PLAYOUTS ?? 1)
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`WW_PLAYOUTS=${process.env.WW_PLAYOUTS}: a positive number, 1 for the usual`)
  return Math.max(1, Math.round(usual * scale))
}

/**
 * The registered games the cross-game files play: all of them (what `npm test` and CI run), or
 * only those WW_GAMES names (`WW_GAMES=openwars npm run mutate -- …`: a mutant of one game's
 * engine cannot be caught by another game's campaigns, so a one-game mutation run skips them).
 */
export function gamesUnderTest(): string[] {
  const all = rulesetIds()
  const wanted = process.env.WW_GAMES?.split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  if (!wanted?.length) return all
  const unknown = wanted.filter((id) => !all.includes(id))
  if (unknown.length) throw new Error(`WW_GAMES names no registered game: ${unknown.join(', ')} (registered: ${all.join(', ')})`)
  return all.filter((id) => wanted.includes(id))
}

/**
 * One game played at random from a seed; throws, naming the step, at the first broken promise.
 * `steps`, when given, receives every window, tick and kept order with the state it was applied
 * to; `quick` plays the same campaign without trying every offered order, every batch and every
 * reader's board (for a test that checks something else of each step); `byType` picks an order
 * type first, so that the rarely offered ones (a build among a hundred moves) are played too;
 * `periods` (3) is how many periods are played at most.
 */
/** Names every object has from its prototype, which no order's field may name. */
const INHERITED = ['toString', '__proto__', 'constructor', 'hasOwnProperty']

export function playAtRandom(
  rules: AnyRuleset,
  tribeCount: number,
  seed: number,
  options: { steps?: Step[]; quick?: boolean; byType?: boolean; periods?: number } = {},
) {
  const { steps, quick = false, byType = false, periods = PERIODS } = options
  let x = seed
  const random = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648
  const map = rules.fixedMap?.map ?? bundledMap('coast-4')!
  const tribes = WEEKDAYS.slice(0, tribeCount).map((weekday, i) => ({ id: `tribe-${i}`, name: `Tribe ${i}`, weekday }))
  const created = rules.createGame({ map, tribes, seed: `start-seed-${seed}`, secretSeed: `secret-seed-${seed}`, limit: 4 })
  if (!created.ok) throw new Error(`createGame: ${created.error.code}`)
  let state = created.state
  const log: GameTypes['event'][] = []
  let lastWeek = rules.view(state).period
  let checks = 0

  const consistent = (where: string) => {
    const view = rules.view(state)
    if (!STATUSES.has(view.status)) throw new Error(`${where}: status ${view.status}`)
    if (view.tribes.map((tribe) => tribe.id).join() !== tribes.map((tribe) => tribe.id).join()) throw new Error(`${where}: the view lost or added a tribe`)
    if (view.tribes.some((tribe) => !TURNS.has(tribe.turn))) throw new Error(`${where}: a turn outside the platform's states`)
    if (view.period < lastWeek) throw new Error(`${where}: the period went back from ${lastWeek} to ${view.period}`)
    if ((view.status === 'finished') !== (view.ranking !== null)) throw new Error(`${where}: a ranking only once finished`)
    lastWeek = view.period
    if (!quick) secretsKept(where)
    if (!quick && rules.storage) storedAsItself(where)
  }
  /** #47: a state packed for storage, and one stored whole before there was packing, read back as itself, key order included. */
  const storedAsItself = (where: string) => {
    const text = JSON.stringify(state)
    const packed = JSON.stringify(rules.storage!.pack(state))
    if (JSON.stringify(rules.storage!.unpack(JSON.parse(packed))) !== text) throw new Error(`${where}: the stored state does not read back as itself`)
    if (JSON.stringify(rules.storage!.unpack(JSON.parse(text))) !== text) throw new Error(`${where}: a state stored whole does not read back as itself`)
    checks++
  }
  /**
   * What a reader sees holds no other tribe's secrets (M12, G8.1): everything beside the
   * reader's own part is what a spectator sees, whoever reads, and no seed still secret
   * (the period's, the game's own secret one before the end) is anywhere in any board.
   */
  const secretsKept = (where: string) => {
    const view = rules.view(state)
    const secrets = [view.seed, view.status === 'finished' ? '' : rules.secretOf(state)].filter((secret) => secret.length >= 8)
    const { mine: none, ...shown } = rules.board(state, null)
    if (none !== null) throw new Error(`${where}: a spectator has a part of their own`)
    const everyone = JSON.stringify(shown)
    for (const tribe of tribes) {
      const board = rules.board(state, tribe.id)
      const { mine, ...rest } = board
      if (mine === null || typeof mine !== 'object') throw new Error(`${where}: ${tribe.id} has no part of its own`)
      if (JSON.stringify(rest) !== everyone) throw new Error(`${where}: what ${tribe.id} reads beside its own part is not what everyone reads`)
      const text = JSON.stringify(board)
      for (const secret of secrets) if (text.includes(secret)) throw new Error(`${where}: ${tribe.id}'s board holds a secret seed`)
      checks++
    }
  }
  const stepped = (step: Step) => {
    const result = step.apply(step.state)
    steps?.push(step)
    checks++
    return result
  }
  const system = (action: GameTypes['system'], where: string) => {
    const result = stepped({ where, state, apply: (s) => rules.applySystem(s, action, hmacRng) })
    if (!result.ok) throw new Error(`${where}: ${result.error.code}`)
    state = result.state
    log.push(...result.events)
    consistent(where)
  }
  /** A refusal must leave the state it was given as it was, the dice counter included. */
  const refusedUnchanged = (tribe: string, where: string) => {
    const before = unchanged(state)
    const nonsense = rules.applyOrder(state, tribe, { type: 'no-such-order' } as unknown as GameTypes['order'], hmacRng)
    if (nonsense.ok) throw new Error(`${where}: an order of no known type was accepted`)
    if (!/^[a-z_]+\/[a-z_]+$/.test(nonsense.error.code)) throw new Error(`${where}: refusal code ${nonsense.error.code} is not namespaced`)
    if (unchanged(state) !== before) throw new Error(`${where}: a refusal changed the state`)
    checks++
  }
  const play = (tribe: string, where: string) => {
    for (let k = 0; k < ORDERS_PER_WINDOW && rules.view(state).status !== 'finished'; k++) {
      const before = unchanged(state)
      const options = rules.legalOptions(state, tribe)
      if (unchanged(state) !== before) throw new Error(`${where}: listing options changed the state`)
      const offered = rules.offered(state, options)
      if (offered.length === 0) return
      // Everything offered is legal now: each is tried on the same state, and one is kept.
      for (const order of quick ? [] : offered) {
        const tried = rules.applyOrder(state, tribe, order, hmacRng)
        if (!tried.ok) throw new Error(`${where}: offered ${JSON.stringify(order)} was refused: ${tried.error.code}`)
        if (unchanged(state) !== before) throw new Error(`${where}: ${JSON.stringify(order)} changed the state it was given`)
      }
      const chosen = pickOne(offered, random, byType)
      if (!quick) {
        const batch = rules.applyBatch(state, tribe, [chosen, { type: 'no-such-order' } as unknown as GameTypes['order']], hmacRng)
        // Refused whole: at the bad order, or at the first when it rolls dice and is not the last (R8.4, G2.6).
        if (batch.ok || !('index' in batch) || batch.index > 1) throw new Error(`${where}: a batch with a bad second order was not refused`)
        if (unchanged(state) !== before) throw new Error(`${where}: a refused batch changed the state`)
        // A hostile name in a string field ('toString', which every object inherits) is refused, never
        // looked up on a prototype and acted on (#47: an El Mapa build of 'toString' made its stock NaN).
        for (const [field, value] of Object.entries(chosen as Record<string, unknown>)) {
          if (field === 'type' || typeof value !== 'string') continue
          for (const inherited of INHERITED) {
            const poisoned = { ...(chosen as Record<string, unknown>), [field]: inherited } as GameTypes['order']
            const tried = rules.applyOrder(state, tribe, poisoned, hmacRng)
            if (tried.ok) throw new Error(`${where}: ${JSON.stringify(poisoned)} was accepted`)
            if (unchanged(state) !== before) throw new Error(`${where}: the refusal of ${JSON.stringify(poisoned)} changed the state`)
          }
        }
      }
      const result = stepped({ where: `${where}: ${JSON.stringify(chosen)}`, state, apply: (s) => rules.applyOrder(s, tribe, chosen, hmacRng) })
      if (!result.ok) throw new Error(`${where}: ${result.error.code}`)
      state = result.state
      log.push(...result.events)
      consistent(where)
      checks += offered.length + 1
    }
  }

  system(rules.actions.start(0), 'start')
  for (let pick = 0; rules.view(state).status === 'draft'; pick++) {
    const clock = rules.view(state).draft?.onTheClock
    if (!clock || pick > 100) throw new Error('the draft names nobody on the clock')
    refusedUnchanged(clock, `draft pick ${pick}`)
    play(clock, `draft pick ${pick}`)
  }
  for (let period = 0; period < periods && rules.view(state).status !== 'finished'; period++) {
    for (const { id } of rules.view(state).tribes) {
      // Read afresh: a tribe may have been eliminated earlier in this period, by another's attack or a siege.
      const tribe = rules.view(state).tribes.find((x) => x.id === id)!
      if (tribe.eliminated || rules.view(state).status === 'finished') continue
      const where = `period ${period}, ${tribe.weekday}`
      if (tribe.turn === 'free') {
        play(tribe.id, where)
        continue
      }
      system(rules.actions.openWindow(tribe.id), `${where} opens`)
      refusedUnchanged(tribe.id, where)
      play(tribe.id, where)
      if (rules.view(state).status !== 'finished') system(rules.actions.closeWindow(tribe.id, true), `${where} closes`)
    }
    if (rules.view(state).status === 'finished') break
    system(rules.actions.tick((period + 1) * WEEK_MS), `period ${period} tick`)
    if (rules.view(state).status !== 'finished') system(rules.actions.setSeed(`period-${seed}-${period + 1}`), `period ${period} seed`)
  }
  const replayed = rules.replay(created.state, log, hmacRng)
  if (!replayed.ok) throw new Error(`replay: ${replayed.message}`)
  if (rules.stateHash(replayed.state) !== rules.stateHash(state)) throw new Error('replay: another state hash')
  return { checks, events: log.length, period: rules.view(state).period, log, hash: rules.stateHash(state) }
}
