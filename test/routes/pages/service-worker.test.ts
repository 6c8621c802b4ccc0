// The service worker (views/assets/sw.js, #30) run as a browser runs it, in a scope of its own
// with the worker's globals: a push shows its title and body under its tag, a tap opens its
// page (focusing a tab already there), and a message naming another site opens ours instead.
// (Chromium's headless shell used by the browser tests cannot show notifications.)
import { readFileSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import t from 'tap'

const SOURCE = readFileSync(path.resolve(import.meta.dirname, '../../../views/assets/sw.js'), 'utf8')
const ORIGIN = 'https://weekdaywars.example'

function worker(openTabs: string[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {}
  const shown: { title: string; options: Record<string, unknown> }[] = []
  const opened: string[] = []
  const focused: string[] = []
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => openTabs.map((url) => ({ url, focus: async () => void focused.push(url) })),
      openWindow: async (url: string) => void opened.push(url),
    },
  }
  vm.runInNewContext(SOURCE, { self, URL })
  const fire = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve()
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) })
    await work
  }
  return { fire, shown, opened, focused }
}

const message = {
  title: 'ben: your window in Test campaign is open',
  body: 'ben, today is your day.',
  url: `${ORIGIN}/campaigns/c1`,
  tag: 'c1:window_open',
  kind: 'window_open',
}
const pushOf = (payload: unknown) => ({ data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } })

t.test('a push is shown with its title, body and tag; one that is not ours shows nothing', async (t) => {
  const sw = worker()
  await sw.fire('push', pushOf(message))
  t.equal(sw.shown.length, 1)
  t.equal(sw.shown[0]!.title, message.title)
  t.match(sw.shown[0]!.options, { body: message.body, tag: message.tag, data: { url: message.url }, icon: '/assets/icon-192.png' })
  await sw.fire('push', pushOf('not json'))
  await sw.fire('push', { data: null })
  await sw.fire('push', pushOf({ body: 'no title' }))
  t.equal(sw.shown.length, 1, 'an empty, unreadable or untitled push shows nothing')
})

t.test("a tap opens the message's page, or focuses the tab already on it; another site's address opens ours", async (t) => {
  const closed: string[] = []
  const tap = (url: unknown) => ({ notification: { data: { url }, close: () => void closed.push(String(url)) } })
  const fresh = worker()
  await fresh.fire('notificationclick', tap(message.url))
  t.same(fresh.opened, [message.url], 'the campaign opens')
  t.equal(closed.length, 1, 'the notification closes')
  const open = worker([message.url])
  await open.fire('notificationclick', tap(message.url))
  t.same(open.focused, [message.url], 'the tab already there is brought forward')
  t.same(open.opened, [])
  const hostile = worker()
  await hostile.fire('notificationclick', tap('https://evil.example/phish'))
  t.same(hostile.opened, [`${ORIGIN}/campaigns`], 'never another site: our campaigns page instead')
  const bare = worker()
  await bare.fire('notificationclick', tap(undefined))
  t.same(bare.opened, [`${ORIGIN}/campaigns`], 'no address: the campaigns page')
})
