// M2.8–M2.11, M5.9, M10: windows opening and closing, the weekly tick (end check, returns,
// breeding, production, card draws) and the trades a scene ratifies.
import { instantOf } from '../../kernel/period-checks.ts'
import { WEEKDAYS } from '../../kernel/ids.ts'
import { BUILDINGS, TROOPS, type Stock } from './catalogue.ts'
import { drawCard, reserved } from './cards.ts'
import { eliminateIfHomeless } from './explore.ts'
import { manhattan } from './layouts.ts'
import { closeArmies, newArmy, slotsOf } from './orders.ts'
import { endGame, production } from './score.ts'
import { KINDS, RESOURCES, TILE, type Kind, type Resource } from './tiles.ts'
import type { ElMapaTransfer, MapCell, Tribe } from './types.ts'
import { addTroops, reject, type Work } from './work.ts'

/** M2.4: tick 0 waits until 48 hours after the start. */
export const TICK0_GAP_MS = 48 * 3_600_000

function running(w: Work, tribe: unknown): Tribe {
  const t = w.tribe(tribe)
  if (w.s.status !== 'running') reject('calendar/not_running', 'windows open only between tick 0 and the end', 'M2.3')
  if (t.eliminated) reject('calendar/eliminated', `${t.name} has been eliminated`, 'M11.5')
  return t
}

/** M2.8, M13.16, M13.17. */
export function openWindow(w: Work, tribe: unknown) {
  // M2.3: before tick 0 the calendar's opening opens nothing (the platform's weekdays run from the start).
  if (w.s.status === 'setup' && w.s.startedAt !== null) return void w.tribe(tribe)
  const t = running(w, tribe)
  t.window = 'open'
  t.bankUsed = 0
  for (const a of w.armiesToWrite(t.id)) Object.assign(a, { tired: false, steps: 0, bonus: 0, cast: [] })
  for (const c of w.villagesOf(t.id)) if (c.castle!.built) w.cellToWrite(c.key).castle!.built = false
  w.emit({ type: 'windowOpened', tribe: t.id })
}

/** M2.10. */
export function closeWindow(w: Work, tribe: unknown) {
  const t = w.tribe(tribe)
  if (w.s.status === 'setup') return
  closeArmies(w, t)
  t.window = 'closed'
  w.emit({ type: 'windowClosed', tribe: t.id })
}

/** The tribes in play, in weekday order, to write into. */
function byDay(w: Work) {
  const playing = w.tribesToWrite().filter((t) => !t.eliminated)
  return playing.sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday))
}

/** M2.11 (M2.4 for tick 0). */
export function tick(w: Work, at: unknown) {
  const s = w.s
  if (s.startedAt === null || s.status === 'finished') reject('calendar/not_running', 'the campaign is not running', 'M2.11')
  instantOf(at, 'a tick', 'M2.11')
  if (s.status === 'setup') {
    if (at - s.startedAt < TICK0_GAP_MS) return w.emit({ type: 'tickWaits', reason: 'tick0_too_soon' })
    s.status = 'running'
  } else {
    // M13.24: a window still open is closed first.
    for (const t of s.tribes) if (t.window !== 'closed') closeWindow(w, t.id)
    // M11.1, M13.22: a wonder, the map explored, the round limit, named in that order.
    const faceDown = Object.values(s.cells).some((c) => !c.revealed)
    const reason = s.wonderBuilt ? 'wonder' : !faceDown ? 'explored' : s.round >= s.settings.limit ? 'roundLimit' : null
    if (reason) return endGame(w, reason)
    returns(w)
  }
  breed(w)
  const produced = produce(w)
  w.emit({ type: 'ticked', round: s.round, produced })
  draw(w)
  s.round++
  s.wonderBuilt = false
}

/** M5.9, M13.19: groups due back, in the order they dispersed. */
function returns(w: Work) {
  const due = w.s.dispersed.filter((g) => g.returns === w.s.round).sort((a, b) => a.id - b.id)
  for (const g of due) {
    const t = w.tribe(g.tribe)
    const from = w.cell(g.from)
    const village = w.villagesOf(t.id).sort((a, b) => manhattan(a, from) - manhattan(b, from))[0]!
    const first = w.s.armies.filter((a) => a.tribe === t.id && a.cell === village.key).sort((a, b) => a.id - b.id)[0]
    let army = first && w.armyToWrite(first)
    if (!army && slotsOf(w, t).combat > 0) army = newArmy(w, t, village.key, false)
    addTroops(army ? army.troops : w.cellToWrite(village.key).castle!.reserve, g.troops)
    w.emit({ type: 'returned', tribe: t.id, group: g.id, cell: village.key, into: army ? army.id : 'reserve' })
  }
  w.s.dispersed = w.s.dispersed.filter((g) => !due.includes(g))
}

const castles = (w: Work) => w.s.order.map((k) => w.s.cells[k]!).filter((c) => c.castle && c.owner)

/** M5.2: each castle's tracks: levas always, the others with their buildings. */
function breed(w: Work) {
  for (const c of castles(w)) {
    const castle = w.cellToWrite(c.key).castle!
    const held = Object.values(castle.slots)
    for (const k of KINDS) {
      if (k !== 'leva' && !held.some((id) => BUILDINGS[id]!.trains === k)) continue
      castle.progress[k]++
      if (castle.progress[k] < TROOPS[k as Kind].period) continue
      castle.reserve[k]++
      castle.progress[k] = 0
    }
  }
}

/** M4.2: every tribe's production, in weekday order. */
function produce(w: Work): Record<string, Stock> {
  const out: Record<string, Stock> = {}
  for (const t of byDay(w)) {
    const got = production(w.s, t)
    t.produccion = 0
    for (const r of ['oro', 'madera', 'piedra'] as const) t.stock[r] += got[r]
    out[t.id] = got
  }
  return out
}

/** The buildings that draw, in M9.3's order (Biblioteca, Laboratorio, Universidad). */
const DRAWERS = Object.values(BUILDINGS).filter((b) => b.draws !== null)

/** M9.3: Biblioteca, Laboratorio, Universidad by castle in reading order, then spell mines. */
function draw(w: Work) {
  for (const t of byDay(w)) {
    const levels: (1 | 2 | 3)[] = []
    const owned = w.s.order.map((k) => w.s.cells[k]!).filter((c) => c.owner === t.id)
    // The book's order, not the slot map's: its keys come in the order the buildings were built,
    // and a canonical or jsonb copy of the state orders them otherwise (#47).
    for (const c of owned) {
      const held = c.castle ? Object.values(c.castle.slots) : []
      for (const b of DRAWERS) if (held.includes(b.id)) levels.push(b.draws!)
    }
    for (const c of owned) if (TILE[c.tile]!.spellMine) levels.push(TILE[c.tile]!.spellMine!)
    const got = new Map<1 | 2 | 3, number>()
    for (const level of levels) {
      const card = drawCard(w, String(level) as '1')
      if (card === undefined) continue
      t.hand.push(card)
      got.set(level, (got.get(level) ?? 0) + 1)
    }
    for (const [level, n] of [...got].sort((a, b) => a[0] - b[0])) w.emit({ type: 'drew', tribe: t.id, level, n })
  }
}

/** M10.1–M10.6: all at once or nothing: a failing transfer refuses the whole trade, with its rule. */
export function executeTrade(w: Work, transfers: unknown) {
  if (!Array.isArray(transfers)) reject('trade/bad', 'a trade is a list of transfers', 'M10.1')
  if (w.s.status !== 'running') reject('campaign/not_running', 'nothing is traded during setup or after the end', 'M10.1')
  const givers = new Set<Tribe>()
  const tribes = w.tribesToWrite()
  for (const x of transfers as ElMapaTransfer[]) {
    const [from, to] = [tribes.find((t) => t.id === x?.from), tribes.find((t) => t.id === x?.to)]
    if (!from || !to) reject('trade/bad', 'a transfer goes between two tribes of the campaign', 'M10.1')
    if (from === to) reject('trade/same_tribe', `${from.name} cannot give to itself`, 'M10.1')
    for (const t of [from, to]) if (t.eliminated) reject('trade/eliminated', `${t.name} has been eliminated`, 'M10.1')
    give(w, from, to, x)
    givers.add(from)
  }
  w.emit({ type: 'tradeExecuted', transfers: transfers as ElMapaTransfer[] })
  for (const t of givers) eliminateIfHomeless(w, t, 'trade')
}

const hasMercado = (w: Work, t: Tribe) => w.villagesOf(t.id).some((c) => Object.values(c.castle!.slots).includes('mercado'))

function give(w: Work, from: Tribe, to: Tribe, x: ElMapaTransfer) {
  // Unknown names first, then the book's order (M4.1): the reason must not hang on the order
  // the proposal's keys were written or stored in.
  const at = (r: string) => RESOURCES.indexOf(r as Resource)
  for (const [r, n] of Object.entries(x.resources ?? {}).sort(([a], [b]) => at(a) - at(b))) {
    if (!['oro', 'madera', 'piedra'].includes(r) || !Number.isInteger(n) || n < 0) reject('trade/bad_amount', `bad amount of ${r}`, 'M10.2')
    if (n > 0 && (!hasMercado(w, from) || !hasMercado(w, to))) reject('trade/no_mercado', 'resources move only between tribes that each own a Mercado', 'M10.4')
    if (from.stock[r as keyof Stock] < n) reject('trade/lacks', `${from.name} lacks ${n} ${r}`, 'M10.5')
    from.stock[r as keyof Stock] -= n
    to.stock[r as keyof Stock] += n
  }
  const held = reserved(from)
  for (const card of x.cards ?? []) {
    if (!from.hand.includes(card) || held.has(card)) reject('trade/card_not_free', `${card} is not a free card of ${from.name}'s hand`, 'M10.5')
    from.hand.splice(from.hand.indexOf(card), 1)
    to.hand.push(card)
  }
  for (const key of x.cells ?? []) {
    const c: MapCell | undefined = w.s.cells[key]
    const kind = c ? TILE[c.tile]! : undefined
    if (!c || c.owner !== from.id || !(kind!.mine || kind!.spellMine || kind!.village))
      reject('trade/asset_not_owned', `${key} is not a mine or village of ${from.name}`, 'M10.5')
    if (w.s.armies.some((a) => a.cell === key && a.tribe === from.id)) reject('trade/occupied', `${from.name} has an army on ${key}`, 'M10.5')
    w.cellToWrite(key).owner = to.id
  }
}
