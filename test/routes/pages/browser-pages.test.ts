// Every page of docs/PAGES.md's pages table in a real browser (#13): axe-core finds no WCAG A/AA
// problem at 390 px and 1366 px, and a Spanish reader finds no string of the English
// catalogue on any of them, as a player, as the GM and logged out. A screenshot of each
// page at 390 px in Spanish goes to test-artifacts/page-*.png.
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import t from 'tap'
import type { Browser, Page } from 'playwright-core'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, mondayGame } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
const { en: EN, es: ES } = CATALOGUE

/**
 * The English catalogue's strings a Spanish page must not show: those that differ in Spanish.
 * A string with parameters is checked by its longest fixed part.
 */
const ENGLISH_ONLY = Object.entries(EN)
  .filter(([key, en]) => ES[key] !== en)
  .map(
    ([key, en]) =>
      [
        key,
        en
          .split(/\{[a-zA-Z]+\}/)
          .map((part) => part.trim())
          .sort((a, b) => b.length - a.length)[0]!,
      ] as const,
  )
  .filter(([, text]) => text.length >= 4 && /[a-z]{3}/.test(text) && !Object.values(ES).some((es) => es.includes(text)))

function englishIn(text: string): string[] {
  return ENGLISH_ONLY.filter(([, en]) => new RegExp(`(?<![\\p{L}])${en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text)).map(
    ([key, en]) => `${key}: "${en}"`,
  )
}

t.test('every page: no WCAG A/AA violation at 390 and 1366 px, and no English on a Spanish page (player, GM, logged out)', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const { app, table } = await mondayGame(t)
  const id = table.id
  await app.prisma.campaign.update({ where: { id }, data: { name: 'Liga del Norte' } })
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${id}/scenes`, {
    title: 'Pacto',
    tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId],
  })
  await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${id}/scenes/${scene.body.id}/messages`, { body: 'Hola' })
  const invitation = await call(app, table.gm, 'POST', `/api/campaigns/${id}/invitations`, { tribeId: table.players.ben!.tribeId })
  t.equal(invitation.status, 201, 'a replacement invitation (the campaign runs)')
  const gmId = (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: id, role: 'gm' } })).userId
  const emailOf = async (userId: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const c = `/campaigns/${id}`
  const playerPages = [
    '/rules',
    '/campaigns',
    c,
    `${c}/pools`,
    `${c}/turn`,
    `${c}/history`,
    `${c}/dice`,
    `${c}/scenes`,
    `${c}/scenes/${scene.body.id}`,
    '/me/notifications',
    `${c}/absences`,
    '/me',
    `/users/${table.players.ben!.userId}`,
  ]
  const gmPages = [`${c}/gm`, `${c}/absences`, `${c}/scenes/${scene.body.id}`, `${c}/history`]
  const visitorPages = [
    '/',
    '/campaigns/open',
    '/login',
    '/register',
    '/rules',
    '/guide',
    '/guide/conquest',
    `/invitations/${invitation.body.token}`,
    `/users/${table.players.ana!.userId}`,
  ]

  const { browser, via } = await launchBrowser()
  t.comment(`browser: ${via}`)
  t.teardown(() => browser.close())
  const problems: string[] = []

  const check = async (page: Page, who: string, url: string, width: number, spanish: boolean) => {
    await page.goto(`${base}${url}`)
    const name = `${who} ${url.replace(id, '{id}').replace(scene.body.id, '{scene}').replace(invitation.body.token, '{token}')} at ${width} px`
    t.same(await axe(page), [], `${name}: no WCAG A/AA violation`)
    if (spanish) {
      t.equal(await page.getAttribute('html', 'lang'), 'es', `${name}: in Spanish`)
      const text = (await page.evaluate('document.body.innerText')) as string
      const attributes = (await page.evaluate(
        `[...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].map((e) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => e.getAttribute(a) ?? '').join(' ')).join(' | ')`,
      )) as string
      t.same(englishIn(`${text}\n${attributes}`), [], `${name}: no English catalogue string`)
      if (width === 390)
        await page.screenshot({
          path: path.join(
            ARTIFACTS,
            `page-${who}${url.replace(id, 'id').replace(scene.body.id, 'scene').replace(invitation.body.token, 'token').replace(/\//g, '-')}.png`,
          ),
        })
    }
  }
  const as = async (b: Browser, email: string | null, width: number, locale: string, first: string): Promise<Page> => {
    if (email) return loggedIn(b, base, email, first, { width, locale, problems })
    const page = await b.newPage({ viewport: { width, height: 844 }, locale, bypassCSP: true })
    page.on('pageerror', (e) => problems.push(e.message))
    return page
  }

  const anaEmail = await emailOf(table.players.ana!.userId)
  const gmEmail = await emailOf(gmId)
  for (const [width, locale, spanish] of [
    [390, 'es-ES', true],
    [1366, 'en-GB', false],
  ] as const) {
    await app.prisma.user.updateMany({ where: { id: { in: [table.players.ana!.userId, gmId] } }, data: { locale: spanish ? 'es' : 'en' } })
    const player = await as(browser, anaEmail, width, locale, playerPages[0]!)
    for (const url of playerPages) await check(player, 'player', url, width, spanish)
    await player.close()
    const gm = await as(browser, gmEmail, width, locale, gmPages[0]!)
    for (const url of gmPages) await check(gm, 'gm', url, width, spanish)
    await gm.close()
    const visitor = await as(browser, null, width, locale, visitorPages[0]!)
    for (const url of visitorPages) await check(visitor, 'visitor', url, width, spanish)
    await visitor.close()
  }
  t.same(problems, [], 'no script error on any page')
})
