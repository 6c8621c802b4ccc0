// Which mailbox an address reaches: two addresses that deliver to one person are one
// mailbox. A game master's second account under gm+alt@… or g.m@gmail.com is known for
// what it is, and refused where it would show the GM a tribe's secrets (#25).

/** Providers that ignore dots in the local part. */
const DOTLESS = new Set(['gmail.com', 'googlemail.com'])

/** The mailbox an address delivers to: lower case, no +tag, no dots where the provider ignores them. */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return address.trim().toLowerCase()
  let local = address.slice(0, at).trim().toLowerCase()
  let domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
  local = local.split('+')[0]!
  if (DOTLESS.has(domain)) {
    local = local.replaceAll('.', '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}
