// G2.3, G2.9, G2.10, G3, G9: what the platform's calendar and scenes drive: window openings and
// closes, the weekly tick, a new round's seed, and ratified trades.
import { instantOf, notOver, tradeList, windowToClose, windowToOpen } from '../../kernel/period-checks.ts'
import type { TribeId } from '../../kernel/ids.ts'
import { eliminateEmpty, finish, objectiveMet } from './objectives.ts'
import { setupAllotment } from './setup.ts'
import type { ConquestState, ConquestTransfer, ConquestTribe } from './types.ts'
import { GOODS, emptyGoods, reject, type Work } from './work.ts'

export const TICK0_GAP_MS = 48 * 3_600_000

const running = (w: Work, what: string) => notOver(w, what, 'G8.6')

/** G2.3: incoming goods join the stock, guards end, every unit and Artillería becomes ready. */
export function openWindow(w: Work, tribeId: unknown) {
  // G1.13: no window opens during setup.
  const t = windowToOpen(w, tribeId, { over: 'G8.6', eliminated: 'G10.1', open: 'G2.2' })
  if (!t) return
  for (const id of w.ownedBy(t.id)) {
    const x = w.edit(id)
    for (const g of GOODS) x.stock[g] += x.incoming[g]
    x.incoming = emptyGoods()
    x.guards = 0
    x.ready = x.troops
    x.planesReady = x.planes
    x.shipsReady = x.ships
    x.artilleryReady = x.stock.artillery
  }
  t.window = 'open'
  w.emit({ type: 'windowOpened', tribe: t.id })
}

/** G2.9: the objective check (G8.4), then nothing stays ready and the gather marks clear. */
export function endWindow(w: Work, t: ConquestTribe, check: boolean) {
  if (check && objectiveMet(w.s, t)) return finish(w, 'objective', t.id)
  for (const id of w.ownedBy(t.id)) {
    const x = w.edit(id)
    x.ready = 0
    x.planesReady = 0
    x.shipsReady = 0
    x.artilleryReady = 0
    x.gathered = false
  }
}

export function closeWindow(w: Work, tribeId: unknown, check: boolean) {
  const t = windowToClose(w, tribeId, 'G8.6')
  if (!t) return
  const wasOpen = t.window === 'open' || t.window === 'started'
  t.window = 'closed'
  w.emit({ type: 'windowClosed', tribe: t.id })
  // A turn ended early was closed then (G2.8); an eliminated tribe has nothing to close.
  if (wasOpen) endWindow(w, t, check)
}

/** G3.3, G3.4: the list's entries still owned (the default list when none was set); none left, no troops. */
export function reinforcementTargets(s: ConquestState, t: ConquestTribe): string[] {
  return (t.reinforcementList.length > 0 ? t.reinforcementList : t.acquired).filter((id) => s.territories[id]!.owner === t.id)
}

/** G3.3, G3.4: round-robin over the reinforcement targets. */
export function reinforce(w: Work, t: ConquestTribe, troops: number) {
  const list = reinforcementTargets(w.s, t)
  const placed: Record<string, number> = {}
  if (list.length > 0) {
    for (let i = 0; i < troops; i++) {
      const id = list[i % list.length]!
      placed[id] = (placed[id] ?? 0) + 1
    }
    for (const [id, n] of Object.entries(placed)) w.edit(id).troops += n
  }
  w.emit({ type: 'reinforced', round: w.s.round, tribe: t.id, troops: list.length > 0 ? troops : 0, placed })
}

/** G2.10: the end at round L; else reinforcements (tick 0: the setup allotment), income, the next round. */
export function tick(w: Work, at: unknown) {
  running(w, 'ticks')
  if (w.s.startedAt === null) reject('campaign/not_running', 'the campaign has not started', 'G1.9')
  instantOf(at, 'a tick', 'G1.14')
  const s = w.s
  if (s.status === 'setup' && at - s.startedAt! < TICK0_GAP_MS) return w.emit({ type: 'tickWaits', reason: 'tick0_too_soon' })
  if (s.status === 'running' && s.round >= s.roundLimit) return finish(w, 'roundLimit', null)
  for (const t of s.tribes) {
    if (t.eliminated) continue
    const count = w.ownedBy(t.id).length
    reinforce(w, t, s.status === 'setup' ? setupAllotment(s.tribesAtStart, count) : Math.floor(count / 2))
  }
  for (const id of Object.keys(s.territories)) w.edit(id).stock.basic += 1
  w.emit({ type: 'income', round: s.round })
  s.status = 'running'
  s.round += 1
  w.emit({ type: 'roundStarted', round: s.round })
}

/** G9: whole territories change hands, all at once or not at all; units in them stop being ready. */
export function executeTrade(w: Work, transfers: unknown) {
  const list = tradeList<ConquestTransfer>(w, transfers, {
    over: 'G8.6',
    setup: { says: 'no trade executes during setup: ownership at tick 0 is the deal', rule: 'G1.13' },
    empty: 'G9.1',
  })
  const listed = new Set<string>()
  const clean: { from: TribeId; to: TribeId; territories: string[] }[] = []
  for (const raw of list) {
    if (typeof raw !== 'object' || raw === null) reject('trade/bad_transfer', 'each transfer is { from, to, tiles }', 'G9.2')
    if ((raw.ships ?? []).length > 0 || 'resources' in raw)
      reject('trade/only_territories', 'only whole territories are traded: troops, goods, planes and ships go with the ground they stand on', 'G9.3')
    const from = w.tribe(raw.from)
    const to = w.tribe(raw.to)
    if (from.id === to.id) reject('trade/same_tribe', `${from.name} cannot give to itself`, 'G9.1')
    for (const t of [from, to]) if (t.eliminated) reject('trade/eliminated', `${t.name} has been eliminated`, 'G10.1')
    const ids = raw.tiles ?? []
    if (!Array.isArray(ids) || ids.length === 0) reject('trade/bad_transfer', 'a transfer lists its territories in tiles', 'G9.2')
    for (const id of ids) {
      const x = w.territory(id, 'traded territory')
      if (x.owner !== from.id) reject('trade/asset_not_owned', `${x.id} no longer belongs to ${from.name}`, 'G9.4')
      if (listed.has(x.id)) reject('trade/duplicate_asset', `${x.id} is listed twice`, 'G9.4')
      listed.add(x.id)
    }
    clean.push({ from: from.id, to: to.id, territories: ids as string[] })
  }
  for (const tr of clean) {
    const to = w.tribe(tr.to)
    for (const id of tr.territories) {
      const x = w.edit(id)
      x.owner = tr.to
      x.ready = 0
      x.planesReady = 0
      x.shipsReady = 0
      x.artilleryReady = 0
      x.guards = 0
      x.gathered = false
      to.acquired = [...to.acquired.filter((a) => a !== id), id]
    }
  }
  w.emit({ type: 'tradeExecuted', transfers: clean })
  // G10.1, N3.28: a tribe emptied in its own window is closed at once, unchecked.
  eliminateEmpty(w, 'trade')
}
