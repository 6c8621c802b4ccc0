import fc from 'fast-check'
import t from 'tap'
import { canonicalJson } from '../../../src/engine/kernel/hashing.ts'

// What canonical JSON means, written the short and obvious way (the kernel's
// own text until #32 made it loop): keys sorted by code unit, undefined
// members left out. Stored state hashes and idempotent answers depend on
// every byte staying the same.
function obvious(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(obvious).join(',')}]`
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
  return `{${keys.map((key) => `${JSON.stringify(key)}:${obvious(record[key])}`).join(',')}}`
}

t.test('canonical JSON writes any JSON value byte for byte as the obvious definition does', async (t) => {
  const details = fc.check(
    fc.property(fc.jsonValue(), (value) => canonicalJson(value) === obvious(value)),
    { numRuns: 1000 },
  )
  t.notOk(details.failed, `first value written differently: ${JSON.stringify(details.counterexample)}`)
})

t.test('canonical JSON sorts keys by code unit, integer-like ones too, and parses back to the same value', async (t) => {
  t.equal(canonicalJson({ 10: 'a', 2: 'b', 1: 'c' }), '{"1":"c","10":"a","2":"b"}')
  t.equal(canonicalJson({ b: 1, a: undefined, B: [undefined, 2, { z: null, y: 'é' }], '': {} }), '{"":{},"B":[null,2,{"y":"é","z":null}],"b":1}')
  t.equal(canonicalJson([]), '[]')
  t.equal(canonicalJson({}), '{}')
  t.equal(canonicalJson({ only: undefined }), '{}')
  t.equal(canonicalJson(undefined), 'null')
  t.equal(canonicalJson('a"b'), '"a\\"b"')
  const value = { tribes: [{ id: 'monday', troops: 3 }], week: 2 }
  t.same(JSON.parse(canonicalJson(value)), value)
})
