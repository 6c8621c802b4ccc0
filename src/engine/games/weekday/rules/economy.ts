// The weekly payout (R6): pools of connected territory are paid and the
// unspent balance of last week is lost.
import { computePools } from '../pools.ts'
import type { Work } from './work.ts'

export function payout(w: Work) {
  const pools = computePools(w.map, w.s.owners, w.s.week)
  w.setPools(pools) // unspent resources are lost (R6.3)
  w.emit({ type: 'payout', week: w.s.week, pools })
  w.s.week += 1
}
