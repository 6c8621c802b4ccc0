// Conditional reads (#31 item 6): a bot polling /state or /events sends back the ETag it got and
// is answered 304 with no body until something changed. The tag is of the body as this reader
// gets it (a tribe sees its own part), so it is private to the reader and no shared cache keeps it.
// etag and fresh are the jshttp modules Express uses: the tag's form and If-None-Match's rules
// (lists, weak tags, *) are theirs.
import etag from 'etag'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fresh from 'fresh'
import { Type } from 'typebox'

/** The 304 of a conditional read, for a route's responses (the document adds ETag and If-None-Match). */
export const NotModified = Type.Null({ description: 'Not modified since the ETag you sent in If-None-Match' })

export async function conditionalRead(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload
  const tag = etag(payload)
  reply.header('etag', tag).header('cache-control', 'private, no-cache')
  if (!fresh(request.headers, { etag: tag })) return payload
  reply.code(304)
  return ''
}
