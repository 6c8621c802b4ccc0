// The service worker (#30): shows a Web Push notification, and opens its page on a tap.
// The server writes each message in the reader's language; nothing here is text to read.
self.addEventListener('push', (event) => {
  let message = null
  try {
    message = event.data ? event.data.json() : null
  } catch {
    message = null
  }
  if (!message || typeof message.title !== 'string') return
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: '/assets/icon-192.png',
      badge: '/assets/icon-192.png',
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  // Only a page of this site: a message names where it leads, and nothing else is opened.
  const asked = new URL((event.notification.data && event.notification.data.url) || '/campaigns', self.location.origin)
  const url = asked.origin === self.location.origin ? asked.href : new URL('/campaigns', self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
