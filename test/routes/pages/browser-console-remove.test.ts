// The GM removes a squatting tribe from the console before the start (#25), on a phone in
// Spanish (tapping) and on a desktop in English (keyboard only): a ticked confirmation first,
// what was done said in place, axe clean; the freed seat given to the bot and freed again (#50);
// screenshots console-remove-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test(
  'the GM removes a tribe from the console with a ticked confirmation, by tapping at 390 px in Spanish and by keyboard at 1366 px in English',
  async (t) => {
    mkdirSync(ARTIFACTS, { recursive: true })
    const app = await buildTestApp(t, { loginRateLimit: 1000 })
    const table = await setUp(app, { ana: 'monday', squatter: 'friday', idler: 'sunday' })
    const gmEmail = (await call(app, table.gm, 'GET', '/api/me')).body.email as string
    const language = async (locale: 'en' | 'es') => t.equal((await call(app, table.gm, 'PATCH', '/api/me', { locale })).status, 200)
    await language('es')
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    const { browser } = await launchBrowser()
    t.teardown(() => browser.close())
    const problems: string[] = []
    const console = `/campaigns/${table.id}/gm`

    const phone = await loggedIn(browser, base, gmEmail, console, { width: 390, locale: 'es-ES', problems })
    const row = phone.locator('tr', { hasText: 'squatter' })
    await row.locator('button', { hasText: 'Retirar' }).tap()
    t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 3, 'without the tick nothing happens (the browser asks for it)')
    await row.locator('input[name="confirm"]').tap()
    await phone.screenshot({ path: path.join(ARTIFACTS, 'console-remove-1-confirm-390-es.png'), fullPage: true })
    t.same(await axe(phone), [], 'axe: no WCAG A/AA violation at 390 px')
    await row.locator('button', { hasText: 'Retirar' }).tap()
    await phone.waitForURL(/done=tribeRemoved/)
    t.match(await phone.locator('.done').innerText(), /retirada/, 'said in place, in Spanish')
    await phone.screenshot({ path: path.join(ARTIFACTS, 'console-remove-2-done-390-es.png'), fullPage: true })
    t.equal(await phone.locator('tr', { hasText: 'squatter' }).count(), 0, 'the tribe is gone from the roster')
    // The freed seat goes to the bot (#50): the form offers a name and the first free weekday, one tap.
    const seat = phone.locator('form[action$="/gm/bot-seat"]')
    t.match(await seat.locator('select[name="weekday"] option:checked').innerText(), /^martes$/i, 'the first free weekday, in Spanish')
    await seat.locator('button').tap()
    await phone.waitForURL(/done=botSeat/)
    t.match(await phone.locator('.done').innerText(), /El bot ocupa el asiento/, 'said in place')
    t.match(await phone.locator('.bot-seats').innerText(), /Bot 3: La juega el bot/, 'and the bot card lists its tribe')
    await phone.screenshot({ path: path.join(ARTIFACTS, 'console-remove-2b-bot-seat-390-es.png'), fullPage: true })
    t.same(await axe(phone), [], 'axe: no WCAG A/AA violation with the bot seated')

    await language('en')
    const desk = await loggedIn(browser, base, gmEmail, console, { width: 1366, locale: 'en-GB', problems })
    // The row's confirmation ticked with Space, its button reached with Tab and pressed with Enter.
    const removeByKeyboard = async (tribe: string, done: RegExp) => {
      await desk.locator('tr', { hasText: tribe }).locator('input[name="confirm"]').focus()
      for (const key of ['Space', 'Tab', 'Enter']) await desk.keyboard.press(key)
      await desk.waitForURL(done)
    }
    await removeByKeyboard('idler', /done=tribeRemoved/)
    t.match(await desk.locator('.done').innerText(), /removed/, 'said in place, in English')
    t.same(await axe(desk), [], 'axe: no WCAG A/AA violation at 1366 px')
    await desk.screenshot({ path: path.join(ARTIFACTS, 'console-remove-3-done-1366-en.png'), fullPage: true })
    // Removing the bot's tribe frees the seat, and says so (nobody to mail).
    t.equal(
      await desk.locator('form[action$="/gm/bot-seat"] input[name="tribeName"]').inputValue(),
      'Bot 4',
      'the next seat is offered a name no tribe has: Bot 3 is taken',
    )
    await removeByKeyboard('Bot 3', /done=seatFreed/)
    t.match(await desk.locator('.done').innerText(), /The seat is free again/, 'the bot leaves the seat, by keyboard')
    t.same(
      (await app.prisma.tribe.findMany({ where: { campaignId: table.id } })).map((x) => x.name),
      ['ana'],
      'only ana is left',
    )
    t.same(problems, [], 'no script error')
  },
)
