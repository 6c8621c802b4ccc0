// Open Wars' turn page by tapping (#29). Progressive enhancement: every order is a plain form that
// works without this script. A tap on an outlined location of the map moves its card (its forms,
// unchanged) into a sheet over the bottom of a phone's screen; the move form's destinations are
// marked on the map, and a tap on one chooses it and opens its battle odds. An order is sent in
// place, and the sheet opens again on the same location with the answer on top.
;(() => {
  function sheet(root, reopen) {
    const figure = root.querySelector('figure.turn-map')
    const panel = root.querySelector('#o-sheet')
    if (!figure || !panel) return
    const cards = new Map([...root.querySelectorAll('details.loc-card')].map((d) => [d.id.slice(2), d]))
    const groups = new Map([...figure.querySelectorAll('g.loc')].map((g) => [g.dataset.cell, g]))
    panel.setAttribute('role', 'region')
    panel.setAttribute('aria-label', figure.dataset.sheetLabel)
    let chosen = null
    let placeholder = null
    let moveForm = null
    const clearMarks = () => {
      for (const g of groups.values()) g.classList.remove('chosen', 'target')
    }
    const close = () => {
      if (chosen && placeholder) placeholder.replaceWith(cards.get(chosen))
      chosen = placeholder = moveForm = null
      panel.replaceChildren()
      panel.hidden = true
      clearMarks()
    }
    const markTargets = () => {
      for (const g of groups.values()) g.classList.remove('target')
      for (const option of moveForm?.querySelectorAll('select[name="to"] option') ?? []) groups.get(option.value)?.classList.add('target')
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
      groups.get(id)?.classList.add('chosen')
      moveForm = card.querySelector('form[data-order="move"]')
      markTargets()
      card.addEventListener('focusin', (e) => {
        const form = e.target.closest?.('form[data-order="move"]')
        if (form && form !== moveForm) {
          moveForm = form
          markTargets()
        }
      })
      if (window.matchMedia('(max-width: 700px)').matches) {
        const at = groups.get(id)?.getBoundingClientRect()
        const frame = figure.getBoundingClientRect()
        if (at) {
          figure.scrollLeft += at.left + at.width / 2 - (frame.left + frame.width / 2)
          window.scrollBy({ top: at.top - window.innerHeight * 0.15, behavior: 'instant' })
        }
      }
      card.querySelector('summary')?.focus({ preventScroll: true })
    }
    const aim = (id) => {
      const select = moveForm?.querySelector('select[name="to"]')
      if (!select) return
      select.value = id
      for (const odds of moveForm.querySelectorAll('details.odds')) odds.open = odds.dataset.target === id
      moveForm.querySelector('button[type="submit"]')?.focus({ preventScroll: true })
    }
    const activate = (id) => {
      if (groups.get(id)?.classList.contains('target')) return aim(id)
      if (cards.has(id)) open(id)
    }
    figure.querySelector('svg.band')?.setAttribute('role', 'group')
    for (const [id, g] of groups) {
      if (!cards.has(id)) continue
      g.setAttribute('tabindex', '0')
      g.setAttribute('role', 'button')
      g.setAttribute('aria-label', g.querySelector('title')?.textContent ?? id)
      g.style.cursor = 'pointer'
    }
    figure.addEventListener('click', (e) => {
      const g = e.target.closest?.('g.loc')
      if (g) activate(g.dataset.cell)
    })
    figure.addEventListener('keydown', (e) => {
      const g = e.target.closest?.('g.loc')
      if (!g || (e.key !== 'Enter' && e.key !== ' ')) return
      e.preventDefault()
      activate(g.dataset.cell)
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
        const told = root.querySelector('#results .error, #results [role="status"] ul')
        const answer = told ? Object.assign(document.createElement('div'), { className: 'answer' }) : null
        if (answer) {
          answer.setAttribute('role', 'status')
          answer.append(told.cloneNode(true))
        }
        sheet(root, { id, answer })
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

  // The starting army's value as it is typed (W3.5), beside the form's own check by the engine.
  function army(root) {
    const form = root.querySelector('form.army')
    const help = form?.closest('section')?.querySelector('p')
    if (!form || !help) return
    const total = () => [...form.querySelectorAll('input[data-cost]')].reduce((v, i) => v + Number(i.dataset.cost) * (Number(i.value) || 0), 0)
    const out = document.createElement('output')
    out.setAttribute('aria-live', 'polite')
    help.after(out)
    const show = () => (out.textContent = `${total()} / 60`)
    form.addEventListener('input', show)
    show()
  }

  const main = document.querySelector('main')
  if (main) {
    sheet(main)
    army(main)
  }
})()
