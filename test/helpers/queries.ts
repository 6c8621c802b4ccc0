// Counts the statements the service sends, by name or text, and runs a hook before one.
import pg from 'pg'
import type { Test } from 'tap'

/** Every statement node-postgres sends is one round trip (it never pipelines); this counts them by name or text. */
export function countQueries(t: Test) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown
  const seen: string[] = []
  /** The connection each statement went on: statements of concurrent transactions interleave in `seen`. */
  const on: number[] = []
  const connections = new WeakMap<object, number>()
  let connectionCount = 0
  let pending: { prefix: string; hook: () => Promise<void> } | undefined
  const waiters: { prefix: string; resolve: () => void }[] = []
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { name?: string; text?: string }
    const label = typeof config === 'string' ? config : (config.name ?? config.text ?? '?')
    seen.push(label)
    if (!connections.has(this)) connections.set(this, ++connectionCount)
    on.push(connections.get(this)!)
    for (const w of waiters.filter((x) => label.startsWith(x.prefix))) {
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve()
    }
    if (pending && label.startsWith(pending.prefix)) {
      const { hook } = pending
      pending = undefined
      return hook().then(() => original.apply(this, args))
    }
    return original.apply(this, args)
  } as typeof pg.Client.prototype.query
  t.teardown(() => {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query
  })
  return {
    async during<T>(fn: () => Promise<T>): Promise<{ value: T; queries: string[]; byConnection: string[][] }> {
      seen.length = 0
      on.length = 0
      const value = await fn()
      const byConnection = new Map<number, string[]>()
      seen.forEach((label, i) => byConnection.set(on[i]!, [...(byConnection.get(on[i]!) ?? []), label]))
      return { value, queries: [...seen], byConnection: [...byConnection.values()] }
    },
    /** Resolves when a statement whose label starts with `prefix` is sent. */
    sent(prefix: string): Promise<void> {
      return new Promise((resolve) => waiters.push({ prefix, resolve }))
    },
    /** Runs `hook` once, before the next statement whose label starts with `prefix` is sent. */
    beforeNext(prefix: string, hook: () => Promise<void>) {
      pending = { prefix, hook }
    },
  }
}
