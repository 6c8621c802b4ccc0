// The sheet over a tappable map, shared by the map faces (world conquest #17, El Mapa #28, Open
// Wars #29). Progressive enhancement: every order is a plain form below the map that works
// without a script. A tap on a place of the map (or Tab and Enter) moves a card of the reader's
// (its forms, unchanged) into a sheet over the bottom of a phone's screen and marks on the map
// where its order may go; a tap on a marked place chooses it. An order is sent in place, and the
// sheet opens again on the same card with the answer on top. Each face says what its places,
// cards and marks are: window.WW.tapSheet(root, config).
;(() => {
  /**
   * config:
   *   sheet      the panel's selector (an empty section after the map)
   *   picture    the map's svg, a group of buttons to a screen reader once enhanced
   *   places     the selector of a place's group on the map (one a place)
   *   taps       what a tap may land on (default: the places; world conquest adds its stand-ins)
   *   cards      the selector of the cards; a card's id less its two-letter prefix is its key
   *   placeOf(g)          the place a group stands for (default: its data-cell, as the trade maps')
   *   cardsAt(place, has) the keys of the cards a tap there opens (several: each tap the next;
   *                       default: the card whose key is the place, if the reader has one)
   *   shapes(place)       what is marked for a place (default: its groups)
   *   chosen(key, card)   the place marked as chosen (default: the key)
   *   targets(card)       the places the card's order may go, marked as targets
   *   aim(place, card)    a tap on a target: the face fills the card's form
   *   targetsFirst        a tap on a target aims even where a card of its own is
   *   lift                how far down a phone's screen the chosen place comes (0.2: a fifth)
   *   opened(card, remark) after a card opens (a face that marks again on its form's focus)
   *   swapped(root)       after an answer replaced the page (a face's other enhancements)
   */
  function tapSheet(root, config, reopen) {
    const figure = root.querySelector('figure.turn-map')
    const panel = root.querySelector(config.sheet)
    if (!figure || !panel) return
    const cards = new Map([...root.querySelectorAll(config.cards)].map((d) => [d.id.slice(2), d]))
    const placeOf = config.placeOf ?? ((g) => g.dataset.cell)
    const groups = new Map([...figure.querySelectorAll(config.places)].map((g) => [placeOf(g), g]))
    const taps = config.taps ?? config.places
    const shapes = (place) => (config.shapes ? [...config.shapes(place)] : [groups.get(place)].filter(Boolean))
    const cardsAt = (place) => (config.cardsAt ? config.cardsAt(place, (key) => cards.has(key)) : cards.has(place) ? [place] : [])
    panel.setAttribute('role', 'region')
    panel.setAttribute('aria-label', figure.dataset.sheetLabel)
    let chosen = null
    let placeholder = null
    // Only what this sheet marked is unmarked: the picture's own classes stay.
    const marked = new Set()
    const mark = (place, as) => {
      for (const g of shapes(place)) {
        g.classList.add(as)
        marked.add(g)
      }
    }
    const clearMarks = (which = ['chosen', 'target']) => {
      for (const g of marked) g.classList.remove(...which)
    }
    const markTargets = () => {
      clearMarks(['target'])
      for (const place of config.targets(cards.get(chosen))) mark(place, 'target')
    }
    const close = () => {
      if (chosen && placeholder) placeholder.replaceWith(cards.get(chosen))
      chosen = placeholder = null
      panel.replaceChildren()
      panel.hidden = true
      clearMarks()
    }
    const open = (key, answer) => {
      close()
      const card = cards.get(key)
      if (!card) return
      chosen = key
      placeholder = document.createComment(key)
      card.before(placeholder)
      card.open = true
      const shut = document.createElement('button')
      shut.type = 'button'
      shut.className = 'secondary sheet-close'
      shut.textContent = figure.dataset.close
      shut.addEventListener('click', close)
      panel.replaceChildren(...(answer ? [answer] : []), shut, card)
      panel.hidden = false
      const at = config.chosen ? config.chosen(key, card) : key
      mark(at, 'chosen')
      config.opened?.(card, markTargets)
      markTargets()
      // On a phone the chosen place goes near the top of the screen, its neighbours round it, clear of the sheet below.
      if (window.matchMedia('(max-width: 700px)').matches) {
        const box = groups.get(at)?.getBoundingClientRect()
        const frame = figure.getBoundingClientRect()
        if (box) {
          figure.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2)
          window.scrollBy({ top: box.top - window.innerHeight * (config.lift ?? 0.2), behavior: 'instant' })
        }
      }
      card.querySelector('summary')?.focus({ preventScroll: true })
    }
    const activate = (place) => {
      const target = chosen && shapes(place).some((g) => g.classList.contains('target'))
      if (target && config.targetsFirst) return config.aim(place, cards.get(chosen))
      const here = cardsAt(place)
      if (here.length) return open(here[(here.indexOf(chosen) + 1) % here.length])
      if (target) config.aim(place, cards.get(chosen))
    }
    // A picture with buttons in it is a group of them to a screen reader, no longer an image.
    figure.querySelector(config.picture)?.setAttribute('role', 'group')
    for (const [place, g] of groups) {
      if (!cardsAt(place).length) continue
      g.setAttribute('tabindex', '0')
      g.setAttribute('role', 'button')
      g.setAttribute('aria-label', g.querySelector('title')?.textContent ?? place)
      for (const shape of shapes(place)) shape.style.cursor = 'pointer'
    }
    const placeAt = (e) => {
      const g = e.target.closest?.(taps)
      return g ? placeOf(g) : null
    }
    figure.addEventListener('click', (e) => {
      const place = placeAt(e)
      if (place !== null) activate(place)
    })
    figure.addEventListener('keydown', (e) => {
      const place = placeAt(e)
      if (place === null || (e.key !== 'Enter' && e.key !== ' ')) return
      e.preventDefault()
      activate(place)
    })
    panel.addEventListener('submit', async (e) => {
      const form = e.target
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return
      e.preventDefault()
      const key = chosen
      // The button pressed is part of the order (a form with a button per destination).
      const body = new URLSearchParams(new FormData(form, e.submitter ?? undefined))
      for (const button of form.querySelectorAll('button')) button.disabled = true
      try {
        const res = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin', headers: { accept: 'text/html' } })
        const next = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector('main')
        if (!next) throw new Error(String(res.status))
        root.replaceChildren(...next.childNodes)
        document.dispatchEvent(new CustomEvent('ww:swapped', { detail: { root } }))
        // The answer, as the page tells it (a battle round by round, or the refusal), on top of the sheet.
        const told = root.querySelector('#results .error, #results [role="status"] ul')
        const answer = told ? Object.assign(document.createElement('div'), { className: 'answer' }) : null
        if (answer) {
          answer.setAttribute('role', 'status')
          answer.append(told.cloneNode(true))
        }
        config.swapped?.(root)
        tapSheet(root, config, { key, answer })
      } catch {
        form.submit()
      }
    })
    if (reopen?.key && cards.has(reopen.key)) open(reopen.key, reopen.answer)
    else if (reopen?.answer) {
      panel.replaceChildren(reopen.answer)
      panel.hidden = false
    }
  }
  window.WW = Object.assign(window.WW ?? {}, { tapSheet })
})()
