// Open Wars' bot (#50): plays a tribe from what its player is shown. The ranking is the score
// (W9.5, W9.6): 3 a controlled ciudad, 1 any other location, a tenth of the army value. Control
// stays when units leave (W2.9), so each window it spends its gold on the cheapest units (gold
// becomes army value one for one, and more units claim more), sends units one by one to the
// locations nobody holds for it, attacks where its side is clearly the stronger, fires volleys
// and damage spells at enemies in reach, and leaves the combat phase to the window's close.
import type { TribeId } from '../../kernel/ids.ts'
import type { Bot, GameTypes } from '../../kernel/ruleset.ts'
import { card, kind } from './data.ts'
import type { OpenOptions } from './options.ts'
import type { OpenOrder } from './types.ts'
import type { board } from './views.ts'

/** What the bot reads and answers: its board, its options and its orders. */
type OpenGame = GameTypes & { order: OpenOrder; options: OpenOptions; board: ReturnType<typeof board> }
type Board = OpenGame['board']
type Cell = Board['cells'][number]
type Move = Extract<OpenOrder, { type: 'move' }>

/** An attack goes in only this much stronger than the defence (the dice decide the rest, W6.11). */
const ODDS = 1.5
/** Spells that hurt the units in their target (Appendix C): cast at any enemy in reach. */
const DAMAGE = new Set(['rayo', 'bola_fuego', 'lluvia_azufre'])
/** Spells that help the caster's side in the battle at their target: cast where it attacks. */
const BATTLE = new Set(['bendicion', 'maldicion', 'escudo', 'grito_guerra', 'terror'])

/** W9.5: what holding a location adds to the score. */
export const worth = (c: Cell) => (card(c.card).type === 'ciudad' ? 3 : 1)

/**
 * W6.6, W6.11: the strength in a battle at `c` of the stacks `side` picks: each unit's chance to
 * hit times its hit points, the controller's `murallas` counted.
 */
export function strength(c: Cell, side: (tribe: TribeId) => boolean) {
  let s = 0
  for (const x of c.stacks.filter((y) => side(y.tribe))) {
    const k = kind(x.kind)
    const walls = card(c.card).keyword === 'murallas' && c.controller === x.tribe ? 1 : 0
    s += x.count * (Math.min(6, k.att + walls) / 6) * k.hp
  }
  return s
}

/** The army value standing in a location for the tribes other than `me` (what a won battle removes from them). */
export const enemyValue = (c: Cell, me: TribeId) => c.stacks.filter((x) => x.tribe !== me).reduce((n, x) => n + x.count * kind(x.kind).cost, 0)

/** Steps from each location to the nearest one the tribe does not hold, over the board's cells (wrapping, W2.2). */
export function distances(b: Board, me: TribeId): Map<string, number> {
  const dist = new Map<string, number>()
  let frontier = b.cells.filter((c) => c.controller !== me).map((c) => c.id)
  for (const id of frontier) dist.set(id, 0)
  for (let d = 1; frontier.length > 0; d++) {
    const next: string[] = []
    for (const id of frontier)
      for (const n of around(b, id))
        if (!dist.has(n)) {
          dist.set(n, d)
          next.push(n)
        }
    frontier = next
  }
  return dist
}

export function around(b: Board, id: string): string[] {
  const [r, c] = id.slice(1).split('c').map(Number) as [number, number]
  const wrap = (cc: number) => (b.wrap ? ((cc - 1 + b.cols) % b.cols) + 1 : cc)
  return [
    [r - 1, c],
    [r + 1, c],
    [r, wrap(c - 1)],
    [r, wrap(c + 1)],
  ]
    .filter(([rr, cc]) => rr! >= 1 && rr! <= b.rows && cc! >= 1 && cc! <= b.cols)
    .map(([rr, cc]) => `r${rr}c${cc}`)
}

/** What a move is worth: a claim, a battle the tribe should win, or a step toward land it does not hold. */
function moveWorth(m: Move, b: Board, me: TribeId, cells: Map<string, Cell>, dist: Map<string, number>): number {
  const from = cells.get(m.from)!
  const to = cells.get(m.path.at(-1)!)!
  const enemies = to.stacks.some((x) => x.tribe !== me)
  // The capital keeps a unit while another tribe's units stand within 3 (W2.9: an empty city is taken by walking in).
  const mine = from.stacks.filter((x) => x.tribe === me).reduce((n, x) => n + x.count, 0)
  if (mine === m.count && from.id === b.tribes.find((t) => t.id === me)!.capital && threatened(b, me, from.id, 3)) return -1
  if (enemies) {
    const k = kind(m.kind)
    const theirs = strength(to, (x) => x !== me)
    const already = strength(to, (x) => x === me)
    const ours = already + m.count * (k.att / 6) * k.hp
    // W5.7: a move into enemies is a battle at the combat phase; join it while the side is not yet sure to win.
    if (ours < ODDS * theirs || already >= 2 * ODDS * theirs) return -1
    return worth(to) + enemyValue(to, me) / 10
  }
  if (to.controller !== me) return worth(to) + (m.count === 1 ? 0.5 : 0)
  // Toward the nearest location not held, all the free units of the stack together.
  return 0.4 * ((dist.get(from.id) ?? 99) - (dist.get(to.id) ?? 99)) - (m.count === 1 ? 0.1 : 0)
}

export function threatened(b: Board, me: TribeId, id: string, d: number): boolean {
  const [r, c] = id.slice(1).split('c').map(Number) as [number, number]
  return b.cells.some((x) => {
    if (!x.stacks.some((s) => s.tribe !== me)) return false
    const [rr, cc] = x.id.slice(1).split('c').map(Number) as [number, number]
    const dc = Math.abs(c - cc)
    return Math.abs(r - rr) + (b.wrap ? Math.min(dc, b.cols - dc) : dc) <= d
  })
}

export const openWarsBot: Bot<OpenGame> = {
  choose(sight) {
    const { board: b, offered, tribe: me } = sight
    // W3.5, W1.1: the faction the table gives and its default army (A.8) are balanced and full; keep them.
    if (b.status !== 'running' || !b.mine) return null
    const cells = new Map(b.cells.map((c) => [c.id, c]))

    // W4.5, W4.7: the cheapest units, four at a time while the gold lasts: army value and claimers
    // (no agua kind: it never walks on land, W5.5).
    const recruits = offered.filter((o): o is Extract<OpenOrder, { type: 'recruit' }> => o.type === 'recruit' && kind(o.kind).type !== 'agua')
    if (recruits.length > 0) {
      const price = (o: (typeof recruits)[number]) => kind(o.kind).cost - kind(o.kind).mov / 10
      return recruits.sort((x, y) => price(x) - price(y) || y.count - x.count)[0]!
    }

    // W7.6, Appendix C: damage at enemies in reach, while the caster is unmoved; offered means legal (mana, W7.3).
    const enemyAt = (id: string) => cells.get(id)!.stacks.some((x) => x.tribe !== me)
    const strike = offered.find((o) => o.type === 'cast' && DAMAGE.has(o.spell) && enemyAt(o.target))
    if (strike) return strike

    // W5: the best move now; claims are one unit each, so a stack spreads over its neighbours.
    const dist = distances(b, me)
    let best: { o: OpenOrder; v: number } | null = null
    for (const o of offered) {
      if (o.type !== 'move') continue
      const v = moveWorth(o, b, me, cells, dist)
      if (v > 0 && (!best || v > best.v)) best = { o, v }
    }
    if (best) return best.o

    // Appendix C: a battle spell where the tribe attacks (one of a kind a location, W11.16: offered means not yet cast).
    const bless = offered.find((o) => o.type === 'cast' && BATTLE.has(o.spell) && b.contested.includes(o.target))
    if (bless) return bless
    // W6.3: volleys from the units still unmoved at enemies in range.
    const aim = offered.find((o) => o.type === 'aim' && enemyAt(o.target))
    if (aim) return aim
    // Done: the window's close runs the combat phase as endTurn would (W6.1).
    return null
  },
}
