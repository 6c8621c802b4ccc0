// Server-rendered pages: Handlebars through @fastify/view, forms (formbody),
// the login cookie (the same JWT as the API's bearer token, httpOnly and
// SameSite=Lax) and CSRF tokens on every form (@fastify/csrf-protection).
import { createHmac } from 'node:crypto'
import path from 'node:path'
import cookie from '@fastify/cookie'
import csrf from '@fastify/csrf-protection'
import formbody from '@fastify/formbody'
import view from '@fastify/view'
import fp from 'fastify-plugin'
import Handlebars from 'handlebars'
import { registerHelpers } from '../../lib/page-helpers.ts'

export const SESSION_COOKIE = 'ww_session'

export default fp(
  async (fastify) => {
    const secret = createHmac('sha256', fastify.config.jwtSecret).update('cookies').digest('base64url')
    await fastify.register(cookie, { secret })
    await fastify.register(formbody)
    await fastify.register(csrf, {
      sessionPlugin: '@fastify/cookie',
      cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: fastify.config.publicUrl.startsWith('https:') },
      getToken: (request) => (request.body as { _csrf?: string } | undefined)?._csrf ?? (request.headers['x-csrf-token'] as string | undefined),
    })
    const hb = Handlebars.create()
    registerHelpers(hb)
    await fastify.register(view, {
      engine: { handlebars: hb },
      root: path.resolve(import.meta.dirname, '../../../views/pages'),
      layout: 'layout.hbs',
      options: { partials: { nav: 'partials/nav.hbs', error: 'partials/error.hbs' } },
      // Templates are compiled once, except in development where edits show on reload.
      production: fastify.config.nodeEnv !== 'development',
    })
  },
  { name: 'view', dependencies: ['config'] },
)
