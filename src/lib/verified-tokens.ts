// The login tokens this instance has verified, by the token itself (#52). A player sends the
// same token with every request: its HMAC, its two base64 decodes and JSON parses, and
// @fastify/jwt's callbacks around them were a tenth of an order's CPU. The key is the whole
// token, signature included, so a token differing in any character is verified afresh; the
// expiry is checked at every use, as the verifier checks it; whether the login still stands
// (logout, a password change) is never the signature's business and is read as before.
import { LRUCache } from 'lru-cache'

export interface VerifiedClaims {
  exp?: number
}

export function verifiedTokens<C extends VerifiedClaims>(max: number, now: () => number = Date.now) {
  const tokens = new LRUCache<string, Readonly<C>>({ max: Math.max(1, max) })
  return {
    /** The claims of `token` if it was verified here and has not expired since. */
    get(token: string): Readonly<C> | undefined {
      const claims = tokens.get(token)
      if (claims === undefined) return undefined
      // fast-jwt's rule, no tolerance: valid while now <= exp.
      if (claims.exp !== undefined && now() > claims.exp * 1000) {
        tokens.delete(token)
        return undefined
      }
      return claims
    },
    /** Keeps `claims`, frozen: every request with the token gets the same object. */
    keep(token: string, claims: C): Readonly<C> {
      const frozen = Object.freeze({ ...claims })
      if (max > 0) tokens.set(token, frozen)
      return frozen
    },
    get size() {
      return tokens.size
    },
  }
}
