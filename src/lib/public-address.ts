// An address the server is asked to call on a user's behalf (a webhook, a device's push
// service) must be public: a user must not make the server call its own network or the
// cloud's metadata service. Checked when it is given and again before every call, since a
// name may resolve elsewhere later.
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
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

/** The address as a URL, or a 400 naming what is wrong with it. */
export async function checkPublicAddress(raw: string, rules: AddressRules): Promise<URL> {
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
  let addresses: { address: string }[]
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host }] : await lookup(host, { all: true })
  } catch {
    throw new AppError(400, `${namespace}/unresolvable`, `${host} does not resolve to an address`)
  }
  for (const { address } of addresses) {
    const parsed = ipaddr.process(address)
    if (parsed.range() !== 'unicast' && !allowPrivate)
      throw new AppError(400, `${namespace}/private_address`, `${host} is a ${parsed.range()} address (${address}); a ${what} must be public`)
  }
  return url
}
