// G6 and G7.1–G7.9: battles for a territory, and the bombardments that weaken one from afar.
// Every check comes before the first die (G2.6).
import { eliminateEmpty } from './objectives.ts'
import { spendTroops } from './orders.ts'
import type { ConquestTribe, Die, Goods, Territory } from './types.ts'
import { count, emptyGoods, GOODS, reject, type Work } from './work.ts'
import { adjacent, BY_ID, distance, seaDistance } from './world.ts'

type Order = Record<string, unknown>
type Here = Territory & { id: string }

/** G6.8, G7.1: losses come off the guards first. */
function lose(x: Here, n: number) {
  x.guards -= Math.min(x.guards, n)
  x.troops -= n
  x.ready = Math.min(x.ready, x.troops - x.guards)
}

/** G6.3: rolls until one side has no troop left. */
export function battle(w: Work, attackers: number, defenders: number, tank: boolean, wall: number, guards: number) {
  let a = attackers
  let d = defenders
  let g = guards
  const dice: Die[] = []
  const rounds: { attack: number[]; defence: number[]; attackerLost: number; defenderLost: number }[] = []
  const roll = (n: number) =>
    Array.from({ length: n }, () => {
      const die = w.d6()
      dice.push(die)
      return die.face
    }).sort((x, y) => y - x)
  while (a > 0 && d > 0) {
    const attack = roll(Math.min(3, a))
    const defence = roll(Math.min(g >= 1 ? 3 : 2, d))
    if (tank) attack[0]! += 1
    if (wall === 1) defence[0]! += 1
    if (wall === 2) defence.forEach((_, i) => (defence[i]! += 1))
    let attackerLost = 0
    let defenderLost = 0
    for (let i = 0; i < Math.min(attack.length, defence.length); i++) {
      if (attack[i]! > defence[i]!) defenderLost++
      else attackerLost++
    }
    a -= attackerLost
    d -= defenderLost
    g = Math.max(0, g - defenderLost)
    rounds.push({ attack, defence, attackerLost, defenderLost })
  }
  return { survivors: a, defendersLeft: d, guardsLeft: g, dice, rounds }
}

export function attack(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G6.1')
  const to = w.enemy(o.to, 'to', t, 'G6.1')
  if (!adjacent(from.id, to.id)) reject('conquest/not_adjacent', `${to.id} is not next to ${from.id}: troops attack only an adjacent territory`, 'G6.1')
  const k = count(o.troops, 'troops', 1, Number.MAX_SAFE_INTEGER, 'G6.1')
  spendTroops(from, k, true)
  const defender = to.owner
  const tank = from.stock.tank >= 1
  const b = battle(w, k, to.troops, tank, to.wall, to.guards)
  const event = {
    type: 'battle' as const,
    attacker: t.id,
    defender,
    from: from.id,
    to: to.id,
    troops: k,
    rounds: b.rounds,
    dice: b.dice,
    conquered: b.survivors > 0,
    survivors: b.survivors,
  }
  if (b.survivors === 0) {
    lose(to, to.troops - b.defendersLeft)
    return w.emit(event)
  }
  // G6.4: everything in the territory but the ground is destroyed.
  const destroyed: Partial<Goods> & { wall?: number; planes?: number; ships?: number } = {}
  for (const g of GOODS) if (to.stock[g] + to.incoming[g] > 0) destroyed[g] = to.stock[g] + to.incoming[g]
  if (to.wall) destroyed.wall = to.wall
  if (to.planes) destroyed.planes = to.planes
  if (to.ships) destroyed.ships = to.ships
  Object.assign(to, {
    owner: t.id,
    troops: b.survivors,
    ready: 0,
    guards: 0,
    gathered: false,
    wall: 0,
    stock: emptyGoods(),
    incoming: emptyGoods(),
    artilleryReady: 0,
    planes: 0,
    planesReady: 0,
    ships: 0,
    shipsReady: 0,
  })
  t.acquired = [...t.acquired.filter((id) => id !== to.id), to.id]
  w.emit({ ...event, destroyed })
  eliminateEmpty(w, t.id)
}

type Strike = 'airStrike' | 'navalBombard' | 'fireArtillery' | 'launchMissile' | 'releaseBio'

/** G7.1: a target of another tribe with a troop to spare (a Misil may aim at a wall instead). */
function target(w: Work, t: ConquestTribe, o: Order, rule: string, wallCounts = false) {
  const to = w.enemy(o.target, 'target', t, rule)
  if (to.troops < 2 && !(wallCounts && to.wall > 0)) reject('conquest/last_troop', `${to.id} has 1 troop: bombardment never removes the last one`, 'G7.1')
  return to
}

function inRange(from: Here, to: Here, range: number, sea: boolean, rule: string) {
  const d = sea ? seaDistance(from.id, to.id) : distance(from.id, to.id)
  if (d > range)
    reject(
      'conquest/out_of_range',
      `${to.id} is ${d === Infinity ? 'not reachable' : `${d} ${sea ? 'sea ' : ''}links`} from ${from.id}; the range is ${range}`,
      rule,
    )
}

const immune = (to: Here) => {
  if (BY_ID.get(to.id)!.continent === 'EU') reject('conquest/europe_immune', `${to.id} is in Europa, immune to air attacks`, 'G7.2')
}

function hitsOf(w: Work, n: number, needs: number, dice: Die[]) {
  let hits = 0
  for (let i = 0; i < n; i++) {
    const d = w.d6()
    dice.push(d)
    if (d.face >= needs) hits++
  }
  return hits
}

function strike(
  w: Work,
  t: ConquestTribe,
  kind: Strike,
  from: Here,
  to: Here,
  dice: Die[],
  hits: number,
  extra: { planeLost?: boolean; wallLowered?: boolean } = {},
) {
  const removed = Math.min(hits, to.troops - 1)
  lose(to, removed)
  w.emit({ type: 'bombarded', tribe: t.id, defender: to.owner, kind, from: from.id, target: to.id, dice, hits, removed, ...extra })
}

export function airStrike(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G7.4')
  if (from.planesReady < 1) reject('conquest/no_ready_plane', `${from.id} has no ready plane`, 'G7.4')
  const to = target(w, t, o, 'G7.4')
  immune(to)
  inRange(from, to, 3, false, 'G7.4')
  from.planesReady--
  const dice: Die[] = []
  const aa = w.d6()
  dice.push(aa)
  if (aa.face === 6) {
    from.planes--
    return strike(w, t, 'airStrike', from, to, dice, 0, { planeLost: true })
  }
  strike(w, t, 'airStrike', from, to, dice, hitsOf(w, 2, 5, dice))
}

export function navalBombard(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G7.6')
  if (from.shipsReady < 1) reject('conquest/no_ready_ship', `${from.id} has no ready ship`, 'G7.6')
  const to = target(w, t, o, 'G7.6')
  if (!BY_ID.get(to.id)!.coastal) reject('conquest/inland', `${to.id} is inland: ships bombard only coasts`, 'G1.4')
  inRange(from, to, 2, true, 'G7.6')
  from.shipsReady--
  const dice: Die[] = []
  strike(w, t, 'navalBombard', from, to, dice, hitsOf(w, 2, to.wall > 0 ? 6 : 5, dice))
}

export function fireArtillery(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G7.7')
  if (from.artilleryReady < 1)
    reject('conquest/no_ready_artillery', `${from.id} has no Artillería ready to fire (each fires once a window; new ones from the next)`, 'G7.7')
  const to = target(w, t, o, 'G7.7')
  inRange(from, to, 2, false, 'G7.7')
  spendTroops(from, 1, false)
  from.artilleryReady--
  const dice: Die[] = []
  strike(w, t, 'fireArtillery', from, to, dice, hitsOf(w, 3, to.wall > 0 ? 6 : 5, dice))
}

export function launchMissile(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G7.8')
  if (from.stock.missile < 1) reject('conquest/no_weapon', `${from.id}'s stock holds no Misil (one that arrived this window waits for the next)`, 'G7.8')
  const to = target(w, t, o, 'G7.8', true)
  immune(to)
  inRange(from, to, 4, false, 'G7.8')
  spendTroops(from, 1, false)
  from.stock.missile--
  const lowered = to.wall > 0
  if (lowered) to.wall = (to.wall - 1) as 0 | 1
  strike(w, t, 'launchMissile', from, to, [], 3, { wallLowered: lowered })
}

export function releaseBio(w: Work, t: ConquestTribe, o: Order) {
  const from = w.owned(o.from, 'from', t, 'G7.9')
  if (from.stock.bio < 1) reject('conquest/no_weapon', `${from.id}'s stock holds no Arma biológica (one that arrived this window waits for the next)`, 'G7.9')
  const to = target(w, t, o, 'G7.9')
  if (!adjacent(from.id, to.id))
    reject('conquest/not_adjacent', `${to.id} is not next to ${from.id}: an Arma biológica reaches only an adjacent territory`, 'G7.9')
  spendTroops(from, 1, false)
  from.stock.bio--
  strike(w, t, 'releaseBio', from, to, [], Math.min(6, Math.floor(to.troops / 2)))
}
