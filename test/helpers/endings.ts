// A weekday campaign played to its end (#30): each Monday in turn, ana spreads out in her window,
// until the week limit ends it.
import { call, setClock, type App, type Table } from './campaign.ts'

/** Each Monday 10:00 in Madrid from 7 December 2026 until the campaign is over; the state then, and the Monday it was seen over. */
export async function playToTheEnd(app: App, table: Table) {
  const mondays = ['2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28', '2027-01-04', '2027-01-11']
  for (const day of mondays) {
    await setClock(app, `${day}T09:00:00Z`)
    const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
    if (state.status === 'finished') return { ...state, endedBy: day }
    const ana = table.players.ana!
    const options = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body
    // A move that claims land, from an army that can leave a troop behind.
    type Army = { tile: string; troops: number; moves: { to: string; claims: string[]; attack?: unknown }[] }
    const army = (options?.options?.armies as Army[] | undefined)?.find((a) => a.troops > 1 && a.moves.some((m) => m.claims.length > 0 && !m.attack))
    const move = army?.moves.find((m) => m.claims.length > 0 && !m.attack)
    if (army && move)
      await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [{ type: 'move', from: army.tile, troops: 1, to: move.to }] })
  }
  throw new Error('the campaign did not end')
}
