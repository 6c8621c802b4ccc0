// Conditional reads (#31 item 6): a bot polling /state or /events sends back the ETag it got and
// is answered 304 with no body until something changed. The tag is of the body as this reader
// gets it (a tribe sees its own part), so it is private to the reader and no shared cache keeps it.
// etag and fresh are the jshttp modules Express uses: the tag's form and If-None-Match's rules
// (lists, weak tags, *) are theirs.
import etag from 'etag'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fresh from 'fresh'
import vary from 'vary'
import { Type } from 'typebox'

/** The 304 of a conditional read, for a route's responses (the document adds ETag and If-None-Match). */
export const NotModified = Type.Null({ description: 'Not modified since the ETag you sent in If-None-Match' })

export async function conditionalRead(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload
  const tag = etag(payload)
  // The body is the reader's (their token or session) in their language.
  reply.header('etag', tag).header('cache-control', 'private, no-cache')
  vary(reply.raw, ['Authorization', 'Cookie', 'Accept-Language'])
  // Only the tag decides (#50): fresh() reads a request's Cache-Control: no-cache as "do not
  // answer from a cache", which fetch sends with every If-None-Match, so no fetch client got a
  // 304. That directive is for caches on the way; this server is the origin, and its tag is current.
  const noneMatch = request.headers['if-none-match']
  if (!noneMatch || !fresh({ 'if-none-match': noneMatch }, { etag: tag })) return payload
  reply.code(304)
  return ''
}
