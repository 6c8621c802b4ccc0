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
