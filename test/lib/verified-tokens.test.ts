import t from 'tap'
import { verifiedTokens } from '../../src/lib/verified-tokens.ts'

t.test('a verified token is known by its whole text until it expires', async (t) => {
  let now = 1_000_000_000_000
  const tokens = verifiedTokens<{ sub: string; exp?: number }>(10, () => now)
  const kept = tokens.keep('aaa.bbb.ccc', { sub: 'ana', exp: now / 1000 + 60 })
  t.same(tokens.get('aaa.bbb.ccc'), { sub: 'ana', exp: now / 1000 + 60 })
  t.equal(tokens.get('aaa.bbb.ccc'), kept, 'every request gets the same claims')
  t.ok(Object.isFrozen(kept), 'which no request may change')
  t.equal(tokens.get('aaa.bbb.ccd'), undefined, 'one character of the signature changed: not known')
  now += 60_000
  t.ok(tokens.get('aaa.bbb.ccc'), 'valid at its expiry instant, as the verifier says')
  now += 1
  t.equal(tokens.get('aaa.bbb.ccc'), undefined, 'expired: verified afresh, and refused there')
  t.equal(tokens.size, 0, 'and forgotten')
})

t.test('the tokens kept are bounded', async (t) => {
  const tokens = verifiedTokens<{ sub: string; exp?: number }>(2)
  for (const token of ['a', 'b', 'c']) tokens.keep(token, { sub: token })
  t.equal(tokens.size, 2)
  t.equal(tokens.get('a'), undefined, 'the least recently used went first')
  const none = verifiedTokens<{ sub: string; exp?: number }>(0)
  none.keep('a', { sub: 'a' })
  t.equal(none.get('a'), undefined, 'a bound of 0 keeps nothing')
})
