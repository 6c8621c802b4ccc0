// The working copy a step of a round game acts on: its events, its dice and its tribes by id.
// Each game's Work extends it with its own board (#48: conquest and Open Wars had copied it).
import { reject } from './errors.ts'
import type { TribeId } from './ids.ts'
import type { Rng } from './rng.ts'

export abstract class WorkingCopy<S extends { rng: { seed: string; counter: number }; tribes: T[] }, E, T extends { id: TribeId }> {
  readonly events: E[] = []

  /** `state` is already the step's own copy: each game copies what its rules write. */
  constructor(
    readonly s: S,
    readonly rng: Rng,
  ) {}

  emit(event: E) {
    this.events.push(event)
  }

  /** One d6 of the period's seed (G11.2, W10.2): `(u mod 6) + 1`, the counter moving on by one. */
  d6(): { counter: number; face: number } {
    const counter = this.s.rng.counter
    const face = (this.rng(this.s.rng.seed, counter) % 6) + 1
    this.s.rng.counter = counter + 1
    return { counter, face }
  }

  tribe(id: TribeId): T {
    const tribe = this.s.tribes.find((candidate) => candidate.id === id)
    if (!tribe) reject('tribe/unknown', `no tribe ${JSON.stringify(id)} in this campaign`)
    return tribe
  }
}
