// The last pass over the OpenAPI document @fastify/swagger builds from the routes' schemas. It
// keeps the API only (the HTML pages and assets are documented in docs/PAGES.md, not here: a client
// generated from this document must not offer `POST /campaigns/{id}/turn`), and fills in what
// validators and client generators need and what routes need not repeat: an operationId derived
// from method and path, a description on every response, `security: []` on open operations,
// servers and the tag list.

type Json = Record<string, unknown>
interface Operation extends Json {
  operationId?: string
  tags?: string[]
  security?: Record<string, string[]>[]
  responses?: Record<string, Json>
}
export interface OpenApiDocument extends Json {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  tags?: { name: string; description: string }[]
  servers?: { url: string }[]
}

/** What a client may rely on of each status this API answers with. */
const STATUS_TEXT: Record<string, string> = {
  200: 'Done: the body is the result',
  201: 'Created',
  202: 'Accepted: the work goes on in the background',
  204: 'Done; no body',
  304: 'Not modified since the ETag you sent',
  400: 'Refused: the body names the problem (code, message, and the rule id where one applies); nothing was stored',
  401: 'No valid token was sent (log in and send Authorization: Bearer <token>)',
  403: 'Your account may not do this here',
  404: 'No such thing, or not one you may see',
  405: 'This path does not take that method (see the Allow header)',
  409: 'It conflicts with the current state (an older version, a closed window, a taken name…)',
  410: 'Gone: it expired or was used',
  413: 'The body is too large',
  415: 'Send application/json',
  422: 'Well formed but against the rules of the game (the rule id says which)',
  429: 'Too many requests: wait for the seconds in Retry-After',
  503: 'The database cannot be reached right now; try again shortly',
}

export const API_TAGS: { name: string; description: string }[] = [
  { name: 'accounts', description: 'Accounts, logins, your profile, mail settings and calendar' },
  { name: 'campaigns', description: 'Campaigns: create, invite, join, start, pause, the roster and absences' },
  { name: 'draft', description: 'Games with a draft: picking the starting cities' },
  { name: 'play', description: 'The game itself: state, options, orders, events, economy, dice and the replay check' },
  { name: 'diplomacy', description: 'Diplomacy scenes run by the game master: messages and trade proposals' },
  { name: 'maps', description: 'Bundled and uploaded maps' },
  { name: 'operations', description: 'Health of the service' },
  { name: 'dev', description: 'Test servers only (ALLOW_TEST_CLOCK=true)' },
]

const ERROR_REF = '#/components/schemas/Error'
const errorAnswer = (status: string): Json => ({ description: STATUS_TEXT[status], content: { 'application/json': { schema: { $ref: ERROR_REF } } } })
const ANY_OPERATION_MAY = (responses: Record<string, Json>): Record<string, Json> =>
  Object.fromEntries(['400', '503'].filter((status) => !responses[status]).map((status) => [status, errorAnswer(status)]))

/** A conditional read: the 200 carries an ETag, the request may send If-None-Match, the 304 has no body. */
function conditional(operation: Operation, responses: Record<string, Json>) {
  const { content: _none, ...notModified } = responses['304']!
  responses['304'] = notModified
  const ok = responses['200']
  if (ok)
    responses['200'] = {
      ...ok,
      headers: { ...(ok.headers as Json), ETag: { description: 'The tag of this body; send it back in If-None-Match', schema: { type: 'string' } } },
    }
  const parameters = (operation.parameters as Json[] | undefined) ?? []
  if (!parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'if-none-match'))
    operation.parameters = [
      ...parameters,
      {
        in: 'header',
        name: 'If-None-Match',
        required: false,
        description: 'The ETag of the body you hold: 304 if it is still the one',
        schema: { type: 'string' },
      },
    ]
}

const header = (description: string, type = 'integer') => ({ description, schema: { type } })

/**
 * A limited operation: how long to wait on its 429 and, where @fastify/rate-limit counts its
 * requests (`counted`), how much is left on its answers. Other limits (open streams, mails an
 * hour) send no RateLimit-*, so their documents promise none (#50).
 */
function limited(responses: Record<string, Json>, counted: boolean) {
  for (const [status, response] of Object.entries(responses)) {
    if (status === '429')
      responses[status] = { ...response, headers: { ...(response.headers as Json), 'Retry-After': header('Seconds to wait before trying again') } }
    else if (status.startsWith('2') && counted)
      responses[status] = {
        ...response,
        headers: {
          ...(response.headers as Json),
          'RateLimit-Limit': header('Requests allowed in the window (limits counted per request)'),
          'RateLimit-Remaining': header('Requests left in the window'),
          'RateLimit-Reset': header('Seconds until the window starts again'),
        },
      }
  }
}

/** An error answer is served as `application/problem+json` (RFC 9457): the document says so. */
function asProblem(status: string, response: Json): Json {
  const content = response.content as Record<string, { schema?: { $ref?: string } }> | undefined
  const json = content?.['application/json']
  if (Number(status) < 400 || json?.schema?.$ref !== ERROR_REF) return response
  return { ...response, content: { 'application/problem+json': json } }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])

/** Whether a path belongs in the API document: `/api/…` and the health checks (`/health`, `/health/ready`). */
export const isApiPath = (path: string) => path === '/health' || path.startsWith('/health/') || path.startsWith('/api/')

/** `get /api/campaigns/{id}/dice/{week}` → `getCampaignsByIdDiceByWeek`: unique as long as method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      const parts = (param ? param[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean)
      return [...(param ? ['By'] : []), ...parts.map((part) => part[0]!.toUpperCase() + part.slice(1))]
    })
  return method.toLowerCase() + words.join('')
}

/** The finished document: API paths only, every operation named, described and with its security said; `rateLimited`: the "method path" of each operation @fastify/rate-limit counts. */
export function finishDocument<D extends OpenApiDocument>(document: D, serverUrl: string, rateLimited: ReadonlySet<string> = new Set()): D {
  const paths: OpenApiDocument['paths'] = {}
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isApiPath(path)) continue
    const finished: Record<string, Operation> = {}
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) {
        finished[method] = operation
        continue
      }
      const responses: Record<string, Json> = {}
      // Any request can be refused for hostile input (a NUL, too deep) or meet a database that is down.
      for (const [status, response] of Object.entries({ ...operation.responses, ...ANY_OPERATION_MAY(operation.responses ?? {}) })) {
        const described = typeof response.description === 'string' && response.description !== 'Default Response'
        responses[status] = asProblem(status, described ? response : { ...response, description: STATUS_TEXT[status] ?? `Status ${status}` })
      }
      if (responses['304']) conditional(operation, responses)
      if (responses['429']) limited(responses, rateLimited.has(`${method} ${path}`))
      finished[method] = {
        ...operation,
        operationId: operation.operationId ?? operationIdOf(method, path),
        // Open operations say so: a document without a word on security reads as "unknown".
        security: operation.security ?? [],
        responses,
      }
    }
    paths[path] = finished
  }
  const components = document.components as { schemas?: Record<string, Json> } | undefined
  const schemas = Object.fromEntries(Object.entries(components?.schemas ?? {}).map(([name, schema]) => [name, withMapping(schema, components?.schemas ?? {})]))
  return { ...document, components: { ...components, schemas }, paths, servers: [{ url: serverUrl }], tags: API_TAGS }
}

/** A discriminated `oneOf` with its mapping spelled out: which `type` value means which component. */
function withMapping(schema: Json, schemas: Record<string, Json>): Json {
  const discriminator = schema.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined
  if (!discriminator || discriminator.mapping || !Array.isArray(schema.oneOf)) return schema
  const mapping: Record<string, string> = {}
  for (const { $ref } of schema.oneOf as { $ref?: string }[]) {
    const name = $ref?.replace('#/components/schemas/', '')
    // @fastify/swagger writes a `const` as a one-value `enum`.
    const property = (schemas[name ?? '']?.properties as Record<string, { const?: unknown; enum?: unknown[] }> | undefined)?.[discriminator.propertyName]
    const value = property?.const ?? (property?.enum?.length === 1 ? property.enum[0] : undefined)
    if (typeof value === 'string' && $ref) mapping[value] = $ref
  }
  return { ...schema, discriminator: { ...discriminator, mapping } }
}
