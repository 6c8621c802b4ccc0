// W3.10, W3.13, W4.1–W4.4, W8: what the platform's calendar and scenes drive: a window's
// opening (collection, upkeep) and close (its combat phase if still open), the weekly tick,
// a new round's seed and ratified trades.
import { instantOf, notOver, tradeList, windowToClose, windowToOpen } from '../../kernel/period-checks.ts'
import type { TribeId } from '../../kernel/ids.ts'
import { kind } from './data.ts'
import { canonical } from './map.ts'
import { combatPhase } from './combat.ts'
import { eliminate, finish } from './ending.ts'
import { muster, TICK0_GAP_MS } from './setup.ts'
import type { OpenState, OpenTransfer, OpenTribe } from './types.ts'
import { cardOf, gainMana, keyword, reject, removeUnits, typeOf, unitsOf, type Work } from './work.ts'

const running = (w: Work, what: string) => notOver(w, what, 'W9.3')

/** W4.1–W4.2: what a tribe's collection gives now (before W4.3 turns the Bárbaros' mana to gold). */
export function collection(s: OpenState, t: OpenTribe): { gold: number; mana: number } {
  let gold = 0
  let mana = 0
  const mine = Object.values(s.cells).filter((c) => c.controller === t.id)
  for (const c of mine) {
    const card = cardOf(c)
    gold += card.gold
    mana += card.mana
    if (keyword(c, 'veta') && unitsOf(c, t.id) > 0) gold += 2
    if (keyword(c, 'caravanas')) gold += mine.filter((o) => o !== c && typeOf(o) === 'desierto').length
    if (t.faction === 'enanos' && typeOf(c) === 'montana') gold += 1
  }
  return { gold, mana }
}

/** W3.10. */
export function openWindow(w: Work, tribeId: unknown) {
  // W3.4: no window opens during setup.
  const t = windowToOpen(w, tribeId, { over: 'W9.3', eliminated: 'W9.2', open: 'W3.2' })
  if (!t) return
  // Every location's marks and stacks of the tribe are reset: the whole board is written.
  w.ownAll()
  const cells = Object.entries(w.s.cells).sort(([a], [b]) => canonical(a, b))
  for (const [, c] of cells) {
    c.lasting = c.lasting.filter((l) => l.tribe !== t.id)
    for (const x of c.stacks) if (x.tribe === t.id) Object.assign(x, { moved: 0, bonus: [] })
  }
  const [gold0, mana0] = [t.gold, t.mana]
  const gain = collection(w.s, t)
  t.gold += gain.gold
  gainMana(t, gain.mana)
  // W4.4: upkeep, dearest first, then location, then kind; unpaid units are banished.
  const banished: { at: string; kind: string }[] = []
  const dues = cells
    .flatMap(([at, c]) => c.stacks.filter((x) => x.tribe === t.id && kind(x.kind).upkeep > 0).map((x) => ({ at, c, x })))
    .sort((a, b) => kind(b.x.kind).cost - kind(a.x.kind).cost || canonical(a.at, b.at) || (a.x.kind < b.x.kind ? -1 : 1))
  for (const { at, c, x } of dues) {
    for (let n = x.count; n > 0; n--) {
      const due = kind(x.kind).upkeep
      if (t.mana >= due) t.mana -= due
      else {
        removeUnits(c, x, 1)
        banished.push({ at, kind: x.kind })
      }
    }
  }
  t.window = 'open'
  t.phase = 'recruitment'
  t.forged = []
  w.emit({ type: 'windowOpened', tribe: t.id, gold: t.gold - gold0, mana: t.mana - mana0, banished })
  eliminate(w, 'upkeep')
}

/** W3.9: the combat phase runs at once; the window closes. */
export function endWindow(w: Work, tribe: TribeId) {
  const t = w.tribe(tribe)
  // The combat phase makes the whole board this step's own, which the marks' clearing below writes.
  combatPhase(w, t.id)
  t.window = t.eliminated || w.s.status === 'finished' ? 'closed' : 'ended'
  t.phase = null
  // W11.8: this window's marks clear at its close.
  for (const c of Object.values(w.s.cells)) for (const x of c.stacks) if (x.tribe === t.id) x.bonus = []
  t.forged = []
}

/** W6.1: at 20:00 a window still open runs its combat phase; an ended one just closes. */
export function closeWindow(w: Work, tribeId: unknown) {
  const t = windowToClose(w, tribeId, 'W9.3')
  if (!t) return
  if (t.window === 'open' || t.window === 'started') endWindow(w, t.id)
  if (w.s.status === 'finished') return
  t.window = 'closed'
  t.phase = null
  w.emit({ type: 'windowClosed', tribe: t.id })
}

/** W3.6, W3.13: tick 0 (the muster), then round by round to the limit. */
export function tick(w: Work, at: unknown) {
  running(w, 'ticks')
  const s = w.s
  if (s.startedAt === null) reject('campaign/not_running', 'the campaign has not started', 'W3.4')
  instantOf(at, 'a tick', 'W3.6')
  if (s.status === 'setup') {
    if (at - s.startedAt < TICK0_GAP_MS) return w.emit({ type: 'tickWaits', reason: 'tick0_too_soon' })
    muster(w)
    s.status = 'running'
  } else if (s.round >= s.roundLimit) return finish(w, 'roundLimit')
  s.round += 1
  w.emit({ type: 'roundStarted', round: s.round })
}

/** W8.2–W8.5: gold, mana and empty locations, all at once or not at all. */
export function executeTrade(w: Work, transfers: unknown) {
  const list = tradeList<OpenTransfer>(w, transfers, { over: 'W9.3', setup: { says: 'no trade executes before tick 0', rule: 'W8.4' }, empty: 'W8.2' })
  // Checked whole first (W8.4): a failing proposal is refused and moves nothing.
  const owes = new Map<TribeId, { gold: number; mana: number }>()
  for (const raw of list) {
    const from = w.tribe(raw?.from)
    const to = w.tribe(raw?.to)
    for (const n of [raw.gold ?? 0, raw.mana ?? 0]) if (!Number.isInteger(n) || n < 0) reject('trade/bad_transfer', 'gold and mana are whole numbers', 'W8.2')
    if (from.id === to.id) reject('trade/same_tribe', `${from.name} cannot give to itself`, 'W8.4')
    for (const t of [from, to]) if (t.eliminated) reject('trade/eliminated', `${t.name} has been eliminated`, 'W8.4')
    const o = owes.get(from.id) ?? { gold: 0, mana: 0 }
    owes.set(from.id, { gold: o.gold + (raw.gold ?? 0), mana: o.mana + (raw.mana ?? 0) })
    for (const id of raw.locations ?? []) {
      const c = w.cell(id, 'locations', 'W8.2')
      if (c.controller !== from.id) reject('trade/asset_not_owned', `${id} is not controlled by ${from.name}`, 'W8.4')
      if (c.stacks.length > 0) reject('trade/occupied', `${id} holds units`, 'W8.4')
    }
  }
  for (const [id, o] of owes)
    if (w.tribe(id).gold < o.gold || w.tribe(id).mana < o.mana) reject('trade/lacks', `${w.tribe(id).name} lacks the gold or mana`, 'W8.4')
  for (const raw of list) {
    const from = w.tribe(raw.from)
    const to = w.tribe(raw.to)
    from.gold -= raw.gold ?? 0
    from.mana -= raw.mana ?? 0
    to.gold += raw.gold ?? 0
    gainMana(to, raw.mana ?? 0)
    for (const id of raw.locations ?? []) w.own(id).controller = to.id
  }
  w.emit({ type: 'tradeExecuted', transfers: list })
  eliminate(w, 'trade')
}
