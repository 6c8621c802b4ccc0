// SHA-256 and HMAC-SHA-256 from @noble/hashes: audited, pure JavaScript, and
// the same code the browser can run, so dice and state hashes need no I/O
// module and give the same answer everywhere.
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

export function utf8(text: string): Uint8Array {
  return utf8ToBytes(text)
}

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data)
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(nobleSha256, key, message)
}

export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes)
}

/**
 * JSON with object keys sorted, so equal states serialise to equal text.
 * Loops and one growing string rather than map and join: every answer to an
 * order is written with it, and the arrays were most of its cost (#32).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) {
    let text = '['
    for (let index = 0; index < value.length; index++) text += (index === 0 ? '' : ',') + canonicalJson(value[index])
    return text + ']'
  }
  const record = value as Record<string, unknown>
  const keys = Object.keys(record).sort()
  let text = '{'
  for (const key of keys) {
    const item = record[key]
    if (item === undefined) continue
    text += (text.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(item)
  }
  return text + '}'
}

/** A value as canonicalJson writes a leaf. */
const leaf = (value: unknown): string => JSON.stringify(value) ?? 'null'

/**
 * Whether two values write the same canonical JSON, without writing either: the replay of a
 * campaign's log checks every recorded event against the one the engine makes again (R12.2), and
 * writing both out was half of what that replay cost node (5% of the CPU of a server whose every
 * order read, #52).
 */
export function sameJson(one: unknown, other: unknown): boolean {
  if (one === other) return true
  const oneIsObject = one !== null && typeof one === 'object'
  const otherIsObject = other !== null && typeof other === 'object'
  if (!oneIsObject || !otherIsObject) return !oneIsObject && !otherIsObject && leaf(one) === leaf(other)
  if (Array.isArray(one) || Array.isArray(other)) {
    if (!Array.isArray(one) || !Array.isArray(other) || one.length !== other.length) return false
    for (let index = 0; index < one.length; index++) if (!sameJson(one[index], other[index])) return false
    return true
  }
  const first = one as Record<string, unknown>
  const second = other as Record<string, unknown>
  let members = 0
  for (const key in first) {
    if (!Object.hasOwn(first, key) || first[key] === undefined) continue
    members++
    if (!Object.hasOwn(second, key) || !sameJson(first[key], second[key])) return false
  }
  // Members left undefined are none, as canonicalJson leaves them out: the counts tell.
  for (const key in second) if (Object.hasOwn(second, key) && second[key] !== undefined) members--
  return members === 0
}
