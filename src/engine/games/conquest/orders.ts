// A tribe's orders in its window that roll no battle: the reinforcement list (G3.2), moves by
// land, air and sea (G5, G7.3, G7.5), guards (G6.8), gathering (G4.4, G4.5), building (G4.7).
import { endWindow } from './calendar.ts'
import type { BuildKind, ConquestTribe, Die, Goods, Territory } from './types.ts'
import { cargoOf, count, GOODS, reject, totalOf, type Work } from './work.ts'
import { adjacent, BY_ID, distance, RARE, RESOURCES, seaDistance, type ResourceId } from './world.ts'

type Order = Record<string, unknown>
type Here = Territory & { id: string }

/** G2.4, G1.6: `k` ready troops of `x` that may leave it (one always stays). */
export function spendTroops(x: Here, k: number, leaving: boolean) {
  if (k > x.ready) reject('conquest/not_ready', `${x.id} has ${x.ready} ready troop${x.ready === 1 ? '' : 's'}; the order needs ${k}`, 'G2.4')
  if (leaving && x.troops - k < 1) reject('conquest/would_empty', `${x.id} would be left with no troop: at least 1 stays`, 'G1.6')
  x.ready -= k
  if (leaving) x.troops -= k
}

/** Goods from the stock (never incoming ones, G2.7) and ready Artillería pieces only. */
function takeCargo(x: Here, cargo: Partial<Goods>) {
  for (const [g, n] of Object.entries(cargo) as [keyof Goods, number][]) {
    if (x.stock[g] < n)
      reject('conquest/not_in_stock', `${x.id}'s stock holds ${x.stock[g]} ${g}; goods that arrived this window wait for the next one`, 'G2.7')
    if (g === 'artillery' && x.artilleryReady < n) reject('conquest/not_ready', `${x.id} has ${x.artilleryReady} ready Artillería`, 'G2.7')
  }
  for (const [g, n] of Object.entries(cargo) as [keyof Goods, number][]) {
    x.stock[g] -= n
    if (g === 'artillery') x.artilleryReady -= n
  }
}

const land = (to: Here, cargo: Partial<Goods>) => {
  for (const [g, n] of Object.entries(cargo) as [keyof Goods, number][]) to.incoming[g] += n
}

export function setReinforcements(w: Work, t: ConquestTribe, o: Order) {
  const list = o.list
  const mine = w.ownedBy(t.id)
  if (!Array.isArray(list) || list.length < 1 || list.length > mine.length)
    reject('conquest/bad_list', `the reinforcement list names 1 to ${mine.length} of your territories, in order`, 'G3.2')
  for (const id of list) w.owned(id, 'list', t, 'G3.2')
  if (new Set(list).size !== list.length) reject('conquest/bad_list', 'the reinforcement list names each territory once', 'G3.2')
  t.reinforcementList = list.slice() as string[]
  w.emit({ type: 'reinforcementsSet', tribe: t.id, list: t.reinforcementList })
}

export function move(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G5.1')
  const to = w.territory(o.to, 'to')
  if (!adjacent(from.id, to.id))
    reject('conquest/not_adjacent', `${to.id} is not next to ${from.id}: a troop moves one link a window; farther needs a plane or a ship`, 'G5.2')
  if (to.owner !== t.id) reject('conquest/enemy_territory', `${to.id} belongs to another tribe: entering it is an attack`, 'G5.3')
  const k = count(o.troops, 'troops', 1, Number.MAX_SAFE_INTEGER, 'G5.1')
  const cargo = cargoOf(o.cargo, 'cargo', GOODS, 'G5.1')
  spendTroops(from, k, true)
  takeCargo(from, cargo)
  to.troops += k
  land(to, cargo)
  w.emit({ type: 'moved', tribe: t.id, kind: 'move', from: from.id, to: to.id, troops: k, cargo })
}

export function fly(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G7.3')
  if (from.planesReady < 1) reject('conquest/no_ready_plane', `${from.id} has no ready plane`, 'G7.3')
  const to = w.owned(o.to, 'to', t, 'G7.3')
  if (to.id === from.id) reject('conquest/same_territory', 'a plane flies to another territory', 'G7.3')
  if (distance(from.id, to.id) > 3)
    reject('conquest/out_of_range', `${to.id} is ${distance(from.id, to.id)} links from ${from.id}; a plane flies at most 3`, 'G7.3')
  const k = count(o.troops ?? 0, 'troops', 0, 3, 'G7.3')
  const cargo = cargoOf(o.resources, 'resources', RESOURCES, 'G7.3')
  if (totalOf(cargo) > 6) reject('conquest/plane_load', `a plane carries at most 6 resource units; this one would carry ${totalOf(cargo)}`, 'G7.3')
  carry(w, t, 'fly', from, to, k, cargo)
}

/** G7.3, G7.5: the plane or ship and its passengers arrive spent; the goods arrive incoming. */
function carry(w: Work, t: ConquestTribe, kind: 'fly' | 'sail', from: Here, to: Here, k: number, cargo: Partial<Goods>) {
  spendTroops(from, k, true)
  takeCargo(from, cargo)
  if (kind === 'fly') {
    from.planes--
    from.planesReady--
    to.planes++
  } else {
    from.ships--
    from.shipsReady--
    to.ships++
  }
  to.troops += k
  land(to, cargo)
  w.emit({ type: 'moved', tribe: t.id, kind, from: from.id, to: to.id, troops: k, cargo })
}

export function sail(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G7.5')
  if (from.shipsReady < 1) reject('conquest/no_ready_ship', `${from.id} has no ready ship`, 'G7.5')
  const to = w.owned(o.to, 'to', t, 'G7.5')
  if (to.id === from.id) reject('conquest/same_territory', 'a ship sails to another territory', 'G7.5')
  if (!BY_ID.get(to.id)!.coastal) reject('conquest/inland', `${to.id} is inland: ships never go there`, 'G1.4')
  const d = seaDistance(from.id, to.id)
  if (d > 3) reject('conquest/out_of_range', `${to.id} is ${d} sea links from ${from.id}; a ship sails at most 3`, 'G7.5')
  const k = count(o.troops ?? 0, 'troops', 0, 6, 'G7.5')
  const cargo = cargoOf(o.cargo, 'cargo', GOODS, 'G7.5')
  carry(w, t, 'sail', from, to, k, cargo)
}

export function guard(w: Work, t: ConquestTribe, o: Order) {
  const x = w.owned(o.at, 'at', t, 'G6.8')
  const k = count(o.troops, 'troops', 1, Number.MAX_SAFE_INTEGER, 'G6.8')
  spendTroops(x, k, false)
  x.guards += k
  w.emit({ type: 'guarded', tribe: t.id, at: x.id, troops: k })
}

const SECOND_ROW: ResourceId[] = ['oil', 'net', 'lithium', 'nuclear', 'tribes', 'oil']
const RARE_ROW: ResourceId[] = ['tech', 'niobium', 'virus', 'labour']
const WEAPON_ROW = ['tank', 'tank', 'artillery', 'artillery', 'missile', 'bio'] as const

/** G4.5: two dice (a third on 6-6) give resources to the stock, or a weapon to incoming goods. */
function treasure(w: Work, gained: Partial<Goods>, incoming: Partial<Goods>, dice: Die[]) {
  const roll = () => {
    const d = w.d6()
    dice.push(d)
    return d.face
  }
  const add = (into: Partial<Goods>, g: keyof Goods, n: number) => (into[g] = (into[g] ?? 0) + n)
  const d1 = roll()
  const d2 = roll()
  if (d1 <= 2) return add(gained, 'basic', 2)
  if (d1 <= 4) return add(gained, SECOND_ROW[d2 - 1]!, 1)
  if (d2 <= 4) return add(gained, RARE_ROW[d2 - 1]!, 1)
  if (d1 === 5 || d2 === 5) return add(gained, 'basic', 3)
  add(incoming, WEAPON_ROW[roll() - 1]!, 1)
}

export function gather(w: Work, t: ConquestTribe, o: Order) {
  const x = w.owned(o.at, 'at', t, 'G4.4')
  const k = count(o.troops, 'troops', 1, 3, 'G4.4')
  if (x.gathered) reject('conquest/gathered_already', `${x.id} was searched this window already`, 'G4.4')
  spendTroops(x, k, false)
  x.gathered = true
  const def = BY_ID.get(x.id)!
  const gained: Partial<Goods> = { basic: 1 }
  const incoming: Partial<Goods> = {}
  const dice: Die[] = []
  const intermediate = () => {
    if (def.intermediate === 'treasure') treasure(w, gained, incoming, dice)
    else gained[def.intermediate] = (gained[def.intermediate] ?? 0) + 1
  }
  if (k >= 2) intermediate()
  if (k === 3) {
    const rare = RARE[def.continent]
    if (rare) gained[rare] = 1
    else intermediate()
  }
  for (const [g, n] of Object.entries(gained) as [keyof Goods, number][]) x.stock[g] += n
  for (const [g, n] of Object.entries(incoming) as [keyof Goods, number][]) x.incoming[g] += n
  w.emit({ type: 'gathered', tribe: t.id, at: x.id, gained, ...(dice.length ? { treasure: dice } : {}), ...(totalOf(incoming) ? { incoming } : {}) })
}

/** G4.8: the cost of one, paid from the territory's own stock. */
export const COSTS: Record<BuildKind, Partial<Goods>> = {
  troop: { basic: 4 },
  wall: { basic: 6 },
  fort: { basic: 4, niobium: 1, labour: 1 },
  ship: { basic: 6 },
  plane: { basic: 8 },
  tank: { basic: 4, oil: 2 },
  artillery: { basic: 4, net: 2, tech: 1 },
  missile: { basic: 4, nuclear: 2, lithium: 1 },
  bio: { basic: 2, tribes: 1, virus: 2 },
}

/** G4.7: the first good a stock holds too little of for `n` of `kind`, or null when it pays for them. */
export function shortOf(stock: Goods, kind: BuildKind, n: number): { good: keyof Goods; cost: number } | null {
  for (const [good, cost] of Object.entries(COSTS[kind]) as [keyof Goods, number][]) if (stock[good] < cost * n) return { good, cost: cost * n }
  return null
}

export function build(w: Work, t: ConquestTribe, o: Order) {
  const x = w.owned(o.at, 'at', t, 'G4.7')
  const kind = o.kind as BuildKind
  if (typeof kind !== 'string' || !Object.hasOwn(COSTS, kind))
    reject('conquest/unknown_kind', `nothing called ${JSON.stringify(o.kind)} is built; one of ${Object.keys(COSTS).join(', ')}`, 'G4.8')
  const single = kind === 'wall' || kind === 'fort'
  const n = count(o.count ?? 1, 'count', 1, single ? 1 : Number.MAX_SAFE_INTEGER, 'G4.7')
  if (kind === 'wall' && x.wall !== 0) reject('conquest/has_wall', `${x.id} has a wall already: at most one`, 'G4.11')
  if (kind === 'fort' && x.wall !== 1)
    reject('conquest/needs_wall', `a Fortaleza upgrades a Muralla: ${x.id} has ${x.wall === 0 ? 'no wall' : 'a Fortaleza already'}`, 'G4.8')
  if (kind === 'ship' && !BY_ID.get(x.id)!.coastal) reject('conquest/inland', `${x.id} is inland: ships are built only on a coast`, 'G1.4')
  const short = shortOf(x.stock, kind, n)
  if (short) reject('conquest/cannot_afford', `${n} × ${kind} costs ${short.cost} ${short.good}; ${x.id}'s stock holds ${x.stock[short.good]}`, 'G4.7')
  spendTroops(x, n, false)
  for (const [g, c] of Object.entries(COSTS[kind]) as [keyof Goods, number][]) x.stock[g] -= c * n
  if (kind === 'troop') x.troops += n
  else if (kind === 'wall') x.wall = 1
  else if (kind === 'fort') x.wall = 2
  else if (kind === 'ship') x.ships += n
  else if (kind === 'plane') x.planes += n
  else x.incoming[kind] += n
  w.emit({ type: 'built', tribe: t.id, at: x.id, kind, count: n })
}

/** G2.8: the rest of the window given up; it counts as the close (G2.9). */
export function endTurn(w: Work, t: ConquestTribe) {
  t.window = 'ended'
  w.emit({ type: 'turnEnded', tribe: t.id })
  endWindow(w, t, true)
}
