// Provable dice: a fresh secret seed per week, published first as its SHA-256
// (the commitment) and revealed when the week ends (R8.4).
import { createHash, randomBytes } from 'node:crypto'

export function newSeed(): string {
  return randomBytes(32).toString('hex')
}

export function commitmentOf(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex')
}
