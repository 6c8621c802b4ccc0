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

  // #27: the turn as a sheet over the map (views/assets/tap-sheet.js). A tap on a territory that
  // can act opens its card; with one chosen, a tap on a target marked on the map chooses it in the
  // attack form and opens its odds. A territory past the map's other edge has a stand-in there.
  const attackSelect = (card) => card?.querySelector('form[data-order="attack"] select[name="to"]')
  const sheet = {
    sheet: '#c-sheet',
    picture: 'svg.world',
    cards: 'details.territory-card',
    places: 'g.territory',
    taps: 'g.territory, g.stand-in',
    placeOf: (g) => g.dataset.territory,
    shapes: (place) =>
      document.querySelectorAll(`figure.turn-map g.territory[data-territory="${place}"], figure.turn-map g.stand-in[data-territory="${place}"]`),
    targets: (card) => [...(attackSelect(card)?.querySelectorAll('option[value]:not([value=""])') ?? [])].map((option) => option.value),
    aim: (place, card) => {
      const select = attackSelect(card)
      if (!select) return
      select.value = place
      for (const odds of card.querySelectorAll('details.odds')) odds.open = odds.dataset.target === place
      select.closest('form').querySelector('button[type="submit"]')?.focus({ preventScroll: true })
    },
    swapped: picker,
  }

  const main = document.querySelector('main')
  if (main) {
    picker(main)
    window.WW.tapSheet(main, sheet)
  }
})()
