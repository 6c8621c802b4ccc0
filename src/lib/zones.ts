// A campaign's time zone for luxon, with its UTC offsets remembered by the hour.
//
// luxon asks Intl for a zone's offset at every DateTime it makes or moves
// (formatToParts, a few microseconds each), and keeps nothing. The weekly tick
// asks the same few zones about the same few hours for thousands of campaigns,
// and those lookups were a fifth of its CPU (#32). An hour whose two ends have
// the same offset has it throughout (no zone changes its offset twice within an
// hour), so that hour's offset is remembered; an hour holding a change is asked
// of Intl each time, so the answer is always Intl's own.
import { IANAZone, Info, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon'

const HOUR_MS = 3_600_000
/** Hours remembered per zone before the memory is started again (a few years of hours). */
const HOURS_KEPT = 50_000

class RememberingZone extends Zone {
  readonly #zone: IANAZone
  readonly #offsets = new Map<number, number>()

  constructor(zone: IANAZone) {
    super()
    this.#zone = zone
  }

  override get type(): string {
    return this.#zone.type
  }

  override get name(): string {
    return this.#zone.name
  }

  get ianaName(): string {
    return this.#zone.name
  }

  override get isUniversal(): boolean {
    return false
  }

  override get isValid(): boolean {
    return this.#zone.isValid
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.#zone.offsetName(ts, options)
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.#zone.formatOffset(ts, format)
  }

  override offset(ts: number): number {
    const hour = Math.floor(ts / HOUR_MS)
    const known = this.#offsets.get(hour)
    if (known !== undefined) return known
    const start = this.#zone.offset(hour * HOUR_MS)
    const end = this.#zone.offset((hour + 1) * HOUR_MS - 1)
    if (start !== end || Number.isNaN(start)) return this.#zone.offset(ts)
    if (this.#offsets.size >= HOURS_KEPT) this.#offsets.clear()
    this.#offsets.set(hour, start)
    return start
  }

  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name
  }
}

const zones = new Map<string, Zone>()
/** Names remembered; more are forgotten all at once (there are a few hundred IANA names). */
const ZONES_KEPT = 1_000

/**
 * The zone named `name` (an IANA name such as "Europe/Madrid"), for luxon's `zone` options:
 * the same offsets, names and formatting as luxon's own, its offsets remembered by the hour.
 * A name luxon reads otherwise ("UTC", an unknown one) gives the zone luxon's own reading gives.
 */
export function zoneOf(name: string): Zone {
  let zone = zones.get(name)
  if (!zone) {
    // As luxon reads a name ("UTC" is its fixed zone, not Intl's; an unknown name an invalid zone).
    const read = Info.normalizeZone(name)
    zone = read instanceof IANAZone && read.isValid ? new RememberingZone(read) : read
    if (zones.size >= ZONES_KEPT) zones.clear()
    zones.set(name, zone)
  }
  return zone
}
