// The server-rendered pages, by area (files beside this one). They call the
// same services as the API; forms post with a CSRF token and the login cookie,
// are validated by the API's own schemas (src/schemas/actions.ts), and every
// action works without JavaScript. Errors are HTML pages (or the form again,
// with the error and its rule id beside it) with the error's 4xx status.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { AppError, unavailableBecause } from '../../lib/errors.ts'
import { accountPages } from './account.ts'
import { accountLinkPages } from './account-links.ts'
import { campaignPages } from './campaigns.ts'
import { gmPages } from './gm.ts'
import { pageKit, STRINGS, type Req } from './kit.ts'
import { absencePages } from './absences.ts'
import { resultPages } from './results.ts'
import { openPages } from './open.ts'
import { profilePages } from './profiles.ts'
import { guidePages } from './guide.ts'
import { rulePages } from './rules.ts'
import { scenePages } from './scenes.ts'
import { recapPages } from './recap.ts'
import { FACES, facePages } from '../../faces/index.ts'

/** Pages live at the site root, not under /pages. */
export const prefixOverride = ''

const VIEWS = path.resolve(import.meta.dirname, '../../../views')
const ASSETS: Record<string, [type: string, body: string | Buffer]> = {
  'app.css': ['text/css; charset=utf-8', readFileSync(path.join(VIEWS, 'assets/app.css'), 'utf8')],
  // The installable app's icons (#30), drawn from icon.svg.
  'icon.svg': ['image/svg+xml', readFileSync(path.join(VIEWS, 'assets/icon.svg'), 'utf8')],
  'icon-192.png': ['image/png', readFileSync(path.join(VIEWS, 'assets/icon-192.png'))],
  'icon-512.png': ['image/png', readFileSync(path.join(VIEWS, 'assets/icon-512.png'))],
  'app.js': ['text/javascript; charset=utf-8', readFileSync(path.join(VIEWS, 'assets/app.js'), 'utf8')],
  'messages.js': ['text/javascript; charset=utf-8', readFileSync(path.join(VIEWS, 'assets/messages.js'), 'utf8')],
  // The sheet over a tappable map, which the map faces configure (FaceOnPages.platformScripts).
  'tap-sheet.js': ['text/javascript; charset=utf-8', readFileSync(path.join(VIEWS, 'assets/tap-sheet.js'), 'utf8')],
  // The message library's own browser build (an ES module), served as it ships.
  'vendor/intl-messageformat.js': [
    'text/javascript; charset=utf-8',
    readFileSync(path.resolve(import.meta.dirname, '../../../node_modules/intl-messageformat/intl-messageformat.iife.js'), 'utf8').replace(
      /\n\/\/# sourceMappingURL=.*$/,
      '\n',
    ),
  ],
  // Each game's scripts and style sheets, from its own folder: /assets/games/<folder>/<file>.
  ...Object.fromEntries(
    FACES.flatMap((f) =>
      [...f.scripts, ...f.styles].map((file) => [
        `games/${f.folder}/${file}`,
        [
          file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
          readFileSync(path.join(VIEWS, 'games', f.folder, 'assets', file), 'utf8'),
        ] as [string, string],
      ]),
    ),
  ),
}

export default async function pages(fastify: FastifyInstance) {
  const kit = pageKit(fastify)
  const { render } = kit

  fastify.setErrorHandler(async (error: Error & { statusCode?: number; code?: string; rule?: string; validation?: unknown }, request, reply) => {
    if (error instanceof AppError && error.statusCode === 401) {
      return reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 302)
    }
    const unavailable = unavailableBecause(error)
    if (unavailable) {
      // Nothing here may need the database: no login lookup, no layout data.
      request.log.warn({ err: error }, unavailable === 'down' ? 'database unreachable' : 'database busy')
      const s = STRINGS[/^\s*es\b/i.test(request.headers['accept-language'] ?? '') ? 'es' : 'en']
      const text = unavailable === 'down' ? s.unavailable : s.busy
      return reply
        .code(503)
        .header('retry-after', '5')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${s === STRINGS.es ? 'es' : 'en'}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${s.unavailableTitle}</title><link rel="stylesheet" href="/assets/app.css"><main><h1>${s.unavailableTitle} (503)</h1><p role="alert">${text}</p></main></html>`,
        )
    }
    const status = error instanceof AppError ? error.statusCode : error.validation ? 400 : error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, 'page failed')
    const code =
      error instanceof AppError
        ? error.code
        : error.code?.startsWith('FST_CSRF')
          ? 'request/csrf'
          : error.validation
            ? 'request/invalid'
            : status >= 500
              ? 'internal'
              : `request/${status}`
    const message =
      status >= 500
        ? `Something went wrong on our side (request ${request.id}).`
        : code === 'request/csrf'
          ? 'This form is out of date; go back, reload the page and try again.'
          : error.validation
            ? `Invalid request: ${error.message}`
            : error.message
    const params = { requestId: request.id, detail: error.validation ? error.message : undefined }
    return render(request, reply, 'error.hbs', { title: String(status), status, error: { code, message, rule: (error as AppError).rule, params } }, status)
  })

  fastify.get('/assets/*', async (request: Req, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params['*']!) ? ASSETS[request.params['*']!] : undefined
    if (!asset) throw new AppError(404, 'not_found', 'No such file')
    return reply.type(asset[0]).header('cache-control', 'public, max-age=300').send(asset[1])
  })

  // The service worker shows pushes (#30); served from the root so that its scope is the whole site.
  const serviceWorker = readFileSync(path.join(VIEWS, 'assets/sw.js'), 'utf8')
  fastify.get('/sw.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(serviceWorker))

  // The web app manifest, in the reader's language: a phone can put the service on its home screen.
  fastify.get('/manifest.webmanifest', async (request: Req, reply) => {
    const { locale } = await kit.viewer(request)
    const s = STRINGS[locale]
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send({
        name: s.app,
        short_name: s.app,
        description: s.appDescription,
        lang: locale,
        start_url: '/campaigns',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1f3a5f',
        icons: [
          { src: '/assets/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/assets/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/assets/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      })
  })

  // The home page: what the service is, its games, and a week of it as a picture.
  const W = 320
  const x0 = 70
  const hourX = (h: number) => x0 + (h / 24) * W
  const COLOURS = ['#c0392b', '#2471a3', '#229954', '#d68910', '#7d3c98', '#17a589', '#5d6d7e']
  const TRIBES = ['Astures', 'Bracari', 'Cántabros', 'Duriatos', 'Edetanos', 'Frisios', 'Galaicos']
  const WEEK = {
    x0,
    windowWidth: hourX(20) - x0,
    closeX: hourX(20),
    weeklyX: hourX(20) + 10,
    hours: [0, 6, 12, 20].map((h) => ({ x: hourX(h), label: `${h}:00` })),
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekday, i) => ({
      weekday,
      tribe: TRIBES[i],
      colour: COLOURS[i],
      y: 22 + i * 28,
      textY: 35 + i * 28,
      textX: x0 + 6,
      cy: 31 + i * 28,
      starTop: 24 + i * 28,
      weekly: i === 6,
    })),
  }
  // Each game's guide, for a newcomer (#27).
  const guides = FACES.map((f) => ({ href: f.guide.path, label: f.guide.label }))
  // Each game in its own words: its name, what it is, its rule book (its guide is linked above).
  const gameList = FACES.map((f) => ({ name: f.name, pitch: f.pitch, rules: f.rules, rulesLabel: f.rulesLabel }))
  fastify.get('/', async (request: Req, reply) => render(request, reply, 'home.hbs', { ...WEEK, guides, games: gameList }))
  fastify.get('/favicon.ico', async (_request, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send())

  accountPages(fastify, kit)
  accountLinkPages(fastify, kit)
  const games = facePages(fastify, kit)
  campaignPages(fastify, kit, games)
  scenePages(fastify, kit, games)
  gmPages(fastify, kit, games)
  rulePages(fastify, kit)
  guidePages(fastify, kit)
  profilePages(fastify, kit)
  openPages(fastify, kit)
  absencePages(fastify, kit)
  recapPages(fastify, kit)
  resultPages(fastify, kit)
}
