// What every game names the same way: a tribe's id, the seven weekdays the platform's calendar
// runs on, and a typed refusal (a namespaced code, the message, the rule id).

export type TribeId = string
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'
export const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

export interface EngineError {
  /** Stable, namespaced: `move/path_blocked`. */
  code: string
  message: string
  rule?: string
  /** The particulars the message names (tiles, counts), for a catalogue's sentence in another language. */
  params?: Record<string, string | number>
}
