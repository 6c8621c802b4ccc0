// An address the server is asked to call on a user's behalf (a webhook, a device's push
// service) must be public: a user must not make the server call its own network or the
// cloud's metadata service. Checked when it is given and again before every call, since a
// name may resolve elsewhere later; and a call goes to the very addresses checked, never to a
// second answer of the resolver (DNS rebinding, #45).
import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { Agent as HttpsAgent, type AgentOptions } from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import type { Agent as Dispatcher } from 'undici'
import { AppError } from './errors.ts'

export interface AddressRules {
  /** The error codes' namespace (`webhook`, `push`) and what the address is, in the messages. */
  namespace: string
  what: string
  example: string
  protocols: readonly ('https:' | 'http:')[]
  /** Tests only: loopback and private addresses pass. */
  allowPrivate: boolean
}

/** An address checked: its URL, and what its host resolved to then, every one of them public. */
export interface CheckedAddress {
  url: URL
  addresses: LookupAddress[]
}

const v4At = (bytes: number[], at: number) => new ipaddr.IPv4(bytes.slice(at, at + 4))

/**
 * The IPv4 addresses an IPv6 one leads to: a packet sent to it is delivered to them by the
 * host's own stack, a translator or a tunnel. `[::127.0.0.1]` is the loopback however it is spelt.
 */
function carriedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] {
  const b = ip.toByteArray()
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  const carried: ipaddr.IPv4[] = []
  // IPv4-compatible ::a.b.c.d, IPv4-mapped ::ffff:a.b.c.d (RFC 4291), IPv4-translated ::ffff:0:a.b.c.d (RFC 6145).
  if (zero(0, 10) && ((b[10] === 0 && b[11] === 0) || (b[10] === 0xff && b[11] === 0xff))) carried.push(v4At(b, 12))
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) carried.push(v4At(b, 12))
  // NAT64's well-known prefix, 64:ff9b::a.b.c.d (RFC 6052).
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) carried.push(v4At(b, 12))
  // 6to4, 2002:aabb:ccdd::/48 (RFC 3056).
  if (b[0] === 0x20 && b[1] === 0x02) carried.push(v4At(b, 2))
  // Teredo, 2001:0:<server>:<flags>:<port>:<client>, the client's address with its bits inverted (RFC 4380).
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) carried.push(v4At(b, 4), new ipaddr.IPv4(b.slice(12, 16).map((x) => x ^ 0xff)))
  // ISATAP's interface identifier, <prefix>:0:5efe:a.b.c.d or <prefix>:200:5efe:a.b.c.d (RFC 5214).
  if ((b[8]! & 0xfd) === 0 && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe) carried.push(v4At(b, 12))
  return carried
}

/** The IPv6 ranges whose addresses are as public as the IPv4 address they carry (a translator's). */
const TRANSLATED = new Set(['unicast', 'ipv4Mapped', 'rfc6145', 'rfc6052'])
/** NAT64's local-use prefix (RFC 8215): where its IPv4 address sits is the network's own choice, so it cannot be checked. */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48')

/** Why an address is not public (its range, or that of the IPv4 address it leads to), or null when it is. */
function notPublic(address: string): { range: string; leadsTo?: string } | null {
  const ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast' ? null : { range: ip.range() }
  const v6 = ip as ipaddr.IPv6
  if (v6.match(LOCAL_NAT64)) return { range: 'local-use NAT64' }
  const carried = carriedIPv4(v6)
  for (const v4 of carried) if (v4.range() !== 'unicast') return { range: v4.range(), leadsTo: v4.toString() }
  const range = v6.range()
  return range === 'unicast' || (carried.length > 0 && TRANSLATED.has(range)) ? null : { range }
}

/** The address as a URL with what its host resolves to now, every address checked; or a 400 naming what is wrong with it. */
export async function checkPublicAddress(raw: string, rules: AddressRules): Promise<CheckedAddress> {
  const { namespace, what, example, protocols, allowPrivate } = rules
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AppError(400, `${namespace}/bad_url`, `"${raw.slice(0, 100)}" is not an address like ${example}`)
  }
  if (!(protocols as readonly string[]).includes(url.protocol))
    throw new AppError(400, `${namespace}/bad_url`, `A ${what} starts with ${protocols.map((p) => `${p}//`).join(' (or ')}${protocols.length > 1 ? ')' : ''}`)
  if (url.username || url.password) throw new AppError(400, `${namespace}/bad_url`, `A ${what} carries no login`)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: LookupAddress[]
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv4' ? 4 : 6 }] : await lookup(host, { all: true })
  } catch {
    addresses = []
  }
  if (addresses.length === 0) throw new AppError(400, `${namespace}/unresolvable`, `${host} does not resolve to an address`)
  for (const { address } of addresses) {
    const why = allowPrivate ? null : notPublic(address)
    if (why?.leadsTo)
      throw new AppError(
        400,
        `${namespace}/private_address`,
        `${host}${host === address ? '' : ` (${address})`} leads to ${why.leadsTo}, a ${why.range} address; a ${what} must be public`,
      )
    if (why) throw new AppError(400, `${namespace}/private_address`, `${host} is a ${why.range} address (${address}); a ${what} must be public`)
  }
  return { url, addresses }
}

/** A resolver that answers the addresses checked, whatever the name resolves to by now. */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
    const fit = addresses.filter((a) => !family || a.family === family)
    if (fit.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} has no IPv${family} address among those checked`)
      error.code = 'ENOTFOUND'
      callback(error, '', 0)
    } else if (options.all) callback(null, fit)
    else callback(null, fit[0]!.address, fit[0]!.family)
  }
}

const loadUndici = () => import('undici')
let undici: ReturnType<typeof loadUndici> | undefined

/**
 * For fetch's `dispatcher`: connects to the checked addresses only. One call's own; it keeps no
 * connection open after its answer. Loaded on the first call, so that a start does not pay for it.
 */
export async function pinnedDispatcher(checked: CheckedAddress): Promise<Dispatcher> {
  const { Agent } = await (undici ??= loadUndici())
  return new Agent({ connect: { lookup: pinnedLookup(checked.addresses) }, pipelining: 0 })
}

/** For https.request's `agent` (web-push's): connects to the checked addresses only; `options` adds trusted authorities and the like. */
export function pinnedHttpsAgent(checked: CheckedAddress, options: AgentOptions = {}): HttpsAgent {
  return new HttpsAgent({ ...options, keepAlive: false, lookup: pinnedLookup(checked.addresses) })
}
