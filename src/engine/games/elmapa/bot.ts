// El Mapa's bot (#50): plays a tribe from what its player is shown. The ranking is final VP
// (M11.3, M11.4): 1 a cell revealed, each building's level and extra VP, the kills of battles
// won. So each window it casts the cards that pay at once, builds each castle's best building,
// hires the reserve into an army on the village, and walks its armies toward face-down cells,
// treasures, villages and mines, fighting only the battles that its own run of the battle board
// (M8) says it wins, with whichever offered plan wins them best.
import type { TribeId } from '../../kernel/ids.ts'
import type { Bot, GameTypes } from '../../kernel/ruleset.ts'
import { defaultPlan, fight, formation, guardFormation, killValue } from './battle.ts'
import { BUILDINGS, cardKind, noTroops, troopCount, type Troops } from './catalogue.ts'
import { DIRS } from './movement.ts'
import type { ElMapaOptions } from './options.ts'
import { KINDS, TILE } from './tiles.ts'
import type { Army, BattlePlan, Dir, ElMapaOrder } from './types.ts'
import type { board } from './views.ts'

/** What the bot reads and answers: its board, its options and its orders. Its reckoning is exported for test/games/elmapa/bot-reckoning.test.ts. */
type ElMapaGame = GameTypes & { order: ElMapaOrder; options: ElMapaOptions; board: ReturnType<typeof board> }
type Board = ElMapaGame['board']
type Cell = Board['cells'][number]
type Shown = Extract<Cell, { tile: string }>
type Step = Extract<ElMapaOrder, { type: 'step' }>

const OPPOSITE: Record<Dir, Dir> = { N: 'S', S: 'N', E: 'W', W: 'E' }
/** What claiming a cell's content is worth, in VP to come: a village is a castle (a build a window, M3.4), oro, levas and a slot. */
export const CLAIM = { village: 12, oro: 4, madera: 3, piedra: 2, spellMine: 2 }
/** A treasure card is 2 to 4 resources (App. F): about a building's worth of VP. */
export const TREASURE = 3
/** A troop lost is an oro lost (M5.4). */
export const TROOP_LOSS = 0.8
/** Each cell nearer to something worth having (the lookahead of a walk of several windows). */
export const NEARER = 0.6

export interface Defence {
  guards: Shown['guards'] | null
  troops: Troops
  /** Neutrals and a tribe at its own village never flee (M8.14). */
  stays: boolean
}

/** The board around the tribe: its cells by key, and who defends each against it (M8.1). */
export class Mapa {
  readonly cells = new Map<string, Cell>()
  /** Each cell's defenders, worked out once a call (the walk's distances ask for them again and again). */
  private readonly defence = new Map<string, Defence | null>()
  constructor(
    readonly b: Board,
    readonly tribe: TribeId,
  ) {
    for (const c of b.cells) this.cells.set(c.cell, c)
  }
  shown(key: string): Shown | undefined {
    const c = this.cells.get(key)
    return c?.revealed ? (c as Shown) : undefined
  }
  next(key: string, dir: Dir): string | undefined {
    const [r, c] = key.split(',').map(Number) as [number, number]
    const to = `${r + DIRS[dir][0]},${c + DIRS[dir][1]}`
    if (!this.cells.has(to)) return undefined
    // M1.9: a closed edge of either tile blocks the step; a face-down tile's edges are unknown.
    const a = this.shown(key)
    const b = this.shown(to)
    return a?.closed === dir || b?.closed === OPPOSITE[dir] ? undefined : to
  }
  /** M6.4: the face-down cells around a cell, each a VP once entered. */
  faceDownAround(key: string): number {
    const [r, c] = key.split(',').map(Number) as [number, number]
    let n = 0
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) if (this.cells.get(`${r + dr},${c + dc}`)?.revealed === false) n++
    return n
  }
  /** M8.1, M3.10: the troops that fight an army of the tribe entering `key`, or null. */
  defenders(key: string): Defence | null {
    if (!this.defence.has(key)) this.defence.set(key, this.defendersOf(key))
    return this.defence.get(key)!
  }
  private defendersOf(key: string): Defence | null {
    const c = this.shown(key)
    if (!c) return null
    if (c.guards.length > 0) {
      const troops = noTroops()
      for (const g of c.guards) troops[g.kind] += g.n
      return { guards: c.guards, troops, stays: true }
    }
    const armies = this.b.armies.filter((a) => a.cell === key && a.tribe !== this.tribe)
    const owner = armies[0]?.tribe ?? c.owner
    if (owner === null || owner === this.tribe) return null
    const troops = noTroops()
    for (const a of armies) for (const k of KINDS) troops[k] += a.troops[k]
    const militia = c.castle !== null && c.owner === owner && troopCount(c.castle.reserve) > 0
    if (militia) for (const k of KINDS) troops[k] += c.castle!.reserve[k]
    return troopCount(troops) > 0 ? { guards: null, troops, stays: c.castle !== null && c.owner === owner } : null
  }
  /** What entering `key` gives besides a battle: the reveal, the treasures, a claim (M6.3, M7). */
  gain(key: string): number {
    const c = this.shown(key)
    if (!c) return 0
    let v = this.faceDownAround(key) + c.treasures * TREASURE
    const tile = TILE[c.tile]!
    if (c.owner !== this.tribe) {
      if (tile.village) v += CLAIM.village
      if (tile.mine) v += CLAIM[tile.mine]
      if (tile.spellMine) v += CLAIM.spellMine
    }
    return v
  }
  /** Steps from each cell to the nearest one worth entering, through cells an army walks freely (M6.7). */
  distances(): Map<string, number> {
    const dist = new Map<string, number>()
    let frontier = [...this.cells.keys()].filter((k) => this.shown(k) && (this.gain(k) > 0 || this.defenders(k)))
    for (const k of frontier) dist.set(k, 0)
    for (let d = 1; frontier.length > 0; d++) {
      const next: string[] = []
      for (const k of frontier) {
        if (this.defenders(k)) continue
        for (const dir of ['N', 'E', 'S', 'W'] as const) {
          const to = this.next(k, dir)
          if (to && this.shown(to) && !dist.has(to)) {
            dist.set(to, d)
            next.push(to)
          }
        }
      }
      frontier = next
    }
    return dist
  }
}

/**
 * M8: the battle of `troops` attacking by `plan`, on the board without obstacles and with two
 * fixed draws of them (the week's dice are unknown): null unless it wins every time; else the
 * VP it gains less the troops it loses, at the worst.
 */
export function attackWorth(troops: Troops, plan: BattlePlan, def: Defence, obstacles: boolean): number | null {
  let worst = Infinity
  for (let trial = 0; trial < (obstacles ? 3 : 1); trial++) {
    let k = trial
    const out = fight({
      attackers: formation(troops, plan, 'A'),
      // A tribe's standing plan is its secret (M12.9): assume the default one (M8.7).
      defenders: def.guards ? guardFormation(def.guards) : formation(def.troops, defaultPlan(def.troops), 'D'),
      attackerFlee: plan.flee,
      defenderFlee: 0,
      defenderStays: def.stays,
      obstacles: trial > 0,
      draw: (n) => (k += 5) % n,
    })
    if (out.result !== 'attacker') return null
    worst = Math.min(worst, killValue(out.killed.D) - TROOP_LOSS * troopCount(out.killed.A))
  }
  return worst
}

const samePlan = (a: BattlePlan | null, b: BattlePlan | null) => JSON.stringify(a) === JSON.stringify(b)

/** The best step of the tribe's armies now, with the plan it should be fought by, and its worth. */
export function bestStep(sight: { board: Board; offered: readonly ElMapaOrder[]; tribe: TribeId }, map: Mapa) {
  const standing = sight.board.mine!.plan
  const plans = [standing, ...sight.offered.flatMap((o) => (o.type === 'setBattlePlan' ? [o.plan] : []))]
  const dist = map.distances()
  let best: { step: Step; plan: BattlePlan | null; worth: number } | null = null
  for (const o of sight.offered) {
    if (o.type !== 'step') continue
    const army = sight.board.armies.find((a) => a.id === o.army)!
    const to = map.next(army.cell, o.dir)
    if (!to) continue
    const def = map.defenders(to)
    let worth = map.gain(to)
    let plan = standing
    if (def) {
      // M8.5: the standing plan is the attack's (an offered step carries none); try each offered one.
      let fought: number | null = null
      for (const p of plans) {
        const w = attackWorth(army.troops, p ?? defaultPlan(army.troops), def, sight.board.obstacles === 'random')
        if (w !== null && (fought === null || w > fought)) [fought, plan] = [w, p]
      }
      if (fought === null) continue
      worth += fought
    } else worth += NEARER * ((dist.get(army.cell) ?? 99) - (dist.get(to) ?? 99))
    if (worth > 0 && (!best || worth > best.worth)) best = { step: o, plan, worth }
  }
  return best
}

/** M3.6, M4.2: a building's VP, and its oro over the ticks still to produce, as VP to come. */
export function buildingWorth(id: string, board: Board): number {
  const b = BUILDINGS[id]!
  const ticks = Math.max(0, board.limit - board.round)
  return b.level + b.extraVp + 0.7 * b.oro * ticks - 0.05 * (b.cost.oro + 2 * b.cost.madera + 3 * b.cost.piedra)
}

/** Whether another tribe's army stands within `d` steps of `key`: its village then keeps a militia (M3.10). */
export const threatened = (board: Board, tribe: TribeId, key: string, d: number) => {
  const [r, c] = key.split(',').map(Number) as [number, number]
  return board.armies.some((a: Army) => {
    const [ar, ac] = a.cell.split(',').map(Number) as [number, number]
    return a.tribe !== tribe && Math.abs(ar - r) + Math.abs(ac - c) <= d
  })
}

export const elMapaBot: Bot<ElMapaGame> = {
  choose(sight) {
    const { board, offered, tribe } = sight
    // M2.3: in setup only a plan may be set; the default plan (M8.7) attacks with every troop, which suits.
    if (board.setup || !board.mine) return null
    // M9.9: Visión, Suerte and Producción pay whenever cast: a VP a cell, more from a treasure or a tick.
    const free = offered.find((o) => o.type === 'cast' && o.army === undefined && ['vision', 'suerte', 'produccion'].includes(cardKind(o.card)!))
    if (free) return free

    // M3.4: each castle's best building this window (one a window), before oro goes to troops.
    const builds = offered.filter((o): o is Extract<ElMapaOrder, { type: 'build' }> => o.type === 'build')
    const build = builds.sort((x, y) => buildingWorth(y.building, board) - buildingWorth(x.building, board))[0]
    if (build) return build

    // M5.4: the reserve into an army on its village, else a new one: whole, unless an enemy is near.
    const map = new Mapa(board, tribe)
    const rank = (o: Extract<ElMapaOrder, { type: 'hire' }>, left: number) => (typeof o.army === 'number' ? 0 : 2) + (left > 0 ? 1 : 0)
    const hires = offered
      .filter((o): o is Extract<ElMapaOrder, { type: 'hire' }> => o.type === 'hire' && o.army !== 'newConvoy')
      .map((o) => ({ o, left: troopCount(map.shown(o.village)!.castle!.reserve) - troopCount({ ...noTroops(), ...o.troops }) }))
      // A militia of one keeps a lone raider out of an empty village (M3.10).
      .filter(({ o, left }) => left > 0 || !threatened(board, tribe, o.village, 4))
      .sort((a, b) => rank(a.o, a.left) - rank(b.o, b.left))
    if (hires[0]) return hires[0].o

    const step = bestStep(sight, map)
    if (step) {
      // M8.5: the attack is fought by the standing plan: set the one that wins it best first.
      if (!samePlan(step.plan, board.mine.plan)) {
        const set = offered.find((o) => o.type === 'setBattlePlan' && samePlan(o.plan, step.plan))
        if (set) return set
      }
      // M9.9 Pies ligeros: more steps for an army about to set out.
      const army = board.armies.find((a) => a.id === step.step.army)!
      const pies = offered.find((o) => o.type === 'cast' && o.army === army.id && cardKind(o.card) === 'pies')
      if (pies && army.steps === 0) return pies
      return step.step
    }
    return null
  },
}
