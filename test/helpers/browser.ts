// A real Chromium for the browser tests, with nothing to install by hand:
// CHROMIUM_PATH when set ("bundled" forces the npm one), else a system
// Chromium when there is one, else the Chromium that the npm package
// @sparticuz/chromium ships inside its tarball (unpacked into the temp folder).
// Never a browser download.
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import tap from 'tap'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * axe-core's address on a small server of this process's own. Handed over the DevTools protocol
 * (addScriptTag's path or content), its 550 kB cost about 110 ms of both processes' CPU on every
 * check, twice what Chromium takes to compile and run it; fetched, it costs a third, and a
 * context's cache keeps it (#46).
 */
let axeServed: Promise<string> | undefined
function axeAddress(): Promise<string> {
  axeServed ??= new Promise((resolve, reject) => {
    const script = readFileSync(AXE)
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=31536000, immutable' })
      response.end(script)
    })
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      tap.teardown(() => {
        server.closeAllConnections()
        server.close()
      })
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`)
    })
  })
  return axeServed
}

/** axe-core's WCAG 2 A and AA violations on the page, as "rule: target" lines (the page needs bypassCSP). */
export async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: await axeAddress() })
  return (await page.evaluate(
    `axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[]
}

/** @sparticuz/chromium's flags for WebGL drawn on the CPU, which no page here uses. */
const SOFTWARE_GL = ['--ignore-gpu-blocklist', '--in-process-gpu', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader']

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']

/** The process's one Chromium, launched at the first call. */
let shared: Promise<{ browser: Browser; via: string }> | undefined

async function launch(): Promise<{ browser: Browser; via: string }> {
  const given = process.env.CHROMIUM_PATH
  if (given && given !== 'bundled' && !existsSync(given)) throw new Error(`CHROMIUM_PATH=${given}: no such file`)
  const system = given === 'bundled' ? undefined : (given ?? SYSTEM.find((p) => existsSync(p)))
  if (system) {
    const browser = await chromium.launch({ executablePath: system, args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] })
    return { browser, via: system }
  }
  const bundled = (await import('@sparticuz/chromium')).default
  const executablePath = await bundled.executablePath()
  // The package's flags are made for one page per Lambda call: --single-process brings the
  // whole browser down when a test closes a page and opens the next, so it is left out. Its
  // WebGL emulated in software (SwiftShader) is left out too: no page here draws with WebGL,
  // and compositing through it cost a sixth more CPU per browser test than Chromium's plain
  // software raster (#46, test/routes/pages/browser-pages.test.ts: 39 s of CPU against 46).
  const args = [...bundled.args.filter((a: string) => a !== '--single-process' && !SOFTWARE_GL.includes(a)), '--disable-gpu']
  const browser = await chromium.launch({ executablePath, args, headless: true })
  return { browser, via: `@sparticuz/chromium (${executablePath})` }
}

/**
 * A Chromium for one test: the process's own, launched once (a launch costs a second or two of
 * CPU) and closed when the file's tests are done, seen through a handle whose close() closes only
 * the contexts and pages this test opened. Every newPage() is a context of its own, as before:
 * no cookie, storage or cache passes from one test to the next.
 */
export async function launchBrowser(): Promise<{ browser: Browser; via: string }> {
  let running = shared && (await shared.catch(() => undefined))
  if (!running?.browser.isConnected()) {
    shared = launch()
    running = await shared
    const { browser } = running
    tap.teardown(() => browser.close())
  }
  return { browser: handle(running.browser), via: running.via }
}

function handle(browser: Browser): Browser {
  const opened = new Set<BrowserContext>()
  const keep = (context: BrowserContext) => {
    opened.add(context)
    context.once('close', () => opened.delete(context))
    return context
  }
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (options?: BrowserContextOptions) => keep(await target.newContext(options))
      if (property === 'newPage')
        return async (options?: BrowserContextOptions) => {
          const page = await target.newPage(options)
          keep(page.context())
          return page
        }
      if (property === 'contexts') return () => [...opened]
      if (property === 'close') return async () => void (await Promise.all([...opened].map((context) => context.close().catch(() => {}))))
      const value = Reflect.get(target, property, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** A page logged in as `email` (password "correct horse battery"), opened at `next`; pageerror messages go to `problems`. */
export async function loggedIn(
  browser: Browser,
  base: string,
  email: string,
  next: string,
  options: { width: number; locale: string; javaScript?: boolean; problems: string[] },
): Promise<Page> {
  // bypassCSP: only so that a test may inject axe-core; the pages' own CSP stays on for everyone else.
  // A phone-sized page is a touch screen, so that a test may tap.
  const page = await browser.newPage({
    viewport: { width: options.width, height: 844 },
    hasTouch: options.width <= 500,
    locale: options.locale,
    bypassCSP: true,
    javaScriptEnabled: options.javaScript ?? true,
  })
  page.on('pageerror', (e) => options.problems.push(e.message))
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill('correct horse battery')
  await page.locator('form button[type="submit"]').last().click()
  await page.waitForURL(`${base}${next}`)
  return page
}
