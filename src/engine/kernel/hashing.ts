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
