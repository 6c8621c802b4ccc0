// Open Wars (RULES-OPENWARS.md) as a ruleset of the platform: the weekday calendar, dice,
// scenes, mail and pages drive it through the same interface as the other games.
import { periodActions } from '../../kernel/dispatch.ts'
import { canonicalHash, roundLimit, tagByTribe } from '../../kernel/parts.ts'
import { periodTurnSummary, periodView } from '../../kernel/period-view.ts'
import type { Ruleset } from '../../kernel/ruleset.ts'
import { eventFor } from './redact.ts'
import { ranked } from './ending.ts'
import { scenarioProblems } from './map.ts'
import { legalOptions, offered, type OpenOptions } from './options.ts'
import { applyBatch, applyOrder, applySystem, replay, stateHash } from './rules.ts'
import { createOpenWars, MAX_TRIBES, ROUND_LIMIT } from './setup.ts'
import type { OpenEvent, OpenMap, OpenOrder, OpenState, OpenSystem, OpenTransfer } from './types.ts'
import { board, drawsOf, previewCollection, reads } from './views.ts'
import { openWarsBot } from './bot.ts'

export type { OpenEvent, OpenMap, OpenOrder, OpenState } from './types.ts'
export type { OpenOptions } from './options.ts'

export type OpenWarsRuleset = Ruleset<{
  state: OpenState
  order: OpenOrder
  system: OpenSystem
  event: OpenEvent
  options: OpenOptions
  map: OpenMap
  economy: ReturnType<typeof previewCollection>
  trade: OpenTransfer[]
  board: ReturnType<typeof board>
}>

/** W2.11: a generated ring band unless the GM gives a scenario. */
export const RING_BAND: OpenMap = { id: 'banda', name: 'Banda de sectores', mode: 'aleatorio' }

export const openWars: OpenWarsRuleset = {
  id: 'openwars',
  version: 1,
  // W8.2, W8.3: gold, mana and empty locations; never units.
  tradeOf: (proposal) => {
    const transfers = proposal.transfers as (OpenTransfer & { units?: unknown })[]
    if (proposal.units !== undefined || transfers.some((x) => x.units !== undefined))
      return { ok: false, error: { code: 'trade/no_units', message: 'units are never traded: they belong to their faction army', rule: 'W8.3' } }
    return { ok: true, trade: transfers.map((x) => ({ from: x.from, to: x.to, gold: x.gold ?? 0, mana: x.mana ?? 0, locations: x.locations ?? [] })) }
  },
  fixedMap: { id: RING_BAND.id, name: RING_BAND.name, map: RING_BAND },
  secretOf: (state) => state.setupSeed,
  // What the platform's pages and mails read of a state: the period's end, the hurt, the tick's mail, the board.
  ...reads,
  // W10.8: standing orders, the default, the casualty list and the starting army stay their tribe's.
  eventFor,
  // #30: its gold and mana (its face's words), the stacks with a legal move, and endTurn.
  turnSummary: periodTurnSummary({
    options: legalOptions,
    spendable: (t) =>
      [
        { key: 'o_gold_word', amount: t.gold },
        { key: 'o_mana_word', amount: t.mana },
      ].filter((g) => g.amount > 0),
    moverOf: (o) => (o.type === 'move' ? o.from : null),
  }),
  validateMap: (input, tribes) => ((input as OpenMap | null)?.mode === 'aleatorio' ? [] : scenarioProblems(input, tribes)),
  mapHash: canonicalHash,
  maxTribes: (map) => (map.mode === 'escenario' ? Math.min(MAX_TRIBES, map.cells!.flat().filter((c) => c === 'ci0').length) : MAX_TRIBES),
  checkLimit: roundLimit('Open Wars', ROUND_LIMIT, 'W9.4'),
  // W10.2: every die is a d6 of the period's seed.
  dice: { sides: 6, events: ['battle', 'volley', 'spellResolved', 'phaseEnded', 'mustered'], drawsOf },
  tagEvent: tagByTribe,
  createGame: createOpenWars,
  applyOrder,
  applyBatch,
  applySystem,
  legalOptions,
  offered,
  previewEconomy: previewCollection,
  ranking: (state) => state.result?.ranking ?? ranked(state).ranking,
  replay,
  stateHash,
  // W3.4: during setup the starting army is taken at any time, in no window.
  view: (state) => periodView(state, (s) => (s.status === 'finished' ? 'finished' : 'running'), { tribe: (t) => (t.phase ? { phase: t.phase } : {}) }),
  actions: periodActions<OpenTransfer[]>(),
  bot: openWarsBot,
}
