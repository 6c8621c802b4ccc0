// #51 in a real browser, with the mails read from the test SMTP server: a player on a Spanish
// phone who forgot her password resets it by keyboard alone; a player at an English desktop
// changes his address, confirms it from the new mailbox, and later signs in by a mailed link.
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock } from '../../helpers/campaign.ts'
import { smtpReceiver } from '../../helpers/smtp.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
const PASSWORD = 'correct horse battery'

t.test('#51 a password reset, a new address and a sign-in link, each by mail', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  for (const [email, displayName, locale] of [
    ['eva@example.com', 'Eva', 'es'],
    ['gil@example.com', 'Gil', 'en'],
  ])
    await call(app, null, 'POST', '/api/auth/register', { email, password: PASSWORD, displayName, locale })
  const evaElsewhere = (await call(app, null, 'POST', '/api/auth/login', { email: 'eva@example.com', password: PASSWORD })).body.token as string
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  /** The newest mail to an address, once what was asked for has gone out, and its link. */
  const linkTo = async (address: string, subject: RegExp) => {
    await app.accountLinks.settled()
    await app.deliveries.flush()
    const mail = smtp.mails.filter((m) => m.to.includes(address) && subject.test(m.subject)).at(-1)
    const url = /(http\S+\?token=[\w-]+)/.exec(mail?.text ?? '')?.[1]
    if (!url) throw new Error(`no ${subject} mail to ${address}`)
    // The mail's links name the service's public address; the test's server listens elsewhere.
    return url.replace(/^https?:\/\/[^/]+/, base)
  }
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []

  await t.test('es, 390 px, keyboard only: a forgotten password', async (t) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'es-ES', bypassCSP: true })
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(`${base}/login`)
    await page.locator('a[href="/forgot-password"]').focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${base}/forgot-password`)
    t.match(await page.textContent('h1'), /Contraseña olvidada/)
    await page.keyboard.press('Tab')
    // Tab from the page's top reaches the address field; typed, Enter sends it.
    await page.locator('input[name="email"]').focus()
    await page.keyboard.type('eva@example.com')
    await page.keyboard.press('Enter')
    await page.waitForSelector('p.done')
    t.match(await page.textContent('main'), /Si hay una cuenta con esta dirección, le llega un correo/, 'the one answer, in Spanish')
    t.same(await axe(page), [], 'the request page: no WCAG A/AA violation')
    await page.screenshot({ path: path.join(ARTIFACTS, 'account-1-forgot-es-390.png'), fullPage: true })

    await page.goto(await linkTo('eva@example.com', /elige una contraseña nueva/))
    t.match(await page.textContent('h1'), /Elige una contraseña nueva/)
    await page.locator('input[name="password"]').focus()
    await page.keyboard.type('purple otter under the bridge')
    t.same(await axe(page), [], 'the new-password page: no WCAG A/AA violation')
    await page.screenshot({ path: path.join(ARTIFACTS, 'account-2-reset-es-390.png'), fullPage: true })
    await page.keyboard.press('Enter')
    await page.waitForURL(`${base}/me?saved=password`)
    t.match(await page.textContent('main'), /Tu contraseña ha cambiado/, 'logged in, and told')
    await page.screenshot({ path: path.join(ARTIFACTS, 'account-3-changed-es-390.png'), fullPage: true })
    t.equal((await call(app, evaElsewhere, 'GET', '/api/me')).status, 401, 'her other login ended')
    await page.goto(`${base}/me/account`)
    t.match(await page.textContent('main'), /Cerrar la cuenta/, 'her account page, in Spanish, offers to leave')
    t.same(await axe(page), [], 'the account page at 390 px: no WCAG A/AA violation')
    await page.screenshot({ path: path.join(ARTIFACTS, 'account-6-account-page-es-390.png'), fullPage: true })
  })

  await t.test('en, 1366 px: a new address confirmed from its mailbox, then a sign-in by mail', async (t) => {
    const page = await loggedIn(browser, base, 'gil@example.com', '/me', { width: 1366, locale: 'en-GB', problems })
    await page.click('a[href="/me/account"]')
    await page.waitForURL(`${base}/me/account`)
    t.same(await axe(page), [], 'the account page: no WCAG A/AA violation')
    await page.fill('input[name="email"][type="email"]', 'gil@new.example')
    await page.fill('form[action="/me/email"] input[name="password"]', PASSWORD)
    await page.click('form[action="/me/email"] button[type="submit"]')
    await page.waitForSelector('p.done')
    t.match(await page.textContent('p.done'), /A link to confirm it is on its way to gil@new\.example/)
    await page.screenshot({ path: path.join(ARTIFACTS, 'account-4-new-address-en-1366.png'), fullPage: true })

    await page.goto(await linkTo('gil@new.example', /confirm your new address/))
    await page.click('main form button[type="submit"]')
    await page.waitForURL(`${base}/me?saved=email`)
    t.match(await page.textContent('main'), /Your address was changed/)
    await app.deliveries.flush()
    const told = smtp.mails.find((m) => m.to.includes('gil@example.com') && /address was changed/.test(m.subject))
    t.match(told?.text, /now uses the address gil@new\.example/, 'the old address is told')

    await page.click('header form[action="/logout"] button')
    await page.waitForURL(`${base}/login`)
    await page.click('a[href="/sign-in-link"]')
    await page.fill('input[name="email"]', 'gil@new.example')
    await page.click('main form button[type="submit"]')
    await page.waitForSelector('p.done')
    await page.goto(await linkTo('gil@new.example', /your sign-in link/))
    t.same(await axe(page), [], 'the sign-in page: no WCAG A/AA violation')
    await page.screenshot({ path: path.join(ARTIFACTS, 'account-5-sign-in-en-1366.png'), fullPage: true })
    await page.click('main form button[type="submit"]')
    await page.waitForURL(`${base}/campaigns`)
    t.match(await page.textContent('header'), /Gil/, 'signed in as Gil, no password typed')

    await page.goto(`${base}/me/account`)
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href="/me/export"]')])
    const file = await download.path()
    const exported = JSON.parse(readFileSync(file, 'utf8'))
    t.equal(exported.account.email, 'gil@new.example', 'his data, downloaded as a file')
    await page.fill('form[action="/me/close"] input[name="password"]', PASSWORD)
    await page.check('form[action="/me/close"] input[name="confirm"]')
    await page.click('form[action="/me/close"] button[type="submit"]')
    await page.waitForURL(`${base}/login?notice=account_closed`)
    t.match(await page.textContent('main'), /Your account is closed/, 'closed, and told so')
    t.equal((await call(app, null, 'POST', '/api/auth/login', { email: 'gil@new.example', password: PASSWORD })).status, 401, 'no way back in')
  })
  t.same(problems, [], 'no script error')
})
