// http_ece (the Web Push payload encoding web-push itself uses) ships no types: what the
// push receiver calls of it.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer
  const ece: { decrypt: typeof decrypt }
  export default ece
}
