// A queue's sender (#45): claims work as room frees up, keeps at most `parallel` items in
// flight and at most one per key (a recipient), and gives each a deadline. A slow item holds
// its own slot until the deadline and never the others: the queue keeps moving around it.

export interface PumpOptions<T> {
  parallel: number
  /** Items started in all, at most (a round's budget). */
  limit: number
  /** Up to `room` items, none of whose key is in `busy`: each claimed (leased) for longer than `deadlineMs`. */
  claim: (room: number, busy: string[]) => Promise<T[]>
  keyOf: (item: T) => string
  run: (item: T) => Promise<void>
  /** An item past its deadline: its slot is freed and this records it (as a failure to retry); the call itself may still end later. */
  late: (item: T) => Promise<void>
  deadlineMs: number
  /** Asked before each claim: true stops claiming (shutdown, or too many failures in a row). */
  stop?: () => boolean
  /** Resolves when new work may have been queued: a claim is tried then, without waiting for a slot to free. */
  nudged?: () => Promise<void>
  /** An item whose outcome could not be recorded (the database is away): it stays leased, and is claimed again when its lease ends. */
  unrecorded?: (item: T, error: unknown) => void
}

/** Runs until a claim finds nothing and nothing is in flight; answers how many items were started. */
export async function pump<T>(o: PumpOptions<T>): Promise<number> {
  const inFlight = new Map<Promise<void>, string>()
  let started = 0
  const begin = (item: T) => {
    const key = o.keyOf(item)
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), o.deadlineMs)))
    const done: Promise<void> = Promise.race([o.run(item).then(() => 'done' as const), deadline])
      .then((outcome) => (outcome === 'late' ? o.late(item) : undefined))
      .catch((error) => o.unrecorded?.(item, error))
      .finally(() => {
        clearTimeout(timer)
        inFlight.delete(done)
      })
    inFlight.set(done, key)
    started++
  }
  for (;;) {
    const room = Math.min(o.parallel - inFlight.size, o.limit - started)
    if (room > 0 && !o.stop?.()) {
      const claimed = await o.claim(room, [...new Set(inFlight.values())])
      for (const item of claimed) begin(item)
      // Something was claimed: there may be more, claimed as soon as there is room.
      if (claimed.length > 0 && inFlight.size < o.parallel && started < o.limit) continue
    }
    if (inFlight.size === 0) return started
    const roomLeft = inFlight.size < o.parallel && started < o.limit && !o.stop?.()
    await Promise.race([...inFlight.keys(), ...(o.nudged && roomLeft ? [o.nudged()] : [])])
  }
}
