// El Mapa's turn by tapping (#28). A tap on one of your armies on the map (or Tab and Enter)
// moves its card (its forms, unchanged) into a sheet over the bottom of a phone's screen and
// marks the tiles it can step into; a tap on a marked tile gives that step; on a tile holding
// two of your armies, a second tap opens the other. An order is sent in place and the sheet
// opens again on the same army with the answer on top. Without this script the cards below the
// map hold the same forms.
;(() => {
  // The armies of yours a cell holds; when there are several, each tap opens the next.
  const armiesAt = (cell, has) =>
    (document.querySelector(`figure.turn-map g.cell[data-cell="${cell}"]`)?.dataset.army ?? '').split(' ').filter((id) => id && has(id))
  const sheet = {
    sheet: '#m-sheet',
    picture: 'svg.map',
    cards: 'details.army-card',
    places: 'g.cell',
    cardsAt: armiesAt,
    chosen: (_army, card) => card.dataset.cell,
    targets: (card) => [...card.querySelectorAll('button[data-to]')].map((button) => button.dataset.to),
    aim: (cell, card) => card.querySelector(`button[data-to="${cell}"]`)?.click(),
  }
  const main = document.querySelector('main')
  if (main) window.WW.tapSheet(main, sheet)
})()
