// The weekly turn (R4): a tribe acts only in its window; recruitment comes
// before the first action; the window's opening restores movement points and
// its close runs the siege check.
import type { TribeState } from '../types.ts'
import { ARMY_MP, SHIP_MP } from './constants.ts'
import { siegeCheck } from './siege.ts'
import { reject, tribeState, type Work } from './work.ts'

export function requireOpenWindow(w: Work, t: TribeState) {
  if (w.s.status !== 'running') reject('campaign/not_running', `orders are taken only while the campaign runs (it is ${w.s.status})`)
  if (t.eliminated) reject('turn/eliminated', `${t.name} has been eliminated`, 'R2.4')
  if (t.phase === 'closed') reject('turn/window_closed', `${t.name} can give orders only on ${t.weekday}, 00:00–20:00`, 'R4.3')
  if (t.phase === 'ended') reject('turn/ended', `${t.name} already ended this turn`, 'R4.6')
}

export function beginActions(w: Work, t: TribeState) {
  // Only called inside an open window (recruitment or actions), so this ends recruitment (R5.5).
  w.setTribe(t.id, { phase: 'actions' })
}

/** R4.6: the tribe gives up the rest of its window. */
export function endTurn(w: Work, t: TribeState) {
  w.setTribe(t.id, { phase: 'ended' })
  w.emit({ type: 'turnEnded', tribe: t.id })
}

export function openWindow(w: Work, a: Record<string, unknown>) {
  const t = tribeState(w, a.tribe)
  if (w.s.status !== 'running') reject('campaign/not_running', `windows open only while the campaign runs (it is ${w.s.status})`)
  if (t.eliminated) reject('turn/eliminated', `${t.name} has been eliminated`, 'R2.4')
  w.setTribe(t.id, { phase: 'recruitment' })
  // Movement points come back at the opening (R4.5).
  for (const key in w.s.armies) {
    const army = w.s.armies[key]!
    if (army.tribe === t.id) w.setArmy(key, { ...army, mp: ARMY_MP })
  }
  for (const id in w.s.ships) {
    const ship = w.s.ships[id]!
    if (ship.tribe === t.id) w.setShip({ ...ship, mp: SHIP_MP })
  }
  w.emit({ type: 'windowOpened', tribe: t.id })
}

export function closeWindow(w: Work, a: Record<string, unknown>) {
  const t = tribeState(w, a.tribe)
  if (w.s.status !== 'running') reject('campaign/not_running', `windows close only while the campaign runs (it is ${w.s.status})`)
  w.setTribe(t.id, { phase: 'closed' }) // an eliminated tribe's phase is closed already
  w.emit({ type: 'windowClosed', tribe: t.id })
  if (a.siege !== false) siegeCheck(w) // R9.2: at the calendar's closes only
}
