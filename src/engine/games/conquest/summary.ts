// What the "your day" card and the window's mail say of a tribe's turn (#30): the goods in its
// territories' stocks, how many of its territories still have ready units (G2.3), and the order
// that ends the turn (G2.8).
import type { TurnSummary } from '../../kernel/ruleset.ts'
import { probeRng } from '../../kernel/rng.ts'
import type { TribeId } from '../../kernel/ids.ts'
import { applyOrder } from './rules.ts'
import type { ConquestOrder, ConquestState } from './types.ts'
import { RESOURCES, TERRITORY_IDS, WEAPONS } from './world.ts'

// Ending a turn draws no die (G2.6).
const probe = probeRng

export function turnSummary(state: ConquestState, tribe: TribeId): TurnSummary<ConquestOrder> {
  const me = state.tribes.find((t) => t.id === tribe)
  // Setup (before tick 0) has no window; a closed or ended one has nothing left to do.
  const playing = state.status === 'running' && me !== undefined && !me.eliminated && (me.window === 'open' || me.window === 'started')
  if (!playing) return { spendable: [], movable: 0, end: null }
  const mine = TERRITORY_IDS.flatMap((id) => {
    const x = state.territories[id]
    return x?.owner === tribe ? [x] : []
  })
  // What arrived this window (`incoming`) is usable from the next (G2.3): the stock only.
  const spendable = [...RESOURCES, ...WEAPONS]
    .map((good) => ({ key: `c_good_${good}`, amount: mine.reduce((sum, x) => sum + (x.stock[good] ?? 0), 0) }))
    .filter((g) => g.amount > 0)
  // A stack: a territory with a ready troop, plane or ship, as the turn page counts them.
  const movable = mine.filter((x) => x.ready + x.planesReady + x.shipsReady > 0).length
  const end: ConquestOrder = { type: 'endTurn' }
  return { spendable, movable, end: applyOrder(state, tribe, end, probe).ok ? end : null }
}
