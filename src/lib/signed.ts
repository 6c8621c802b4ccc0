// Signed links (one-click unsubscribe, the calendar feed): the value and an
// HMAC keyed per purpose, so a token for one purpose is worthless for another
// and can never pass as a login token.
import { createHmac, timingSafeEqual } from 'node:crypto'

function mac(secret: string, purpose: string, value: string): Buffer {
  return createHmac('sha256', `${purpose}:${secret}`).update(value).digest()
}

export function signValue(secret: string, purpose: string, value: string): string {
  return `${Buffer.from(value).toString('base64url')}.${mac(secret, purpose, value).toString('base64url')}`
}

/** The signed value, or null when the token is malformed or signed for something else. */
export function readSigned(secret: string, purpose: string, token: string): string | null {
  const [encoded, signature, extra] = token.split('.')
  if (!encoded || !signature || extra !== undefined) return null
  const value = Buffer.from(encoded, 'base64url').toString()
  const expected = mac(secret, purpose, value)
  const given = Buffer.from(signature, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null
}
