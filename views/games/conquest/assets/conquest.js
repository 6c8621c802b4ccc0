// World conquest's turn page by tapping. The setup list (#27, G1.13): each of the tribe's territories is a button,
// and the world map's own territories too; a tap adds it to the end of the list, a second tap takes
// it out. Progressive enhancement: the list stays a text field that works without this script.
;(() => {
  function picker(root) {
    const box = root.querySelector('.list-picker')
    const input = box?.closest('form')?.querySelector('input[name="list"]')
    if (!box || !input) return
    box.hidden = false
    const chips = [...box.querySelectorAll('button.chip')]
    const mine = new Set(chips.map((chip) => chip.dataset.territory))
    const listed = () =>
      input.value
        .split(/[\s,;]+/)
        .map((id) => id.toLowerCase())
        .filter(Boolean)
    const show = () => {
      const ids = listed()
      for (const chip of chips) {
        const at = ids.indexOf(chip.dataset.territory)
        chip.setAttribute('aria-pressed', String(at >= 0))
        chip.dataset.place = at >= 0 ? String(at + 1) : ''
      }
    }
    const toggle = (id) => {
      const ids = listed()
      input.value = (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]).join(' ')
      show()
    }
    for (const chip of chips) chip.addEventListener('click', () => toggle(chip.dataset.territory))
    box.querySelector('.clear-list')?.addEventListener('click', () => {
      input.value = ''
      show()
    })
    input.addEventListener('input', show)
    for (const g of root.querySelectorAll('svg.world g.territory, svg.world g.stand-in')) {
      if (!mine.has(g.dataset.territory)) continue
      g.style.cursor = 'pointer'
      g.addEventListener('click', () => toggle(g.dataset.territory))
    }
    show()
  }

  // #27: the turn as a sheet over the map. A tap on a territory that can act moves its card (its
  // forms, unchanged) into a sheet fixed at the bottom of a phone's screen; with one chosen, a tap
  // on a target marked on the map chooses it in the attack form and opens its odds. An order is
  // sent in place, and the sheet opens again on the same territory with the answer on top.
  function sheet(root, reopen) {
    const figure = root.querySelector('figure.turn-map')
    const panel = root.querySelector('#c-sheet')
    if (!figure || !panel) return
    const cards = new Map([...root.querySelectorAll('details.territory-card')].map((d) => [d.id.slice(2), d]))
    const groups = new Map([...figure.querySelectorAll('g.territory')].map((g) => [g.dataset.territory, g]))
    // Each territory's boxes: itself, and its stand-in past the map's other edge if it has one.
    const boxes = (id) => figure.querySelectorAll(`g.territory[data-territory="${id}"], g.stand-in[data-territory="${id}"]`)
    panel.setAttribute('role', 'region')
    panel.setAttribute('aria-label', figure.dataset.sheetLabel)
    let chosen = null
    let placeholder = null
    const attackSelect = () => chosen && cards.get(chosen)?.querySelector('form[data-order="attack"] select[name="to"]')
    const clearMarks = () => {
      for (const g of figure.querySelectorAll('g.chosen, g.target')) g.classList.remove('chosen', 'target')
    }
    const close = () => {
      if (chosen && placeholder) placeholder.replaceWith(cards.get(chosen))
      chosen = placeholder = null
      panel.replaceChildren()
      panel.hidden = true
      clearMarks()
    }
    const open = (id, answer) => {
      close()
      const card = cards.get(id)
      if (!card) return
      chosen = id
      placeholder = document.createComment(id)
      card.before(placeholder)
      card.open = true
      const shut = document.createElement('button')
      shut.type = 'button'
      shut.className = 'secondary sheet-close'
      shut.textContent = figure.dataset.close
      shut.addEventListener('click', close)
      panel.replaceChildren(...(answer ? [answer] : []), shut, card)
      panel.hidden = false
      for (const g of boxes(id)) g.classList.add('chosen')
      for (const option of attackSelect()?.querySelectorAll('option[value]:not([value=""])') ?? [])
        for (const g of boxes(option.value)) g.classList.add('target')
      // On a phone the chosen territory goes to the top fifth of the screen, its neighbours round it
      // (Alaska's and Siberia's through their stand-ins), clear of the sheet below.
      if (window.matchMedia('(max-width: 700px)').matches) {
        const at = groups.get(id)?.getBoundingClientRect()
        const frame = figure.getBoundingClientRect()
        if (at) {
          figure.scrollLeft += at.left + at.width / 2 - (frame.left + frame.width / 2)
          window.scrollBy({ top: at.top - window.innerHeight * 0.2, behavior: 'instant' })
        }
      }
      card.querySelector('summary')?.focus({ preventScroll: true })
    }
    const aim = (id) => {
      const select = attackSelect()
      if (!select) return
      select.value = id
      for (const odds of panel.querySelectorAll('details.odds')) odds.open = odds.dataset.target === id
      select.closest('form').querySelector('button[type="submit"]')?.focus({ preventScroll: true })
    }
    const activate = (id) => {
      if (cards.has(id)) return open(id)
      if (groups.get(id)?.classList.contains('target')) aim(id)
    }
    // A picture with buttons in it is a group of them to a screen reader, no longer an image.
    figure.querySelector('svg.world')?.setAttribute('role', 'group')
    for (const [id, g] of groups) {
      if (!cards.has(id)) continue
      g.setAttribute('tabindex', '0')
      g.setAttribute('role', 'button')
      g.setAttribute('aria-label', g.querySelector('title')?.textContent ?? id)
      for (const box of boxes(id)) box.style.cursor = 'pointer'
    }
    figure.addEventListener('click', (e) => {
      const g = e.target.closest?.('g.territory, g.stand-in')
      if (g) activate(g.dataset.territory)
    })
    figure.addEventListener('keydown', (e) => {
      const g = e.target.closest?.('g.territory')
      if (!g || (e.key !== 'Enter' && e.key !== ' ')) return
      e.preventDefault()
      activate(g.dataset.territory)
    })
    panel.addEventListener('submit', async (e) => {
      const form = e.target
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return
      e.preventDefault()
      const id = chosen
      const button = form.querySelector('button[type="submit"]')
      if (button) button.disabled = true
      try {
        const res = await fetch(form.action, {
          method: 'POST',
          body: new URLSearchParams(new FormData(form)),
          credentials: 'same-origin',
          headers: { accept: 'text/html' },
        })
        const next = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector('main')
        if (!next) throw new Error(String(res.status))
        root.replaceChildren(...next.childNodes)
        document.dispatchEvent(new CustomEvent('ww:swapped', { detail: { root } }))
        // The answer, as the page tells it (the battle round by round, or the refusal), on top of the sheet.
        const told = root.querySelector('#results .error, #results [role="status"] ul')
        const answer = told ? Object.assign(document.createElement('div'), { className: 'answer' }) : null
        if (answer) {
          answer.setAttribute('role', 'status')
          answer.append(told.cloneNode(true))
        }
        enhance(root, { id, answer })
      } catch {
        form.submit()
      }
    })
    if (reopen?.id && cards.has(reopen.id)) open(reopen.id, reopen.answer)
    else if (reopen?.answer) {
      panel.replaceChildren(reopen.answer)
      panel.hidden = false
    }
  }

  function enhance(root, reopen) {
    picker(root)
    sheet(root, reopen)
  }
  const main = document.querySelector('main')
  if (main) enhance(main)
})()
