import fc from 'fast-check'
import t from 'tap'
import { canonicalJson, sameJson } from '../../../src/engine/kernel/hashing.ts'

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

/** A copy of `value` written alike: its keys in another order and undefined members added, steered by `seed`. */
function reordered(value: unknown, seed: number): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item, index) => reordered(item, seed + index))
  const keys = Object.keys(value)
  const shuffled = keys.map((key, index) => [key, (index * 7919 + seed) % (keys.length + 3)] as const).sort((a, b) => a[1] - b[1])
  const copy: Record<string, unknown> = seed % 3 === 0 ? { [`added${seed}`]: undefined } : {}
  for (const [key] of shuffled) copy[key] = reordered((value as Record<string, unknown>)[key], seed + key.length)
  return copy
}

t.test('R12.2: a replayed event matches its record exactly when both write the same canonical JSON', async (t) => {
  // Reordered copies (equal), and any two values (mostly different): the answer is canonicalJson's.
  const details = fc.check(
    fc.property(fc.jsonValue(), fc.jsonValue(), fc.nat(), fc.boolean(), (value, other, seed, same) => {
      const copy = same ? reordered(value, seed) : other
      return sameJson(value, copy) === (canonicalJson(value) === canonicalJson(copy)) && sameJson(copy, value) === sameJson(value, copy)
    }),
    { numRuns: 2000 },
  )
  t.notOk(details.failed, `first pair judged otherwise than canonicalJson: ${JSON.stringify(details.counterexample)}`)
  t.ok(sameJson({ b: [1, { c: 'x' }], a: null }, { a: null, b: [1, { c: 'x', d: undefined }] }), 'key order and undefined members do not count')
  t.notOk(sameJson({ k: null }, { k: undefined }), 'a null member is a member; an undefined one is none')
  t.notOk(sameJson({ k: undefined }, { k: null }))
  t.ok(sameJson([undefined], [null]), 'in a list undefined is written null')
  t.notOk(sameJson([1, 2], [2, 1]), 'a list keeps its order')
  t.notOk(sameJson({}, []), 'an object is not a list')
  t.notOk(sameJson({ a: 1 }, { a: 1, b: 2 }))
  t.notOk(sameJson({ a: 1, b: 2 }, { a: 1 }))
  t.notOk(sameJson('1', 1))
  t.ok(sameJson(Number.NaN, null), 'NaN is written null')
})
