// Progressive enhancement only: every form works without this script.
;(() => {
  // Clicking a map tile fills the tile field last focused (the turn page's map script takes taps first).
  let lastTile = null
  document.addEventListener('focusin', (e) => {
    if (e.target.classList && e.target.classList.contains('tile-input')) lastTile = e.target
  })
  // A trade built by tapping (#27): a tile (or territory) of the scene's small map goes into the
  // line of the tribe that owns it (the first free line gets that tribe), a second tap takes it out.
  const tradeTap = (g) => {
    const form = g.closest('form')
    const key = g.getAttribute('data-tile') ?? g.getAttribute('data-territory') ?? g.getAttribute('data-cell')
    const owner = g.getAttribute('data-owner')
    if (!form || !key || !owner) return
    const lines = [...form.querySelectorAll('fieldset.transfer')]
    const line =
      lines.find((f) => f.querySelector('select[name^="from"]')?.value === owner) ?? lines.find((f) => !f.querySelector('select[name^="from"]')?.value)
    if (!line || !line.querySelector('input[data-taps]')) return
    line.querySelector('select[name^="from"]').value = owner
    const input = line.querySelector('input[data-taps]')
    const listed = input.value.split(/[\s;]+/).filter(Boolean)
    const picked = !listed.includes(key)
    input.value = (picked ? [...listed, key] : listed.filter((x) => x !== key)).join(' ')
    g.classList.toggle('picked', picked)
    g.setAttribute('aria-pressed', String(picked))
  }
  for (const g of document.querySelectorAll('figure.trade-map [data-owner]')) {
    g.setAttribute('tabindex', '0')
    g.setAttribute('role', 'button')
    g.setAttribute('aria-pressed', 'false')
    g.setAttribute('aria-label', g.querySelector('title')?.textContent ?? '')
    g.closest('svg')?.setAttribute('role', 'group')
    g.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return
      e.preventDefault()
      tradeTap(g)
    })
  }
  document.addEventListener('click', (e) => {
    const traded = e.target.closest && e.target.closest('figure.trade-map [data-owner]')
    if (traded) return tradeTap(traded)
    const g = e.target.closest && e.target.closest('g.tile')
    if (!g) return
    // The draft: a tap on a free city chooses it; the button confirms.
    const choice = document.querySelector(`#draft-pick input[name="city"][value="${g.getAttribute('data-tile')}"]`)
    if (choice) {
      choice.checked = true
      choice.focus()
      return
    }
    const input = lastTile && lastTile.isConnected ? lastTile : document.querySelector('.tile-input')
    if (!input) return
    const key = g.getAttribute('data-tile')
    const many = input.name.startsWith('tiles') || input.classList.contains('tiles-input')
    input.value = many && input.value ? `${input.value} ${key}` : key
    input.focus()
  })
  // Countdown to the window's close (again after the map script puts a new page in place).
  const countdowns = (root) => {
    for (const el of root.querySelectorAll('.countdown[data-until]')) {
      const until = Date.parse(el.getAttribute('data-until'))
      // Counted from the server's clock (which a demo may have set), not the browser's.
      const offset = Date.parse(el.getAttribute('data-now') || new Date().toISOString()) - Date.now()
      const tick = () => {
        const left = Math.max(0, until - (Date.now() + offset))
        const h = Math.floor(left / 3600000),
          m = Math.floor((left % 3600000) / 60000),
          s = Math.floor((left % 60000) / 1000)
        el.textContent = `(${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s)`
      }
      tick()
      const timer = setInterval(() => (el.isConnected ? tick() : clearInterval(timer)), 1000)
    }
  }
  countdowns(document)
  document.addEventListener('ww:swapped', (e) => countdowns(e.detail.root))
  // Dice re-verification with WebCrypto: SHA-256(seed) = commitment, and each d4 from HMAC-SHA-256(seed, counter).
  const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('')
  for (const week of document.querySelectorAll('.dice-week')) {
    const button = week.querySelector('button.verify')
    if (!button || !crypto.subtle) continue
    button.addEventListener('click', async () => {
      const seed = week.getAttribute('data-seed')
      const enc = new TextEncoder()
      let ok = hex(await crypto.subtle.digest('SHA-256', enc.encode(seed))) === week.getAttribute('data-commitment')
      const key = await crypto.subtle.importKey('raw', enc.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      for (const row of week.querySelectorAll('tr.roll')) {
        const mac = new DataView(await crypto.subtle.sign('HMAC', key, enc.encode(row.getAttribute('data-counter'))))
        const roll = (mac.getUint32(0) % 4) + 1
        const good = String(roll) === row.getAttribute('data-roll')
        row.classList.toggle('bad', !good)
        ok = ok && good
      }
      const out = week.querySelector('.verdict')
      out.textContent = ok ? '✓' : '✗'
      out.setAttribute('data-ok', String(ok))
    })
  }
  // Registering: the browser's own time zone instead of the default, until the reader edits it.
  for (const input of document.querySelectorAll('input[data-guess-zone]')) {
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
      if (zone && input.value === input.defaultValue) input.value = zone
    } catch {
      /* an old browser keeps the default */
    }
  }
  // The service worker shows pushes (#30); registering it also makes the site installable.
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {})
  // The settings' "This device" switch: a Web Push subscription handed to the server, or taken back.
  const device = document.getElementById('push-device')
  if (device) pushSwitch(device)
  async function pushSwitch(card) {
    const status = card.querySelector('[data-status]')
    const button = card.querySelector('button')
    const say = (key) => (status.textContent = card.getAttribute(`data-${key}`))
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return say('unsupported')
    const post = (url, body) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': card.getAttribute('data-csrf') },
        body: JSON.stringify(body),
      })
    const key = Uint8Array.from(atob(card.getAttribute('data-key').replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
    let registration
    let subscription
    try {
      registration = await navigator.serviceWorker.register('/sw.js')
      subscription = await registration.pushManager.getSubscription()
    } catch {
      return say('unsupported')
    }
    // Push's own permission: what the browser will answer to a subscription from this site.
    const show = async () => {
      const permission = await registration.pushManager.permissionState({ userVisibleOnly: true }).catch(() => 'prompt')
      button.hidden = false
      button.textContent = card.getAttribute(subscription ? 'data-turn-off' : 'data-turn-on')
      say(subscription ? 'on' : permission === 'denied' ? 'denied' : 'off')
    }
    await show()
    button.addEventListener('click', async () => {
      button.disabled = true
      try {
        if (subscription) {
          await post('/me/push/off', { endpoint: subscription.endpoint })
          await subscription.unsubscribe()
          subscription = null
        } else if ((await Notification.requestPermission()) === 'granted') {
          const fresh = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          const platform = (navigator.userAgentData && navigator.userAgentData.platform) || navigator.platform || ''
          const saved = await post('/me/push/devices', { ...fresh.toJSON(), label: platform.slice(0, 100) })
          if (!saved.ok) throw new Error(String(saved.status))
          subscription = fresh
        }
        await show()
      } catch {
        say('failed')
      } finally {
        button.disabled = false
      }
    })
  }
})()

// A share link's copy button (#30): the link stays selectable text without a script.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const field = document.getElementById(button.getAttribute('data-copy'))
  const status = button.closest('.recap-share')?.querySelector('[data-copy-status]')
  if (!field || !navigator.clipboard) continue
  button.hidden = false
  button.addEventListener('click', async () => {
    field.select()
    try {
      await navigator.clipboard.writeText(field.value)
      if (status) status.textContent = button.getAttribute('data-copied')
    } catch {
      // The field is selected: the reader copies it by hand.
    }
  })
}
