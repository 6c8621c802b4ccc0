// A person's hands on a page in a real browser, counted (#49): every tap, scroll and typed field,
// so that a test can say how many a player needs for something (the taps table). A phone-sized
// page (width 500 px or less) is tapped, a desktop clicked; a target below the 844 px screen costs
// a scroll first.
import type { Locator, Page } from 'playwright-core'

/** One person's hands on one page: every tap, scroll and typed field counted for the taps table. */
export class Hands {
  taps = 0
  scrolls = 0
  typed = 0
  constructor(
    readonly page: Page,
    readonly width: number,
  ) {}
  private async reach(target: Locator) {
    const box = await target.boundingBox()
    if (!box || box.y < 0 || box.y + box.height > 844) {
      this.scrolls++
      await target.scrollIntoViewIfNeeded()
    }
  }
  async tap(target: Locator) {
    await this.reach(target)
    this.taps++
    await (this.width <= 500 ? target.tap() : target.click())
  }
  async type(target: Locator, text: string) {
    await this.tap(target)
    this.typed++
    await target.fill(text)
    // The keyboard's own key ends the typing: a tap elsewhere with a field still focused lets
    // Chromium scroll that field back into view under the finger, and the tap misses.
    await target.blur()
  }
  async choose(target: Locator, value: string) {
    await this.tap(target)
    await target.selectOption(value)
  }
  /** What these hands did since `from`, as a row of the table. */
  since(from: { taps: number; scrolls: number; typed: number }) {
    return { taps: this.taps - from.taps, scrolls: this.scrolls - from.scrolls, typed: this.typed - from.typed }
  }
  /** Taps `target`, which sends a form, and waits for the page that answers. */
  async send(target: Locator) {
    const answered = this.page.waitForResponse((r) => r.request().method() === 'POST')
    await this.tap(target)
    await answered
    await this.page.waitForLoadState()
  }
  /** A screenshot of the whole page, into `path`. */
  async screenshot(path: string) {
    await this.page.screenshot({ path, fullPage: true })
  }
  /** The counts now, for `since`. */
  mark() {
    return { taps: this.taps, scrolls: this.scrolls, typed: this.typed }
  }
}
