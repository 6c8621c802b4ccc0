// M6, M9.9: stepping and teleporting armies (with the battles they start), and the cards cast
// in a window: Pies ligeros, Visión, Suerte, Producción.
import { formation } from './battle.ts'
import { checkCard, checkCombatCards, discard } from './cards.ts'
import { mpOf, revealAround, revealCells, takeContent } from './explore.ts'
import { checkPlan } from './orders.ts'
import { ownEntry } from '../../kernel/dispatch.ts'
import type { Army, Dir, MapCell, Tribe } from './types.ts'
import { attackPlan, battle, defendersOf } from './war.ts'
import { reject, type Work } from './work.ts'

export const DIRS: Record<Dir, [number, number]> = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] }
const OPPOSITE: Record<Dir, Dir> = { N: 'S', S: 'N', E: 'W', W: 'E' }

function movable(a: Army, rule: string) {
  if (a.tired) reject('move/tired', `army ${a.id} is tired`, 'M6.6')
  if (mpOf(a) < 1) reject('move/no_mp', `army ${a.id} on ${a.cell} has no movement left`, rule, { tile: a.cell })
}

/**
 * M6.3: the army enters `target` from where it stands: the battle if defended (the plan and the
 * combat cards checked first, M6.2), then the reveal and the content.
 */
function enter(w: Work, t: Tribe, army: Army, target: MapCell, o: Record<string, unknown>, taken: Set<string>, before: () => void) {
  const def = defendersOf(w, t, target)
  if (def && army.convoy) reject('move/convoy', `army ${army.id} is a convoy and never starts a battle`, 'M5.8')
  let plan = undefined
  let cards: ReturnType<typeof checkCombatCards> = []
  if (def) {
    plan = attackPlan(t, army, o.plan === undefined ? undefined : checkPlan(o.plan, false))
    if (o.cards !== undefined) cards = checkCombatCards(t, o.cards, plan, formation(army.troops, plan, 'A'), taken, 'M6.2')
  } else if (o.cards !== undefined) reject('card/no_battle', 'combat cards go only with a step that starts a battle', 'M13.13')
  before()
  army.steps++
  for (const c of cards) discard(w, t, c.card, c.boosters)
  if (def && battle(w, t, army, target, def, plan!, cards) !== 'attacker') return
  army.cell = target.key
  revealAround(w, t, target)
  if (takeContent(w, t, target) || def) army.tired = true
  // M13.11: an army left with no movement is tired at once.
  if (mpOf(army) === 0) army.tired = true
}

/** M6.2, M13.25 (its order of checks). */
export function step(w: Work, t: Tribe, o: Record<string, unknown>) {
  const army = w.army(t, o.army)
  movable(army, 'M6.1')
  const d = ownEntry(DIRS, o.dir)
  if (!d) reject('move/direction', 'a step goes N, E, S or W', 'M6.2')
  const from = w.cell(army.cell)
  const target = w.s.cells[`${from.r + d[0]},${from.c + d[1]}`]
  if (!target) reject('move/edge', `army ${army.id} cannot step ${o.dir} off the map`, 'M1.9')
  if (from.closed === o.dir || target.closed === OPPOSITE[o.dir as Dir]) reject('move/closed', `a closed side stops army ${army.id} going ${o.dir}`, 'M1.9')
  enter(w, t, army, target, o, new Set(), () => {})
}

/** M9.9 Teletransporte: 1 MP, to a revealed cell up to 3 + s away, entered as a step. */
export function teleport(w: Work, t: Tribe, o: Record<string, unknown>) {
  const taken = new Set<string>()
  const { s } = checkCard(t, o.card, o.boosters, ['teletransporte'], taken, 'M9.9')
  const army = w.army(t, o.army)
  movable(army, 'M9.9')
  if (army.cast.includes('teletransporte')) reject('card/one_per_target', `army ${army.id} has teleported this window`, 'M9.7')
  const to = w.cell(o.to)
  const from = w.cell(army.cell)
  const d = Math.abs(to.r - from.r) + Math.abs(to.c - from.c)
  if (!to.revealed || d < 1 || d > 3 + s) reject('card/teleport_target', `a Teletransporte goes to a revealed cell 1 to ${3 + s} away`, 'M9.9')
  enter(w, t, army, to, o, taken, () => {
    // M13.12: the Teletransporte's card, then its boosters, before the attack's cards.
    discard(w, t, o.card as string, (o.boosters as string[]) ?? [])
    army.cast.push('teletransporte')
  })
}

/** M9.5–M9.9: Pies ligeros, Visión, Suerte and Producción. */
export function cast(w: Work, t: Tribe, o: Record<string, unknown>) {
  const { kind, s } = checkCard(t, o.card, o.boosters, ['pies', 'vision', 'suerte', 'produccion'], new Set(), 'M9.5')
  if (kind === 'pies') {
    const army = w.army(t, o.army)
    if (army.tired) reject('move/tired', `army ${army.id} is tired`, 'M6.6')
    if (army.cast.includes('pies')) reject('card/one_per_target', `army ${army.id} has had Pies ligeros this window`, 'M9.7')
    army.bonus += 1 + s
    army.cast.push('pies')
  } else if (kind === 'vision') {
    const cells = o.cells as string[]
    if (!Array.isArray(cells) || cells.length !== 1 + s || new Set(cells).size !== cells.length || cells.some((k) => w.cell(k).revealed))
      reject('card/vision_cells', `Visión names exactly ${1 + s} distinct face-down cells`, 'M13.14')
    revealCells(
      w,
      t,
      cells.map((k) => w.cell(k)),
    )
  } else {
    const armed = kind as 'suerte' | 'produccion'
    if (t[armed] > 0) reject('card/armed', `${t.name} has a ${kind} armed already`, 'M9.7')
    t[armed] = 1 + s
  }
  discard(w, t, o.card as string, (o.boosters as string[]) ?? [])
}
