// A real Chromium for the browser tests, with nothing to install by hand:
// CHROMIUM_PATH when set ("bundled" forces the npm one), else a system
// Chromium when there is one, else the Chromium that the npm package
// @sparticuz/chromium ships inside its tarball (unpacked into the temp folder).
// Never a browser download.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']

export async function launchBrowser(): Promise<{ browser: Browser; via: string }> {
  const given = process.env.CHROMIUM_PATH
  if (given && given !== 'bundled' && !existsSync(given)) throw new Error(`CHROMIUM_PATH=${given}: no such file`)
  const system = given === 'bundled' ? undefined : given ?? SYSTEM.find((p) => existsSync(p))
  if (system) {
    const browser = await chromium.launch({ executablePath: system, args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] })
    return { browser, via: system }
  }
  const bundled = (await import('@sparticuz/chromium')).default
  const executablePath = await bundled.executablePath()
  const browser = await chromium.launch({ executablePath, args: bundled.args, headless: true })
  return { browser, via: `@sparticuz/chromium (${executablePath})` }
}
