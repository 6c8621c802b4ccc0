// A rule's refusal inside a game's working copy: thrown where the rule is checked, caught
// once where the order is applied, and returned as the typed error of the order.
import type { EngineError } from './ids.ts'

export class Reject {
  constructor(readonly error: EngineError) {}
}

export function reject(code: string, message: string, rule?: string, params?: Record<string, string | number>): never {
  throw new Reject({ code, message, ...(rule ? { rule } : {}), ...(params ? { params } : {}) })
}
