// El Mapa (RULES-ELMAPA.md) as a ruleset of the platform: exploring face-down tiles, castles,
// troops, spells and battles on a 5 × 5 board, driven through the kernel's interface.
import { isObject, periodActions } from '../../kernel/dispatch.ts'
import { ownBoard, roundLimit, tagByTribe } from '../../kernel/parts.ts'
import { periodTurnSummary, periodView } from '../../kernel/period-view.ts'
import type { Ruleset } from '../../kernel/ruleset.ts'
import { LAYOUTS, type Layout } from './layouts.ts'
import { legalOptions, offered, type ElMapaOptions } from './options.ts'
import { applyBatch, applyOrder, applySystem, replay, stateHash } from './rules.ts'
import { eventFor } from './redact.ts'
import { scores } from './score.ts'
import { createElMapa, LIMIT, MAX_TRIBES } from './setup.ts'
import { RESOURCES } from './tiles.ts'
import type { ElMapaEvent, ElMapaOrder, ElMapaState, ElMapaSystem, ElMapaTransfer } from './types.ts'
import { board, previewEconomy, reads } from './views.ts'
import { elMapaBot } from './bot.ts'

export type { ElMapaEvent, ElMapaOrder, ElMapaState, ElMapaSystem, ElMapaTransfer } from './types.ts'
export type { ElMapaOptions } from './options.ts'

/** M1.3: the map ships with the server, one layout per number of tribes (App. B). */
export interface ElMapaMap {
  id: 'el-mapa'
  layouts: Record<number, Layout>
}

export type ElMapaRuleset = Ruleset<{
  state: ElMapaState
  order: ElMapaOrder
  system: ElMapaSystem
  event: ElMapaEvent
  options: ElMapaOptions
  map: ElMapaMap
  economy: ReturnType<typeof previewEconomy>
  trade: ElMapaTransfer[]
  board: ReturnType<typeof board>
}>

/** M10.3: what a proposal may name only to be refused (its face's trade shape takes them for that). */
export const NOT_TRADEABLE = ['armies', 'troops', 'vp', 'plans', 'positions', 'groups']

export const elMapa: ElMapaRuleset = {
  id: 'elmapa',
  version: 1,
  // M1.3: no map is uploaded.
  ...ownBoard(
    { id: 'el-mapa', name: 'El Mapa (2 a 6 jugadores)', map: { id: 'el-mapa', layouts: LAYOUTS } },
    'El Mapa is played on its own layouts for 2 to 6 tribes (M1.3)',
    MAX_TRIBES,
  ),
  checkLimit: roundLimit('El Mapa', LIMIT, 'M1.2'),
  // M12.7: the weekly dice: obstacles (mod 15, 14, 13) and the dispersal die (mod 3).
  dice: {
    sides: 15,
    events: ['battle'],
    drawsOf: (event) => (event.type === 'battle' ? event.record.dice.map((d) => ({ ...d, purpose: `${d.purpose} at ${event.record.cell}` })) : []),
  },
  // M10.2, M10.3: resources, cards, mines and villages; never armies, troops, VP or plans.
  tradeOf: (proposal) => {
    const bad = NOT_TRADEABLE.find((k) => proposal[k] !== undefined || proposal.transfers.some((x) => isObject(x) && x[k] !== undefined))
    if (bad) return { ok: false, error: { code: 'trade/not_tradeable', message: `${bad} are not tradeable`, rule: 'M10.3' } }
    return {
      ok: true,
      trade: proposal.transfers.map((x) => {
        const t = x as ElMapaTransfer
        return { from: t.from, to: t.to, resources: t.resources ?? {}, cards: t.cards ?? [], cells: t.cells ?? [] }
      }),
    }
  },
  secretOf: (state) => state.secretSeed,
  // What the platform's pages and mails read of a state: the period's end, the hurt, the tick's mail, the board.
  ...reads,
  // M12.10: the log's secrets (plans, cards, boosters) hidden from other readers until the end.
  eventFor,
  // #30: its stock (its face's m_stock_ words), the armies with a legal step or teleport, and endTurn.
  turnSummary: periodTurnSummary({
    options: legalOptions,
    // The book's order of resources, not the stock record's keys (a jsonb copy reorders them).
    spendable: (t) => RESOURCES.filter((r) => t.stock[r] > 0).map((r) => ({ key: `m_stock_${r}`, amount: t.stock[r] })),
    moverOf: (o) => (o.type === 'step' || o.type === 'teleport' ? o.army : null),
  }),
  tagEvent: tagByTribe,
  createGame: (input) => createElMapa(input),
  applyOrder,
  applyBatch,
  applySystem,
  legalOptions,
  offered,
  previewEconomy,
  ranking: (state) => state.result?.ranking ?? scores(state).map((s) => s.id),
  replay,
  stateHash,
  // M2.3: until tick 0 the battle plan is set at any time, in no window.
  view: (state) => periodView(state, (s) => (s.status === 'finished' ? 'finished' : 'running')),
  actions: periodActions<ElMapaTransfer[]>(),
  bot: elMapaBot,
}
