// W1.1, W2.11–W2.15, W3.4–W3.8: a new campaign, its start (the map and the setup seed's
// commitment) and tick 0, the muster: starting armies placed, weekdays by army value, the
// first gold and mana.
import { roundGameSetup, startAt } from '../../kernel/period-checks.ts'
import { sha256, toHex, utf8 } from '../../kernel/hashing.ts'
import { WEEKDAYS, type EngineError, type TribeId, type Weekday } from '../../kernel/ids.ts'
import type { PlatformSetup } from '../../kernel/ruleset.ts'
import { DEFAULT_ARMIES, FACTIONS, kind, type Faction } from './data.ts'
import { cellId, cellIds, ringBand, scenarioProblems, shuffle } from './map.ts'
import type { Die, OpenMap, OpenState, OpenTribe } from './types.ts'
import { addUnits, gainMana, kindArg, reject, type Work } from './work.ts'

export const MAX_TRIBES = 7
/** W9.4: 6 to 52 rounds, 16 by default (the form's range; see CLARIFIED.md on shorter test campaigns). */
export const ROUND_LIMIT = { min: 6, max: 52, default: 16 }
/** W3.5: the starting army's budget. */
export const BUDGET = 60
export const TICK0_GAP_MS = 72 * 3_600_000

export function createOpenWars(input: PlatformSetup<OpenMap>): { ok: true; state: OpenState } | { ok: false; error: EngineError } {
  const checked = roundGameSetup(input, input?.limit, {
    name: 'Open Wars',
    maxTribes: MAX_TRIBES,
    limit: { min: 1, max: ROUND_LIMIT.max, default: ROUND_LIMIT.default },
    seeds: 'the map and setup seeds',
    rules: { tribes: 'W1.1', weekdays: 'W3.3', limit: 'W9.4', seeds: 'W10.3' },
  })
  if (!checked.ok) return checked
  const { tribes, limit } = checked
  const map: OpenMap = input.map?.mode === 'escenario' ? input.map : { id: 'banda', name: 'Banda de sectores', mode: 'aleatorio' }
  if (map.mode === 'escenario') {
    const problems = scenarioProblems(map, tribes.length)
    if (problems.length > 0) return { ok: false, error: { code: problems[0]!.code, message: problems[0]!.message, rule: 'W2.15' } }
  }
  return {
    ok: true,
    state: {
      ruleset: 'openwars',
      status: 'setup',
      roundLimit: limit,
      round: 0,
      startedAt: null,
      map,
      rows: 0,
      cols: 0,
      wrap: false,
      cells: {},
      // W10.3: the setup seed is period 0's: tick 0's roll-offs draw from it.
      rng: { seed: input.secretSeed, counter: 0 },
      mapSeed: input.seed,
      setupSeed: input.secretSeed,
      setupCommitment: toHex(sha256(utf8(input.secretSeed))),
      contested: [],
      declared: [],
      battleMarks: [],
      eliminations: 0,
      result: null,
      tribes: tribes.map((t, i): OpenTribe => ({
        id: t.id,
        name: t.name,
        // W1.1 (clarified): the faction at its join index until the tribe names one.
        faction: FACTIONS[i]!,
        chosen: false,
        weekday: t.weekday,
        gold: 0,
        mana: 0,
        army: null,
        defaultOrder: { modo: 'luchar', hechizo: null },
        casualtyList: [],
        window: 'closed',
        phase: null,
        forged: [],
        capital: null,
        eliminated: false,
        eliminationStep: null,
        eliminatedBy: null,
      })),
    },
  }
}

/** W3.4, W2.12–W2.15: the map from the revealed map seed; each tribe controls its capital. */
export function startCampaign(w: Work, at: unknown) {
  const s = w.s
  startAt(w, at, { started: 'W3.4', time: 'W3.4' })
  // The map is laid out in this step's own record of locations.
  w.ownAll()
  const ids = s.tribes.map((t) => t.id)
  let sectors: TribeId[]
  let cards: string[][]
  if (s.map.mode === 'escenario') {
    Object.assign(s, { rows: s.map.rows!, cols: s.map.cols!, wrap: s.map.wrap! })
    cards = s.map.cells!
    sectors = shuffle(ids, s.mapSeed, w.rng, { c: 0 })
  } else {
    const band = ringBand(ids, s.mapSeed, w.rng)
    Object.assign(s, band.grid)
    cards = band.cards
    sectors = band.sectors
  }
  for (const id of cellIds(s)) {
    const [r, c] = [Number(id.slice(1, id.indexOf('c'))), Number(id.slice(id.indexOf('c') + 1))]
    s.cells[id] = { card: cards[r - 1]![c - 1]!, controller: null, stacks: [], lasting: [] }
  }
  const capitals = cellIds(s).filter((id) => s.cells[id]!.card === 'ci0')
  sectors.forEach((tribe, i) => {
    const cap = s.map.mode === 'escenario' ? capitals[i]! : cellId(2, 4 * i + 1)
    w.tribe(tribe).capital = cap
    s.cells[cap]!.controller = tribe
  })
  w.emit({ type: 'mapBuilt', seed: s.mapSeed, sectors, cards: cards.flat(), setupCommitment: s.setupCommitment })
}

/**
 * W1.1: whether a tribe named its faction. A state set up before the flag says only what it plays:
 * a faction other than its join-order default was named.
 */
export const namedFaction = (s: OpenState, t: OpenTribe) => t.chosen ?? t.faction !== FACTIONS[s.tribes.indexOf(t)]

/**
 * W1.1 (clarified): during setup a tribe names its faction; no two tribes share one. A default is
 * a suggestion, not a claim: a tribe that played the faction named by default moves to the first
 * faction in table order that nobody plays, its sealed army (of the old roster) discarded.
 */
export function setFaction(w: Work, t: OpenTribe, o: Record<string, unknown>) {
  const s = w.s
  if (!FACTIONS.includes(o.faction as Faction)) reject('setup/unknown_faction', `faction: one of ${FACTIONS.join(', ')}`, 'W1.2')
  const other = s.tribes.find((x) => x.id !== t.id && x.faction === o.faction && namedFaction(s, x))
  if (other) reject('setup/faction_taken', `${other.name} has chosen ${String(o.faction)}`, 'W1.1')
  for (const x of s.tribes) x.chosen = namedFaction(s, x)
  if (t.faction !== o.faction) t.army = null
  t.faction = o.faction as Faction
  t.chosen = true
  const bumped = s.tribes.find((x) => x.id !== t.id && x.faction === t.faction)
  if (bumped) {
    bumped.faction = FACTIONS.find((f) => !s.tribes.some((x) => x.faction === f))!
    bumped.army = null
  }
}

/** W3.5: a sealed list worth at most 60, kept to W5.10 as if it stood in the capital. */
export function armyProblem(t: OpenTribe, army: unknown): string | null {
  if (typeof army !== 'object' || army === null || Array.isArray(army)) return 'army is an object of kind counts'
  let value = 0
  let magic = 0
  const counts = army as Record<string, unknown>
  // W11.28: every kind before any count, and every count before the limits, whichever entry comes first.
  const kinds = Object.keys(counts).map((id) => kindArg(id, t, `army.${id}`))
  for (const k of kinds) {
    const n = counts[k.id]
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return `army.${k.id}: a whole number`
  }
  for (const k of kinds) {
    const n = counts[k.id] as number
    if (n > (k.unique || k.type === 'magica' ? 1 : 4)) return `army.${k.id}: at most ${k.unique || k.type === 'magica' ? 1 : 4} (W5.10)`
    if (k.type === 'magica') magic += n
    value += k.cost * n
  }
  if (magic > 1) return 'at most 1 mágica unit in the capital (W5.10)'
  if (value > BUDGET) return `worth ${value}, more than ${BUDGET} gold`
  return null
}

export function setArmy(_w: Work, t: OpenTribe, o: Record<string, unknown>) {
  const problem = armyProblem(t, o.army)
  if (problem) reject('setup/bad_army', `the starting army: ${problem}`, 'W3.5')
  t.army = Object.fromEntries(Object.entries(o.army as Record<string, number>).filter(([, n]) => n > 0))
}

/** W10.5: entries in canonical order each draw a die; highest first; equal dice roll again. */
export function rollOff<T>(entries: readonly T[], draw: () => Die, log: { entry: T; die: Die }[]): T[] {
  if (entries.length <= 1) return entries.slice()
  const rolled = entries.map((entry) => {
    const die = draw()
    log.push({ entry, die })
    return { entry, face: die.face }
  })
  const out: T[] = []
  for (let face = 6; face >= 1; face--)
    out.push(
      ...rollOff(
        rolled.filter((r) => r.face === face).map((r) => r.entry),
        draw,
        log,
      ),
    )
  return out
}

/** W3.6–W3.8: tick 0. */
export function muster(w: Work) {
  const s = w.s
  const armies: Record<TribeId, Record<string, number>> = {}
  const values: Record<TribeId, number> = {}
  for (const t of s.tribes) {
    const army = t.army ?? DEFAULT_ARMIES[t.faction!]
    armies[t.id] = army
    const cap = w.own(t.capital!)
    for (const [id, n] of Object.entries(army).sort(([a], [b]) => (a < b ? -1 : 1))) if (n > 0) addUnits(s, cap, t.id, id, n, 0)
    values[t.id] = Object.entries(army).reduce((v, [id, n]) => v + kind(id).cost * n, 0)
  }
  // W3.7: lowest army value first; tied groups rolled off with the setup seed, lowest value first.
  const draw = () => w.d6()
  const log: { entry: OpenTribe; die: Die }[] = []
  const order: OpenTribe[] = []
  for (const v of [...new Set(Object.values(values))].sort((a, b) => a - b))
    order.push(
      ...rollOff(
        s.tribes.filter((t) => values[t.id] === v),
        draw,
        log,
      ),
    )
  const days = s.tribes.map((t) => t.weekday).sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b))
  const weekdays: Record<TribeId, Weekday> = {}
  order.forEach((t, i) => (weekdays[t.id] = t.weekday = days[i]!))
  for (const t of s.tribes) {
    t.gold = Math.floor((BUDGET - values[t.id]!) / 2)
    gainMana(t, 4)
  }
  w.emit({ type: 'mustered', armies, values, rolls: log.map((l) => ({ tribe: l.entry.id, die: l.die })), weekdays, setupSeed: s.setupSeed })
}
