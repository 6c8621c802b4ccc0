// W4.5–W4.10, W5, W6.3, W6.4: the orders of a window: recruit, move, aim a volley, and the
// standing orders that play an absent defender.
import { kind, KINDS, SPELLS } from './data.ts'
import { adjacent, distance, neighbours } from './map.ts'
import type { OpenTribe, StandingOrder } from './types.ts'
import {
  addUnits,
  barred,
  countArg,
  entryCost,
  grid,
  isPort,
  keyword,
  kindArg,
  reject,
  removeUnits,
  stackOf,
  takeControl,
  tribesIn,
  typeOf,
  withinLimits,
  type Work,
} from './work.ts'

/** W3.9, W3.11: recruitment only before the first move; moves end it. */
export function phase(t: OpenTribe, wanted: 'recruitment' | 'movement', rule = 'W3.11') {
  if (wanted === 'movement') t.phase = 'movement'
  else if (t.phase !== 'recruitment')
    reject('phase/not_recruitment', 'recruitment is over for this window: it ends with the first move, volley or declared spell', rule)
}

/** W4.5–W4.9. */
export function recruit(w: Work, t: OpenTribe, o: Record<string, unknown>) {
  phase(t, 'recruitment', 'W4.5')
  const k = kindArg(o.kind, t)
  const count = countArg(o.count, 1, 4, 'count', 'W4.5')
  const c = w.cell(o.city, 'city', 'W4.6')
  if (typeOf(c) !== 'ciudad' || c.controller !== t.id) reject('recruit/not_your_city', `${c.id} is not a ciudad ${t.name} controls`, 'W4.6', { city: c.id })
  // W11.28: the order's own rules in the book's order, W4.6 to W4.9.
  const discount =
    (keyword(c, 'armeria') ? 1 : 0) +
    (keyword(c, 'academia') && k.type === 'magica' ? 2 : 0) +
    (keyword(c, 'astillero') && k.type === 'agua' ? 2 : 0) +
    (t.forged.includes(c.id) ? 2 : 0)
  const price = Math.max(1, k.cost - discount) * count
  if (t.gold < price) reject('recruit/gold', `${count} ${k.name} cost ${price} gold; ${t.name} has ${t.gold}`, 'W4.7', { price })
  if (k.type === 'agua' && !isPort(w.s, c.id, (id) => neighbours(grid(w.s), id)))
    reject('recruit/not_port', `${c.id} is not a port: agua units are recruited only in ports`, 'W4.8')
  if (k.unique && Object.values(w.s.cells).some((x) => stackOf(x, t.id, k.id))) reject('recruit/unique', `${k.name} is única and already on the map`, 'W4.9')
  addUnits(w.s, c, t.id, k.id, count, 0)
  if (!withinLimits(c, t.id)) reject('recruit/stacking', `${c.id} would break the stacking limits (4 normal, 1 única or mágica)`, 'W4.9')
  t.gold -= price
}

/** W5.4, W5.12: the points a move of `k` from `from` has. */
export function movementOf(w: Work, from: string, kindId: string, bonus: string[]): number {
  const c = w.s.cells[from]!
  const k = kind(kindId)
  return (
    k.mov +
    bonus.filter((b) => b === 'celeridad' || b === 'vientos').length +
    (keyword(c, 'corriente') && k.type === 'agua' ? 1 : 0) +
    (keyword(c, 'caminos') && k.type !== 'agua' ? 1 : 0)
  )
}

/** W5.1–W5.8; the arguments in W11.28's order: phase, kind, count, locations, then W5's rules. */
export function move(w: Work, t: OpenTribe, o: Record<string, unknown>) {
  phase(t, 'movement')
  const k = kindArg(o.kind, t)
  const count = countArg(o.count, 1, Infinity, 'count', 'W5.1')
  const from = w.cell(o.from, 'from', 'W5.1')
  const path = o.path
  if (!Array.isArray(path) || path.length === 0) reject('move/bad_path', 'path lists 1 or more locations', 'W5.1', { field: 'path' })
  const cells = path.map((id: unknown, i: number) => w.cell(id, `path[${i}]`, 'W5.1'))
  // The count's bound after the locations: W11.28 checks the count first, but the bound needs the stack in `from`.
  const x = stackOf(from, t.id, k.id)
  const held = x ? x.count : 0
  // W5.1: no more units than the stack holds; W5.2: none that moved this window.
  const rule = count > held ? 'W5.1' : 'W5.2'
  const most = count > held ? held : held - x!.moved
  if (count > most) {
    if (most === 0) reject('move/no_units', `${t.name} has no ${rule === 'W5.2' ? 'unmoved ' : ''}${k.name} in ${from.id}`, rule)
    countArg(count, 1, most, 'count', rule)
  }
  // W11.28: W5's own rules in the book's order, each over the whole path: adjacency (W5.1), movement
  // points (W5.3, W5.4), water and air (W5.5), barriers and stops (W5.6), engagement (W5.7).
  const g = grid(w.s)
  let at = from.id
  for (const c of cells) {
    if (!adjacent(g, at, c.id)) reject('move/not_adjacent', `${c.id} is not adjacent to ${at}`, 'W5.1', { at: c.id })
    at = c.id
  }
  const points = movementOf(w, from.id, k.id, x!.bonus)
  const cost = cells.reduce((sum, c) => sum + entryCost(w.s, c, k), 0)
  if (cost > points) reject('move/points', `the path costs ${cost} movement; ${k.name} has ${points}: it would be stranded`, 'W5.4', { cost, points })
  const bars = cells.map((c) => barred(c, k, t.id))
  for (const rule of ['W5.5', 'W5.6'] as const)
    cells.forEach((c, i) => {
      const why = bars[i]
      if (why && (why.includes('W5.6') ? 'W5.6' : 'W5.5') === rule) reject('move/barred', `${k.name} cannot enter ${c.id}: ${why}`, rule, { at: c.id })
      if (rule === 'W5.6' && i < cells.length - 1 && keyword(c, 'detiene'))
        reject('move/detiene', `${c.id} stops every move: it must be the path's last cell`, 'W5.6', { at: c.id })
    })
  cells.forEach((c, i) => {
    if (i < cells.length - 1 && tribesIn(c).some((o2) => o2 !== t.id))
      reject('move/engaged', `${c.id} holds another tribe's units: only the last cell may`, 'W5.7', { at: c.id })
  })
  const dest = w.own(at)
  const carried = x!.bonus.filter((b) => b === 'cast')
  removeUnits(from, x!, count)
  const arrived = addUnits(w.s, dest, t.id, k.id, count, count)
  // A mage that cast keeps its mark (W7.4: one spell per mage per window).
  if (k.type === 'magica') arrived.bonus = [...new Set([...arrived.bonus, ...carried])]
  if (!withinLimits(dest, t.id)) reject('move/stacking', `${at} would break the stacking limits`, 'W5.10')
  if (tribesIn(dest).some((o2) => o2 !== t.id)) {
    if (!w.s.contested.includes(at)) w.s.contested.push(at)
  } else takeControl(w, dest, t.id, true)
}

/** W6.3: every unmoved unit of the stack will fire at resolution; W11.28: both locations before W6.3's rules. */
export function aim(w: Work, t: OpenTribe, o: Record<string, unknown>) {
  phase(t, 'movement')
  const k = kindArg(o.kind, t)
  const from = w.cell(o.from, 'from', 'W6.3')
  const target = w.cell(o.target, 'target', 'W6.3')
  const x = stackOf(from, t.id, k.id)
  const units = x ? x.count - x.moved : 0
  if (units < 1) reject('aim/no_units', `${t.name} has no unmoved ${k.name} in ${from.id}`, 'W6.3')
  if (k.range < 1) reject('aim/no_range', `${k.name} has range 0`, 'W6.3')
  const reach = k.range + (keyword(from, 'atalaya') ? 1 : 0)
  const d = distance(grid(w.s), from.id, target.id)
  if (d < 1 || d > reach) reject('aim/range', `${target.id} is at distance ${d}; the volley reaches 1 to ${reach}`, 'W6.3')
  if (!tribesIn(target).some((o2) => o2 !== t.id)) reject('aim/no_enemy', `${target.id} holds no unit of another tribe`, 'W6.3')
  if (keyword(target, 'niebla') || keyword(target, 'tormenta')) reject('aim/hidden', `${target.id} cannot be targeted (niebla or tormenta)`, 'W2.8')
  if (keyword(from, 'tormenta')) reject('aim/storm', `no volley is fired from ${from.id} (tormenta)`, 'W2.8')
  x!.moved += units
  w.s.declared.push({ what: 'volley', from: from.id, kind: k.id, target: target.id, units })
}

/** W6.4, W11.20: a standing order's fields. */
export function standingProblem(w: Work, t: OpenTribe, order: unknown, magic: boolean | null): string | null {
  if (typeof order !== 'object' || order === null) return 'an order is { modo, umbral?, destino?, retaguardia?, hechizo? }'
  const o = order as Record<string, unknown>
  if (o.modo !== 'luchar' && o.modo !== 'retirarse') return 'modo: luchar or retirarse'
  if (o.modo === 'retirarse') {
    if (o.umbral !== 'siempre' && !(typeof o.umbral === 'number' && Number.isInteger(o.umbral) && o.umbral >= 1 && o.umbral <= 1000))
      return 'umbral: 1 to 1000 or siempre'
    if (o.destino !== undefined && o.destino !== 'auto' && !(typeof o.destino === 'string' && Object.hasOwn(w.s.cells, o.destino)))
      return 'destino: auto or a location'
  } else if (o.umbral !== undefined || o.destino !== undefined) return 'umbral and destino go with retirarse only (W11.20)'
  if (o.retaguardia !== undefined && !(typeof o.retaguardia === 'number' && Number.isInteger(o.retaguardia) && o.retaguardia >= 0 && o.retaguardia <= 4))
    return 'retaguardia: 0 to 4'
  if (o.hechizo !== undefined && o.hechizo !== null) {
    const spell = SPELLS.get(o.hechizo as string)
    if (magic === false) return 'hechizo only on a mágica stack (W11.20)'
    if (!spell || (spell.phase !== 'C' && spell.phase !== 'Cp') || (spell.faction !== null && spell.faction !== t.faction))
      return 'hechizo: a C or Cp spell of the faction (W11.20)'
  }
  return null
}

const cleanOrder = (o: Record<string, unknown>): StandingOrder => JSON.parse(JSON.stringify(o)) as StandingOrder

export function setStanding(w: Work, t: OpenTribe, o: Record<string, unknown>) {
  const k = kindArg(o.kind, t)
  const at = w.cell(o.at, 'at', 'W6.4')
  const x = stackOf(at, t.id, k.id)
  if (!x) reject('standing/no_stack', `${t.name} has no ${k.name} in ${at.id}`, 'W6.4')
  if (o.order === null) return void (x.order = null)
  const problem = standingProblem(w, t, o.order, k.type === 'magica')
  if (problem) reject('standing/bad_order', problem, 'W6.4')
  const order = o.order as Record<string, unknown>
  if (typeof order.destino === 'string' && order.destino !== 'auto' && !adjacent(grid(w.s), at.id, order.destino))
    reject('standing/destino', `${order.destino} is not adjacent to ${at.id}`, 'W6.4')
  x.order = cleanOrder(order)
}

export function setDefault(w: Work, t: OpenTribe, o: Record<string, unknown>) {
  const problem = standingProblem(w, t, o.order, null)
  if (problem) reject('standing/bad_order', problem, 'W6.4')
  t.defaultOrder = cleanOrder(o.order as Record<string, unknown>)
}

/** W6.12: the owner's order among equal-cost stacks, made in advance. */
export function setCasualtyOrder(_w: Work, t: OpenTribe, o: Record<string, unknown>) {
  const list = o.kinds
  if (!Array.isArray(list) || new Set(list).size !== list.length || list.some((id) => KINDS.get(id as string)?.faction !== t.faction))
    reject('standing/bad_list', 'kinds: distinct kinds of the tribe roster', 'W6.12')
  t.casualtyList = list as string[]
}
