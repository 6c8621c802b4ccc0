// A period's story in brief (#30): of its logged events, the few that weighed most.

/**
 * The `count` events of greatest weight on the face's own scale (0 leaves an event out), in the
 * order they happened; among equal weights the earlier comes first. Only an event whose payload
 * is the event it is logged as is weighed: the log's own records are not the game's events.
 */
export function weightiestOf<E extends { type: string }>(events: readonly { type: string; payload: unknown }[], weight: (event: E) => number, count = 3) {
  return events
    .map((e, index) => ({ e, index, w: (e.payload as E | null)?.type === e.type ? weight(e.payload as E) : 0 }))
    .filter((x) => x.w > 0)
    .sort((a, b) => b.w - a.w || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((x) => x.e)
}

/** Weights by event type, each a number or a function of the event of that type; 0 for any other type. */
export type Weights<E extends { type: string }> = { [K in E['type']]?: number | ((event: Extract<E, { type: K }>) => number) }

/** A face's weight function from its table of weights. */
export function weighed<E extends { type: string }>(weights: Weights<E>): (event: E) => number {
  return (event) => {
    const weight = weights[event.type as E['type']] as number | ((event: E) => number) | undefined
    return typeof weight === 'function' ? weight(event) : (weight ?? 0)
  }
}
