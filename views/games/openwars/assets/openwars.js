// Open Wars' turn page by tapping (#29). Progressive enhancement: every order is a plain form that
// works without this script. A tap on an outlined location of the map moves its card (its forms,
// unchanged) into a sheet over the bottom of a phone's screen; the move form's destinations are
// marked on the map, and a tap on one chooses it and opens its battle odds. An order is sent in
// place, and the sheet opens again on the same location with the answer on top.
;(() => {
  // The move form the player is filling: its destinations are the marks (a card may hold several).
  let moveForm = null
  const sheet = {
    sheet: '#o-sheet',
    picture: 'svg.band',
    cards: 'details.loc-card',
    places: 'g.loc',
    targets: () => [...(moveForm?.querySelectorAll('select[name="to"] option') ?? [])].map((option) => option.value),
    aim: (place) => {
      const select = moveForm?.querySelector('select[name="to"]')
      if (!select) return
      select.value = place
      for (const odds of moveForm.querySelectorAll('details.odds')) odds.open = odds.dataset.target === place
      moveForm.querySelector('button[type="submit"]')?.focus({ preventScroll: true })
    },
    targetsFirst: true,
    lift: 0.15,
    opened: (card, remark) => {
      moveForm = card.querySelector('form[data-order="move"]')
      card.addEventListener('focusin', (e) => {
        const form = e.target.closest?.('form[data-order="move"]')
        if (form && form !== moveForm) {
          moveForm = form
          remark()
        }
      })
    },
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
    window.WW.tapSheet(main, { ...sheet, swapped: army })
    army(main)
  }
})()
