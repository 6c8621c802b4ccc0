// What leaves the service (#45): mails with their pushes, and webhook calls, each from a loop
// of its own that the calendar never waits for. A sweep, or the timer, kicks the loops; a kick
// while one runs wakes it and has it go round once more when it ends. Each loop sends a few at a time,
// one per recipient at once, each within a deadline (src/lib/pump.ts), so one recipient's dead
// endpoints delay nobody else, and the calendar nobody at all.
import type { DrainResult } from './mail.ts'

interface Logger {
  error(obj: object, message: string): void
}

export interface RoundResult {
  mails: DrainResult
  webhooks: { queued: number; called: number }
}

/** Rounds a flush runs at most: enough for the notes a round queues to go in the next. */
const FLUSH_ROUNDS = 10

/** What a round is given: when to stop claiming, and a promise that resolves when new work was kicked in. */
export interface RoundControl {
  stop: () => boolean
  nudged: () => Promise<void>
}

/**
 * One sender that runs alone: a kick starts it, or wakes a running one (it claims what was
 * queued at once, even while its slots wait on slow recipients) and has it go round again.
 */
function loop<T>(name: string, round: (control: RoundControl) => Promise<T>, log: Logger) {
  let running: Promise<T> | null = null
  let again = false
  let closed = false
  let wake = () => {}
  let woken = new Promise<void>((resolve) => (wake = resolve))
  const control: RoundControl = { stop: () => closed, nudged: () => woken }
  const nudge = () => {
    wake()
    woken = new Promise<void>((resolve) => (wake = resolve))
  }

  function start(): Promise<T> {
    const current = round(control)
    running = current
    const done = () => {
      if (running === current) running = null
      if (again && !closed) {
        again = false
        start().catch(() => {})
      }
    }
    current.then(done, (err) => {
      log.error({ err, loop: name }, 'delivery round failed')
      done()
    })
    return current
  }

  return {
    kick() {
      if (closed) return
      if (!running) return void start().catch(() => {})
      again = true
      nudge()
    },
    /** A round of its own once the one under way (if any) has ended. */
    async next(): Promise<T> {
      while (running) await running.catch(() => {})
      return start()
    },
    /** Stops claiming, and waits for what is in flight (each within its deadline). */
    async close() {
      closed = true
      nudge()
      while (running) await running.catch(() => {})
    },
  }
}

/** Adds a round's counts into the running total, field by field. */
function addCounts<K extends string>(total: Record<K, number>, round: Record<K, number>) {
  for (const key of Object.keys(total) as K[]) total[key] += round[key]
}

export function deliveriesService(deps: {
  mail: { drain(control: RoundControl): Promise<DrainResult> }
  webhooks: { run(control: RoundControl): Promise<{ queued: number; called: number }> }
  log: Logger
}) {
  const { mail, webhooks, log } = deps
  // What every round did, kicked or flushed: a flush reads what happened while it waited.
  const total: RoundResult = { mails: { sent: 0, failed: 0, dropped: 0 }, webhooks: { queued: 0, called: 0 } }
  // Each loop adds what its rounds did to the running total.
  const counted = <K extends string>(name: string, round: (control: RoundControl) => Promise<Record<K, number>>, into: Record<K, number>) =>
    loop(
      name,
      async (control) => {
        const r = await round(control)
        addCounts(into, r)
        return r
      },
      log,
    )
  const mails = counted('mail', (control) => mail.drain(control), total.mails)
  const calls = counted('webhooks', (control) => webhooks.run(control), total.webhooks)
  const snapshot = (): RoundResult => ({ mails: { ...total.mails }, webhooks: { ...total.webhooks } })
  const activity = (r: RoundResult) => r.mails.sent + r.mails.failed + r.mails.dropped + r.webhooks.queued + r.webhooks.called

  return {
    /** Starts both loops, or wakes them: never waits for them. */
    kick() {
      mails.kick()
      calls.kick()
    },

    /**
     * Runs rounds until one finds nothing to send (the test clock's route, so a test reads what
     * a moment's sends did, the notes they queued included); answers what was done meanwhile.
     */
    async flush(): Promise<RoundResult> {
      const start = snapshot()
      for (let i = 0; i < FLUSH_ROUNDS; i++) {
        const before = activity(total)
        await Promise.all([mails.next().catch(() => {}), calls.next().catch(() => {})])
        if (activity(total) === before) break
      }
      const end = snapshot()
      return {
        mails: { sent: end.mails.sent - start.mails.sent, failed: end.mails.failed - start.mails.failed, dropped: end.mails.dropped - start.mails.dropped },
        webhooks: { queued: end.webhooks.queued - start.webhooks.queued, called: end.webhooks.called - start.webhooks.called },
      }
    },

    /** What every round of this instance did since it started (the metrics' counters, #51). */
    totals: snapshot,

    async close() {
      await Promise.all([mails.close(), calls.close()])
    },
  }
}

export type DeliveriesService = ReturnType<typeof deliveriesService>
