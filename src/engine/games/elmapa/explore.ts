// M6.4 and M7: what entering a cell does once an army stands on it (reveals around it, treasure,
// claims and captures) and M11.5, a tribe left with no village.
import type { TribeId } from '../../kernel/ids.ts'
import { CARDS, cardKind, noTroops, treasureGives } from './catalogue.ts'
import { TILE } from './tiles.ts'
import type { Army, Castle, MapCell, RevealedCell, Tribe } from './types.ts'
import type { Work } from './work.ts'
import { endGame } from './score.ts'

export const emptyCastle = (): Castle => ({ slots: {}, built: false, reserve: noTroops(), progress: noTroops(), invest: 0 })

/** The cells around a cell (M1.3), in reading order. */
export function around(w: Work, cell: MapCell): MapCell[] {
  const out: MapCell[] = []
  for (let dr = -1; dr <= 1; dr++)
    for (let dc = -1; dc <= 1; dc++) {
      const c = w.s.cells[`${cell.r + dr},${cell.c + dc}`]
      if (c && c !== cell) out.push(c)
    }
  return out
}

export const shown = (c: MapCell): RevealedCell => ({ cell: c.key, tile: c.tile, closed: c.closed })

/** M6.4: every face-down cell around, in reading order, 1 VP each to `tribe`. */
export function revealAround(w: Work, tribe: Tribe, cell: MapCell) {
  const cells = around(w, cell).filter((c) => !c.revealed)
  revealCells(w, tribe, cells)
}

export function revealCells(w: Work, tribe: Tribe, cells: MapCell[]) {
  if (cells.length === 0) return
  for (const c of cells) w.cellToWrite(c.key).revealed = true
  tribe.exploreVp += cells.length
  w.emit({ type: 'revealed', tribe: tribe.id, cells: cells.map(shown) })
}

/** M7.4: the top treasure card, reshuffling the pile when the deck is empty (M12.6). */
function drawTreasure(w: Work): string {
  if (w.s.treasureDeck.length === 0) {
    w.s.treasureDeck = w.shuffle(w.s.treasurePile, 'treasure')
    w.s.treasurePile = []
  }
  // Drawn cards go back to the pile at once, so deck and pile always hold all 24.
  return w.s.treasureDeck.shift()!
}

/** M6.3 step 4: treasures, then the claim or capture; true if anything happened (the army stops). */
export function takeContent(w: Work, tribe: Tribe, entered: MapCell): boolean {
  // As it is now: the battle to enter it may have copied it.
  const at = w.s.cells[entered.key]!
  const kind = TILE[at.tile]!
  const claim = (kind.mine || kind.spellMine || kind.village) && at.owner !== tribe.id
  if (at.treasures === 0 && !claim) return false
  const cell = w.cellToWrite(at.key)
  let stopped = false
  for (; cell.treasures > 0; cell.treasures--) {
    stopped = true
    const card = drawTreasure(w)
    const { resource, n } = treasureGives(card)
    tribe.stock[resource] += n + tribe.suerte
    w.emit({ type: 'treasure', tribe: tribe.id, cell: cell.key, card, gained: { [resource]: n + tribe.suerte } })
    tribe.suerte = 0
    w.s.treasurePile.push(card)
  }
  if (claim) {
    const from = cell.owner
    cell.owner = tribe.id
    if (kind.village && !cell.castle) cell.castle = emptyCastle()
    w.emit({ type: 'claimed', tribe: tribe.id, cell: cell.key, from })
    if (from !== null && kind.village) eliminateIfHomeless(w, w.tribe(from), tribe.id)
    return true
  }
  return stopped
}

/** M11.5: a tribe with no village left is out; one tribe left ends the game at once. */
export function eliminateIfHomeless(w: Work, t: Tribe, by: TribeId | 'trade') {
  if (w.villagesOf(t.id).length > 0) return
  t.eliminated = true
  t.eliminatedAt = ++w.s.eliminations
  t.eliminatedBy = by
  t.window = 'closed'
  t.suerte = 0
  t.produccion = 0
  w.s.armies = w.s.armies.filter((a) => a.tribe !== t.id)
  w.s.dispersed = w.s.dispersed.filter((g) => g.tribe !== t.id)
  for (const c of Object.values(w.s.cells)) if (c.owner === t.id) w.cellToWrite(c.key).owner = null
  // M13.23: the hand goes to the discard piles in hand order.
  for (const card of t.hand) w.s.piles[levelOfCard(card)].push(card)
  t.hand = []
  w.emit({ type: 'eliminated', tribe: t.id, by })
  if (w.s.tribes.filter((x) => !x.eliminated).length === 1) endGame(w, 'lastTribe')
}

export const levelOfCard = (card: string) => String(CARDS[cardKind(card)!].level) as '1' | '2' | '3'

/** M6.1: the slowest kind's map move, plus the bonus, less the steps taken. */
export function mpOf(a: Army): number {
  const speed = Math.min(...(['leva', 'soldado', 'arquero', 'caballero'] as const).filter((k) => a.troops[k] > 0).map((k) => (k === 'caballero' ? 3 : 2)))
  return Math.max(0, speed + a.bonus - a.steps)
}
