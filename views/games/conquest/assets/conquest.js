// World conquest's setup list by tapping (#27, G1.13): each of the tribe's territories is a button,
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
    for (const g of root.querySelectorAll('svg.world g.territory')) {
      if (!mine.has(g.dataset.territory)) continue
      g.style.cursor = 'pointer'
      g.addEventListener('click', () => toggle(g.dataset.territory))
    }
    show()
  }
  const main = document.querySelector('main')
  if (main) picker(main)
})()
