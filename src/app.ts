// The whole service as one Fastify plugin: library wrappers first
// (plugins/external), then domain services (plugins/app), then routes (URL = folder).
import path from 'node:path'
import AutoLoad from '@fastify/autoload'
import fp from 'fastify-plugin'
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import type { Supervision } from './db/embedded.ts'
import { answerComponents, orderComponents, tradeComponents } from './faces/order-schemas.ts'
import { mailRecaps } from './faces/recap.ts'
import { AppError, errorBody, unavailableBecause } from './lib/errors.ts'
import { buildSerializer, buildValidator } from './lib/validators.ts'

const RETRY_AFTER_S = 5
const MAX_DEPTH = 32

/**
 * Throws at a NUL character in any key or text, or at nesting beyond MAX_DEPTH. It runs on every
 * request: it walks the value in place, allocating nothing (#52); the depth check bounds the recursion.
 */
function refuseHostileInput(value: unknown, where: string, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw nulIn(where)
  } else if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) throw new AppError(400, 'request/too_deep', `The ${where} is nested more than ${MAX_DEPTH} levels deep`)
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) refuseHostileInput(value[index], where, depth + 1)
      return
    }
    const record = value as Record<string, unknown>
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue
      if (key.includes('\u0000')) throw nulIn(where)
      refuseHostileInput(record[key], where, depth + 1)
    }
  }
}

const nulIn = (where: string) => new AppError(400, 'request/nul_character', `The ${where} holds a NUL character (U+0000), which no text may contain`)

export interface AppOptions {
  config: Config
  databaseUrl: string
  /**
   * Settled once the schema is there (server.ts's migrations): the plugins and routes load
   * meanwhile, and nothing that reads the database (the onReady sweep) runs before it.
   */
  schemaReady?: Promise<unknown>
  /** The embedded PostgreSQL's supervision, which `/health` reports (#45). */
  supervision?: () => Supervision
}

const dir = import.meta.dirname

export const app: FastifyPluginAsync<AppOptions> = async (fastify, opts) => {
  // Handlers first: routes registered after them inherit them.
  fastify.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown; rule?: string }, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.rule))
    }
    if (error.validation) {
      return reply.code(400).send(errorBody('request/invalid', `Invalid request: ${error.message}`))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code =
        status === 415
          ? 'request/unsupported_media_type'
          : status === 413
            ? 'request/too_large'
            : status === 429
              ? 'request/rate_limited'
              : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'request/invalid_json'
                : `request/${status}`
      return reply.code(status).send(errorBody(code, error.message))
    }
    const unavailable = unavailableBecause(error)
    if (unavailable === 'down') {
      request.log.warn({ err: error }, 'database unreachable')
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send(errorBody('service/unavailable', `The database is not answering; try again in ${RETRY_AFTER_S} seconds.`))
    }
    if (unavailable === 'busy') {
      request.log.warn({ err: error }, 'database busy')
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send(errorBody('service/busy', `The service is busy; try again in ${RETRY_AFTER_S} seconds.`))
    }
    request.log.error({ err: error }, 'request failed')
    // No internals in 5xx bodies: the request id lets an operator find the log line.
    return reply.code(500).send(errorBody('internal', `Something went wrong on our side (request ${request.id}).`))
  })

  // Text with a NUL byte cannot be stored, and input nested deeper than any of ours is
  // not ours: both are refused before a route sees them.
  // Both hooks below take a callback: an async hook costs every request a promise (#52).
  fastify.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseHostileInput(request.body, 'body')
      refuseHostileInput(request.query, 'query')
      refuseHostileInput(request.params, 'path')
    } catch (error) {
      return done(error as Error)
    }
    done()
  })

  // An empty path parameter (`/scenes/` for `/scenes/{sceneId}`) must not fall through to the
  // list route a trailing slash would reach: in the API, a trailing slash names nothing.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const url = request.url
    if (!url.startsWith('/api/')) return done()
    const query = url.indexOf('?')
    const path = query === -1 ? url : url.slice(0, query)
    if (path.endsWith('/')) return done(new AppError(404, 'not_found', `No route ${request.method} ${path}: an empty path segment names nothing`))
    done()
  })

  // At shutdown Node closes the connections idle at that moment; one whose answer was still in
  // flight would stay open on the client's keep-alive, holding the shutdown until it timed out.
  // Each is closed once idle, that is once its answer is sent (#51).
  let draining: NodeJS.Timeout | undefined
  fastify.addHook('preClose', async () => {
    draining = setInterval(() => fastify.server.closeIdleConnections(), 50).unref()
  })
  fastify.addHook('onClose', async () => clearInterval(draining))

  await fastify.register(AutoLoad, { dir: path.join(dir, 'plugins/external'), options: opts, encapsulate: false })
  await fastify.register(AutoLoad, { dir: path.join(dir, 'plugins/app'), options: { ...opts, recaps: mailRecaps }, encapsulate: false })
  // The games' order, trade, board and options shapes, before the routes that name them (faces/order-schemas.ts).
  for (const schema of [...orderComponents(), ...tradeComponents(), ...answerComponents()]) fastify.addSchema(schema)
  await fastify.register(AutoLoad, { dir: path.join(dir, 'routes'), options: opts, autoHooks: true, cascadeHooks: true })
}

/** Server options the routes rely on (the orders schema uses a discriminator). */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: { level: config.logLevel },
    // Loading the plugins is mostly loading modules: seconds on a busy machine, never a reason to fail the start.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true },
    // x-examples: hand-written request examples for the OpenAPI document, no validation meaning.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, discriminator: true, keywords: ['x-examples'] } },
    schemaController: { compilersFactory: { buildValidator, buildSerializer } },
  }
}

export async function buildApp(options: AppOptions, server: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const fastify = Fastify({ ...serverOptions(options.config), ...server }).withTypeProvider<TypeBoxTypeProvider>()
  // Not encapsulated, so the process (server.ts, tests) sees the decorators too.
  await fastify.register(fp(app, { name: 'weekday-wars' }), options)
  await options.schemaReady
  await fastify.ready()
  return fastify
}
