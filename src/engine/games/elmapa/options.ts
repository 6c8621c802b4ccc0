// Every legal order of a tribe now (for bots, the pages and the shared contract test): candidates
// written out from the state, each kept only if the rules themselves accept it.
import type { TribeId } from '../../kernel/ids.ts'
import { probeRng } from '../../kernel/rng.ts'
import { BUILDINGS, cardKind, SLOTS, troopCount } from './catalogue.ts'
import { applyOrder } from './rules.ts'
import { KINDS } from './tiles.ts'
import type { BattlePlan, ElMapaOrder, ElMapaState } from './types.ts'

export interface ElMapaOptions {
  orders: ElMapaOrder[]
}

// Legality never depends on a die.
const probe = probeRng

const PLANS: BattlePlan[] = [
  { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'advance' }], flee: 0 },
  {
    platoons: [
      { kind: 'soldado', take: 'all', column: 2, tactic: 'advance' },
      { kind: 'leva', take: 2, column: 1, tactic: 'hold' },
      { kind: 'arquero', take: 'all', column: 3, tactic: 'shoot' },
    ],
    flee: 50,
  },
]

// Every candidate is kept only when applyOrder accepts it (legalOptions), so the lines marked
// "pre-filter" only skip probes the rules refuse: Stryker's mutants of them offer the same orders
// after more probes, and are disabled with that reason.
function candidates(s: ElMapaState, tribe: TribeId): ElMapaOrder[] {
  const t = s.tribes.find((x) => x.id === tribe)
  // Stryker disable next-line ConditionalExpression,StringLiteral,ArrayDeclaration: pre-filter (M11.5, M11.1, M2.3)
  if (!t || t.eliminated || s.status === 'finished' || s.startedAt === null) return []
  const plans: ElMapaOrder[] = PLANS.map((plan) => ({ type: 'setBattlePlan', plan }))
  if (s.status === 'setup') return plans
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: pre-filter (M2.6)
  if (t.window !== 'open' && t.window !== 'started') return []
  const out: ElMapaOrder[] = [{ type: 'endTurn' }, ...plans]
  // Stryker disable next-line ConditionalExpression,MethodExpression: pre-filter (an army of another tribe is refused)
  const armies = s.armies.filter((a) => a.tribe === tribe)
  const cards = (kind: string) => t.hand.filter((c) => cardKind(c) === kind)
  for (const a of armies) {
    for (const dir of ['N', 'E', 'S', 'W'] as const) out.push({ type: 'step', army: a.id, dir })
    for (const card of cards('pies').slice(0, 1)) out.push({ type: 'cast', card, army: a.id })
    for (const card of cards('teletransporte').slice(0, 1)) {
      const [r, c] = a.cell.split(',').map(Number) as [number, number]
      // Stryker disable next-line ConditionalExpression: pre-filter (a cell off the map is refused)
      for (const to of [`${r},${c + 3}`, `${r + 2},${c}`, `${r - 1},${c}`]) if (s.cells[to]) out.push({ type: 'teleport', card, army: a.id, to })
    }
    for (const b of armies) {
      const kind = KINDS.find((k) => a.troops[k] > 0)!
      // Stryker disable next-line ConditionalExpression,EqualityOperator: pre-filter (M5.7: two armies in one cell)
      if (b.id > a.id && b.cell === a.cell) out.push({ type: 'exchange', armies: [a.id, b.id], give: [{ [kind]: 1 }, {}] })
    }
  }
  const faceDown = s.order.filter((k) => !s.cells[k]!.revealed)
  for (const card of cards('vision').slice(0, 1)) out.push({ type: 'cast', card, cells: faceDown.slice(0, 1) })
  for (const card of [...cards('suerte'), ...cards('produccion')].slice(0, 2)) out.push({ type: 'cast', card })
  for (const exchange of ['sell-madera', 'sell-piedra', 'buy-madera', 'buy-piedra'] as const) out.push({ type: 'bankTrade', exchange, n: 1 })
  for (const key of s.order) {
    const castle = s.cells[key]!.castle
    // Stryker disable next-line ConditionalExpression: pre-filter (M5.4, M3.4: an own village's castle)
    if (s.cells[key]!.owner !== tribe || !castle) continue
    // Stryker disable next-line ConditionalExpression,EqualityOperator: pre-filter (M5.4: hiring from the reserve)
    if (troopCount(castle.reserve) > 0) {
      const one = KINDS.find((k) => castle.reserve[k] > 0)!
      for (const army of ['new', 'newConvoy', ...armies.filter((a) => a.cell === key).map((a) => a.id)] as const) {
        out.push({ type: 'hire', village: key, troops: { ...castle.reserve }, army })
        out.push({ type: 'hire', village: key, troops: { [one]: 1 }, army })
      }
    }
    // Stryker disable next-line ConditionalExpression: pre-filter (M3.4: one building a window)
    if (castle.built) continue
    for (const b of Object.values(BUILDINGS)) {
      // The first slot that fits, found cheaply; applyOrder has the last word.
      const slot = Object.keys(SLOTS).find(
        (x) => !castle.slots[x] && SLOTS[x]!.level >= b.level && SLOTS[x]!.on.every((y) => castle.slots[y]) && (!b.wonder || x === '4a'),
      )
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: pre-filter (M3.4: the cost)
      const affordable = t.stock.oro >= b.cost.oro && t.stock.madera >= b.cost.madera && t.stock.piedra >= b.cost.piedra
      // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: pre-filter (M3.3, M3.8)
      if (slot && affordable && !b.out) out.push({ type: 'build', village: key, building: b.id, slot })
    }
  }
  return out
}

/** The legal orders of a tribe now. */
export function legalOptions(s: ElMapaState, tribe: TribeId): ElMapaOptions {
  return { orders: candidates(s, tribe).filter((o) => applyOrder(s, tribe, o, probe).ok) }
}

export const offered = (_s: ElMapaState, options: ElMapaOptions): ElMapaOrder[] => options.orders
