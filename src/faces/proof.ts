// A history line's link to the dice page row that proves its roll (#27): any game's logged event
// that drew dice names its first draw, by the game's own account (its ruleset's `dice.drawsOf`).
import type { Draw } from '../engine/kernel/ruleset.ts'

/** The dice page's anchor of a period's draw: the same on every game's dice page. */
export const rollAnchor = (period: number, counter: number) => `roll-${period}-${counter}`

export function proofOf(drawsOf: (event: never) => Draw[], campaignId: string, period: number, event: unknown): string | null {
  const first = drawsOf(event as never)[0]
  return first ? `/campaigns/${campaignId}/dice#${rollAnchor(period, first.counter)}` : null
}
