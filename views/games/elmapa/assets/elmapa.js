// El Mapa's turn by tapping (#28). A tap on one of your armies on the map (or Tab and Enter)
// moves its card (its forms, unchanged) into a sheet over the bottom of a phone's screen and
// marks the tiles it can step into; a tap on a marked tile gives that step; on a tile holding
// two of your armies, a second tap opens the other. An order is sent in place and the sheet
// opens again on the same army with the answer on top. Without this script the cards below the
// map hold the same forms.
;(() => {
  function sheet(root, reopen) {
    const figure = root.querySelector('figure.turn-map')
    const panel = root.querySelector('#m-sheet')
    if (!figure || !panel) return
    const cards = new Map([...root.querySelectorAll('details.army-card')].map((d) => [d.id.slice(2), d]))
    const cells = new Map([...figure.querySelectorAll('g.cell')].map((g) => [g.dataset.cell, g]))
    panel.setAttribute('role', 'region')
    panel.setAttribute('aria-label', figure.dataset.sheetLabel)
    let chosen = null
    let placeholder = null
    const clearMarks = () => {
      for (const g of cells.values()) g.classList.remove('chosen', 'target')
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
      cells.get(card.dataset.cell)?.classList.add('chosen')
      for (const button of card.querySelectorAll('button[data-to]')) cells.get(button.dataset.to)?.classList.add('target')
      if (window.matchMedia('(max-width: 700px)').matches) {
        const at = cells.get(card.dataset.cell)?.getBoundingClientRect()
        const frame = figure.getBoundingClientRect()
        if (at) {
          figure.scrollLeft += at.left + at.width / 2 - (frame.left + frame.width / 2)
          window.scrollBy({ top: at.top - window.innerHeight * 0.2, behavior: 'instant' })
        }
      }
      card.querySelector('summary')?.focus({ preventScroll: true })
    }
    // The armies of yours a cell holds; when there are several, each tap opens the next.
    const armiesAt = (g) => (g.dataset.army ?? '').split(' ').filter((id) => cards.has(id))
    const activate = (g) => {
      const here = armiesAt(g)
      if (here.length) return open(here[(here.indexOf(chosen) + 1) % here.length])
      if (chosen && g.classList.contains('target')) cards.get(chosen)?.querySelector(`button[data-to="${g.dataset.cell}"]`)?.click()
    }
    // A picture with buttons in it is a group of them to a screen reader, no longer an image.
    figure.querySelector('svg.map')?.setAttribute('role', 'group')
    for (const g of cells.values()) {
      if (!armiesAt(g).length) continue
      g.setAttribute('tabindex', '0')
      g.setAttribute('role', 'button')
      g.setAttribute('aria-label', g.querySelector('title')?.textContent ?? g.dataset.cell)
    }
    figure.addEventListener('click', (e) => {
      const g = e.target.closest?.('g.cell')
      if (g) activate(g)
    })
    figure.addEventListener('keydown', (e) => {
      const g = e.target.closest?.('g.cell')
      if (!g || (e.key !== 'Enter' && e.key !== ' ')) return
      e.preventDefault()
      activate(g)
    })
    panel.addEventListener('submit', async (e) => {
      const form = e.target
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return
      e.preventDefault()
      const id = chosen
      const body = new URLSearchParams(new FormData(form, e.submitter ?? undefined))
      for (const b of form.querySelectorAll('button')) b.disabled = true
      try {
        const res = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin', headers: { accept: 'text/html' } })
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
  const main = document.querySelector('main')
  if (main) sheet(main)
})()
