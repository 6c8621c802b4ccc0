// Server-rendered pages: Handlebars through @fastify/view, forms (formbody),
// the login cookie (the same JWT as the API's bearer token, httpOnly and
// SameSite=Lax) and CSRF tokens on every form (@fastify/csrf-protection).
import { createHmac } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import cookie from '@fastify/cookie'
import csrf from '@fastify/csrf-protection'
import formbody from '@fastify/formbody'
import view from '@fastify/view'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import Handlebars from 'handlebars'
import { registerHelpers } from '../../lib/page-helpers.ts'

export const SESSION_COOKIE = 'ww_session'

const VIEWS = path.resolve(import.meta.dirname, '../../../views')

/**
 * A form's CSRF token is tied to the login it was made for (the login token's
 * id), so a token from another login, or from before logging in, is refused.
 */
export function csrfUserInfo(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE]
  if (!token) return 'anonymous'
  try {
    const [, payload] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { jti?: string; sub?: string }
    return claims.jti ?? claims.sub ?? 'anonymous'
  } catch {
    return 'anonymous'
  }
}

export default fp(
  async (fastify) => {
    const secret = createHmac('sha256', fastify.config.jwtSecret).update('cookies').digest('base64url')
    await fastify.register(cookie, { secret })
    await fastify.register(formbody)
    await fastify.register(csrf, {
      sessionPlugin: '@fastify/cookie',
      cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: fastify.config.publicUrl.startsWith('https:') },
      getUserInfo: csrfUserInfo,
      csrfOpts: { hmacKey: createHmac('sha256', fastify.config.jwtSecret).update('csrf').digest('base64url') },
      getToken: (request) => (request.body as { _csrf?: string } | undefined)?._csrf ?? (request.headers['x-csrf-token'] as string | undefined),
    })
    const hb = Handlebars.create()
    registerHelpers(hb)
    // Each game's partials, from its own folder: views/games/<folder>/pages/partials/<name>.hbs as {{> <folder>/<name>}}.
    const games = path.join(VIEWS, 'games')
    const gamePartials = Object.fromEntries(
      readdirSync(games).flatMap((folder) => {
        const dir = path.join(games, folder, 'pages/partials')
        return existsSync(dir)
          ? readdirSync(dir)
              .filter((f) => f.endsWith('.hbs'))
              .map((f) => [`${folder}/${f.slice(0, -4)}`, `../games/${folder}/pages/partials/${f}`])
          : []
      }),
    )
    await fastify.register(view, {
      engine: { handlebars: hb },
      root: path.join(VIEWS, 'pages'),
      layout: 'layout.hbs',
      options: {
        partials: {
          nav: 'partials/nav.hbs',
          error: 'partials/error.hbs',
          tribes: 'partials/tribes.hbs',
          botMark: 'partials/bot-mark.hbs',
          practice: 'partials/practice.hbs',
          inbox: 'partials/inbox.hbs',
          yourDay: 'partials/your-day.hbs',
          replay: 'partials/replay.hbs',
          diceRounds: 'partials/dice-rounds.hbs',
          ...gamePartials,
        },
      },
      // Templates are compiled once, except in development where edits show on reload.
      production: fastify.config.nodeEnv !== 'development',
    })
  },
  { name: 'view', dependencies: ['config'] },
)
