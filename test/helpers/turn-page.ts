// Playing the weekday game's turn page in a real browser as a thumb would: drag the map until a
// tile is in view, tap it, and send an order and wait for the page's answer.
import type { Locator, Page } from 'playwright-core'

export const tileOf = (page: Page, key: string) => page.locator(`svg.map g.tile[data-tile="${key}"]`)

/** Whether an element is at least partly within the 844 px screen, so a thumb reaches it without scrolling. */
export async function inView(locator: Locator, height = 844): Promise<boolean> {
  const box = await locator.boundingBox()
  return !!box && box.y < height && box.y + box.height > 0
}

/** Drags the map, as a finger would, until the tile is in the middle of it. */
export async function reveal(page: Page, key: string): Promise<void> {
  const map = (await page.locator('svg.map').boundingBox())!
  const box = (await tileOf(page, key).locator('polygon').boundingBox())!
  const [cx, cy] = [map.x + map.width / 2, map.y + map.height / 2]
  const [dx, dy] = [box.x + box.width / 2 - cx, box.y + box.height / 2 - cy]
  if (Math.abs(dx) < map.width / 3 && Math.abs(dy) < map.height / 3) return
  await page.mouse.move(cx, cy)
  await page.mouse.down()
  await page.mouse.move(cx - dx, cy - dy, { steps: 8 })
  await page.mouse.up()
}

export async function tapTile(page: Page, key: string): Promise<void> {
  await reveal(page, key)
  await tileOf(page, key).click()
}

/**
 * Gives an order with `how` (by default the confirm strip's button) and waits for the turn
 * page's answer to be in place; answers its HTTP status, or throws with `debug` told first.
 */
export async function sendOrder(
  page: Page,
  turnPath: string,
  how?: () => Promise<void>,
  debug: (why: string) => Promise<void> = async () => undefined,
): Promise<number> {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(turnPath))
  await (how ?? (() => page.locator('#map-panel form.confirm button[type="submit"]').click()))()
  const answer = await Promise.race([answered, new Promise<null>((r) => setTimeout(() => r(null), 8000))])
  if (!answer) {
    await debug(`no answer; panel: ${await page.locator('#map-panel').innerHTML()}`)
    throw new Error('no answer')
  }
  // The new page is in place once the panel has been set up again.
  await page.locator('#map-panel:not([hidden]) p').first().waitFor()
  return answer.status()
}
