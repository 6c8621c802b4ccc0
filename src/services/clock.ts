// The one clock of the service: routes and jobs ask it, never Date.now(),
// so tests and demos can walk a campaign through its weeks.

export interface Clock {
  now(): Date
  /** Only with ALLOW_TEST_CLOCK: freeze the clock at this instant (null: real time again). */
  set(instant: Date | null): void
}

export function systemClock(): Clock {
  let fixed: Date | null = null
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set(instant) {
      fixed = instant
    },
  }
}
