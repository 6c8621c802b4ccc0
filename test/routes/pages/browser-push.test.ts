// Web Push on a phone (#30), in real Chromium: the settings page turns notifications on for this
// device in one tap (the browser's subscription handed to the server), a kind's push switch is
// saved, the service worker shows a pushed message and the manifest makes the site installable;
// off again by keyboard alone; English at 390 px and Spanish at 1366 px, axe-clean.
// The browser's own push service is on the internet, which these machines cannot reach: the
// page's PushManager hands out a subscription of the local push receiver instead, so the push
// that follows is encrypted for, delivered to and decrypted by that receiver, as a device would.
// Screenshots: test-artifacts/push-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { foreignWords } from '../../helpers/languages.ts'
import { PUSH_CA_FILE, pushReceiver } from '../../helpers/push-receiver.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('a device turned on in one tap gets its player’s window by push; the worker shows it; off by keyboard', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const receiver = await pushReceiver()
  t.teardown(receiver.close)
  const app = await buildTestApp(t, { allowTestClock: true, allowPrivateWebhooks: true, pushCaFile: PUSH_CA_FILE })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const ben = table.players.ben!
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: ben.userId } })).email
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const phone = await loggedIn(browser, base, email, '/me/notifications', { width: 390, locale: 'en-GB', problems })
  await phone.context().grantPermissions(['notifications'], { origin: base })
  const device = receiver.device()
  // The receiver's subscription stands in for the browser's push service's (see the top).
  await phone.context().addInitScript(`(() => {
    const subscription = ${JSON.stringify(device.subscription)}
    const wrap = (on) => on && { endpoint: subscription.endpoint, toJSON: () => ({ ...subscription, expirationTime: null }), unsubscribe: async () => (localStorage.removeItem('test-push'), true) }
    PushManager.prototype.subscribe = async function () { localStorage.setItem('test-push', '1'); return wrap(true) }
    PushManager.prototype.getSubscription = async function () { return wrap(localStorage.getItem('test-push') === '1') }
  })()`)
  await phone.reload()
  const card = phone.locator('#push-device')
  const button = card.locator('button')
  // The page's script writes the device's state once it has asked the browser: wait for it, not for the load.
  await card
    .locator('[data-status]', { hasText: 'Notifications are off on this device.' })
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined)
  t.equal(await card.locator('[data-status]').textContent(), 'Notifications are off on this device.')
  t.equal(await button.textContent(), 'Turn on notifications on this device')
  t.same(await axe(phone), [], 'no WCAG A/AA violation on the settings page at 390 px')
  await phone.screenshot({ path: path.join(ARTIFACTS, 'push-0-off-390-en.png'), fullPage: true })

  // ---- one tap ----
  await button.tap()
  await phone.waitForFunction("document.querySelector('#push-device [data-status]').textContent.startsWith('This device gets')")
  t.equal(await button.textContent(), 'Turn them off on this device', 'the switch now turns it off')
  const devices = (await call(app, ben.token, 'GET', '/api/me/push')).body.devices
  t.same(
    devices.map((d: { endpoint: string }) => d.endpoint),
    [device.subscription.endpoint],
    'the server keeps the subscription',
  )
  t.ok(devices[0].label.length > 0, 'named after the device’s platform')
  await phone.reload()
  t.equal(await phone.locator('ul.devices li').count(), 1, 'the list shows the device')
  await phone.screenshot({ path: path.join(ARTIFACTS, 'push-1-on-390-en.png'), fullPage: true })

  // ---- a kind's push switch ----
  await phone.locator('input[name="pushPayout"]').uncheck()
  await Promise.all([phone.waitForLoadState(), phone.locator('form[action="/me/notifications"] button[type="submit"]').click()])
  const settings = (await call(app, ben.token, 'GET', '/api/me/notifications')).body
  t.equal(settings.pushPayout, false, 'the payout is no longer pushed')
  t.equal(settings.payout, true, 'but still mailed')

  // ---- the window opens: its push reaches the device, decrypted ----
  await setClock(app, '2026-12-01T23:05:00Z') // Wednesday 00:05 in Madrid
  const pushed = receiver.received.find((p) => p.message.kind === 'window_open')
  t.ok(pushed, 'the window’s push reached the device')
  t.equal(pushed?.message.url, `${app.config.publicUrl}/campaigns/${table.id}/turn`, "a tap opens the turn, the mail's Play link (#30)")

  // ---- the service worker, from the root (what it does with a push: test/routes/pages/service-worker.test.ts) ----
  const registered = await phone.evaluate('navigator.serviceWorker.ready.then((r) => r.active && r.active.scriptURL)')
  t.equal(registered, `${base}/sw.js`, 'the service worker runs from the root, its scope the whole site')

  // ---- installable: the manifest and its icons ----
  const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as { icons: { src: string; type: string }[] }
  t.match(manifest, { name: 'Weekday Wars', start_url: '/campaigns', display: 'standalone' })
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const res = await fetch(`${base}${icon.src}`)
    t.equal(res.headers.get('content-type'), icon.type, `${icon.src} is served as ${icon.type}`)
  }
  t.equal(await phone.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.webmanifest', 'every page links it')

  // ---- off again, by keyboard alone ----
  await button.focus()
  await phone.keyboard.press('Enter')
  await phone.waitForFunction("document.querySelector('#push-device [data-status]').textContent === 'Notifications are off on this device.'")
  t.same((await call(app, ben.token, 'GET', '/api/me/push')).body.devices, [], 'the server forgot the device')

  // ---- in Spanish, on a wide screen ----
  await app.prisma.user.update({ where: { id: ben.userId }, data: { locale: 'es' } })
  const desk = await loggedIn(browser, base, email, '/me/notifications', { width: 1366, locale: 'es-ES', problems })
  t.equal(await desk.locator('h1').textContent(), 'Notificaciones')
  t.equal(await desk.locator('#push-device [data-status]').textContent(), 'Las notificaciones están desactivadas en este dispositivo.')
  const feed = (await desk.locator('a[href*="calendar.ics"]').getAttribute('href'))!
  t.same(foreignWords(await desk.locator('main').innerText(), 'es', [feed]), [], 'no English on the Spanish page (the feed’s address aside)')
  t.same(await axe(desk), [], 'no WCAG A/AA violation at 1366 px in Spanish')
  await desk.screenshot({ path: path.join(ARTIFACTS, 'push-2-off-1366-es.png'), fullPage: true })
  const spanish = (await (await fetch(`${base}/manifest.webmanifest`, { headers: { 'accept-language': 'es' } })).json()) as { lang: string }
  t.equal(spanish.lang, 'es', 'the manifest speaks the reader’s language')
  t.same(problems, [], 'no script error on any page')
})
