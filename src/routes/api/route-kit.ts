// What the API's routes declare alike: the OpenAPI security of a route that needs a login or
// only reads one, the error answers of a campaign's routes, and the caller's access to a campaign.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import { conditionalRead, NotModified } from '../../lib/conditional.ts'
import { ErrorRef } from '../../lib/errors.ts'
import { IdParams } from './campaigns/schemas.ts'

/** A route that needs a login. */
export const bearer = [{ bearerAuth: [] }]
/** A read that answers anyone who may see it; with the token it also shows the caller's own part. */
export const optionalBearer: { [label: string]: string[] }[] = [{ bearerAuth: [] }, {}]
/** The errors a campaign's changes answer (400 the shape, 409 the state, 403 the role). */
export const campaignErrors = { 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 404: ErrorRef, 409: ErrorRef }
/** The same, and 422 for a change the game's rules refuse. */
export const ruledErrors = { ...campaignErrors, 422: ErrorRef }

/**
 * A read of one campaign (`/:id…`) for anyone who may see it, with its ETag (304 when unchanged):
 * its tag, summary and answer; `also` a description, deprecation, and 409 unless it says otherwise.
 */
export const campaignRead = <A extends TSchema>(
  tag: string,
  summary: string,
  answer: A,
  also: { description?: string; deprecated?: true; conflict?: false } = {},
) => {
  const { conflict, ...documented } = also
  return {
    onSend: conditionalRead,
    schema: {
      tags: [tag],
      summary,
      ...documented,
      security: optionalBearer,
      params: IdParams,
      response: { 304: NotModified, 200: answer, 401: ErrorRef, 404: ErrorRef, ...(conflict === false ? {} : { 409: ErrorRef }) },
    },
  }
}

/** A read of one campaign that needs a login (the GM's lists, a player's own): its tag, summary and answer. */
export const campaignLoginRead = <A extends TSchema>(fastify: FastifyInstance, tag: string, summary: string, answer: A) => ({
  onRequest: fastify.authenticate,
  schema: { tags: [tag], summary, security: bearer, params: IdParams, response: { 200: answer, 401: ErrorRef, 403: ErrorRef, 404: ErrorRef } },
})

/** The caller's access to campaign `id`, by their login if the request carries one. */
export const campaignAccess = (fastify: FastifyInstance) => async (request: FastifyRequest, id: string) =>
  fastify.campaigns.access(id, await fastify.optionalUser(request))
