import fc from 'fast-check'
import t from 'tap'
import { DateTime, IANAZone } from 'luxon'
import { zoneOf } from '../../src/lib/zones.ts'

// Zones with daylight saving in both hemispheres, a half-hour and a 45-minute offset, a
// 30-minute daylight shift (Lord Howe), one that moved its offset for good, and UTC.
const ZONES = [
  'Europe/Madrid',
  'America/New_York',
  'America/Santiago',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Europe/Moscow',
  'America/Havana',
  'UTC',
]
// 1995 to 2035: Moscow's offset changed in 2011 and 2014; Santiago's rules moved several times.
const instants = fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2035, 0, 1) })
const zones = fc.constantFrom(...ZONES)

t.test('a remembered zone gives every instant the offset and ISO text luxon gives it', async (t) => {
  fc.assert(
    fc.property(zones, instants, (name, ms) => {
      const plain = DateTime.fromMillis(ms, { zone: name })
      const remembered = DateTime.fromMillis(ms, { zone: zoneOf(name) })
      return remembered.offset === plain.offset && remembered.toISO() === plain.toISO() && remembered.zone.equals(plain.zone)
    }),
    { numRuns: 20_000 },
  )
})

t.test('a remembered zone puts every wall-clock time where luxon does, gaps and repeated hours too', async (t) => {
  fc.assert(
    fc.property(zones, instants, fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45), (name, ms, hour, minute) => {
      const day = DateTime.fromMillis(ms, { zone: 'UTC' })
      const wall = { year: day.year, month: day.month, day: day.day, hour, minute }
      const plain = DateTime.fromObject(wall, { zone: name })
      const remembered = DateTime.fromObject(wall, { zone: zoneOf(name) })
      return remembered.toMillis() === plain.toMillis() && remembered.startOf('day').toMillis() === plain.startOf('day').toMillis()
    }),
    { numRuns: 20_000 },
  )
})

t.test('every minute around this decade’s changes of offset gets luxon’s own answer', async (t) => {
  for (const name of ZONES) {
    const iana = IANAZone.create(name)
    let checked = 0
    let changes = 0
    // Each hour of 2026: where the offset at its start differs from the next hour's, it changed in
    // between; each minute from an hour before to an hour after is compared.
    for (let hour = Date.UTC(2026, 0, 1) / 3_600_000; hour < Date.UTC(2027, 0, 1) / 3_600_000; hour++) {
      const start = hour * 3_600_000
      if (iana.offset(start) === iana.offset(start + 3_600_000)) continue
      changes++
      for (let ms = start - 3_600_000; ms <= start + 2 * 3_600_000; ms += 60_000) {
        t.equal(zoneOf(name).offset(ms), iana.offset(ms), `${name} at ${new Date(ms).toISOString()}`)
        checked++
      }
    }
    if (name === 'Europe/Madrid') t.equal(changes, 2, 'Madrid changes its offset twice in 2026')
    if (name === 'UTC' || name === 'Asia/Kolkata') t.equal(changes, 0, `${name} never changes`)
    t.ok(changes === 0 || checked > 0)
  }
})

t.test('the same name gives the same zone; an unknown name gives luxon’s invalid zone', async (t) => {
  t.equal(zoneOf('Europe/Madrid'), zoneOf('Europe/Madrid'))
  t.equal(zoneOf('Europe/Madrid').name, 'Europe/Madrid')
  t.equal(zoneOf('Europe/Madrid').type, 'iana')
  t.equal(zoneOf('Mars/Olympus').isValid, false)
  t.equal(DateTime.fromMillis(0, { zone: zoneOf('UTC') }).toISO(), DateTime.fromMillis(0, { zone: 'UTC' }).toISO(), 'UTC is written Z, as luxon writes it')
  t.equal(DateTime.fromMillis(0, { zone: zoneOf('Mars/Olympus') }).isValid, false)
  const es = DateTime.fromISO('2026-11-25T12:00:00Z', { zone: zoneOf('Europe/Madrid') }).setLocale('es')
  t.equal(es.toFormat('cccc HH:mm ZZZZ'), DateTime.fromISO('2026-11-25T12:00:00Z', { zone: 'Europe/Madrid' }).setLocale('es').toFormat('cccc HH:mm ZZZZ'))
})
