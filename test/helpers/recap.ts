// A week worth a recap (#30): on coast-3, ana (Monday) claims 3,1, attacks a ben army planted next to her
// 3,3 and gives ben Highport (2,1) by a ratified trade; then the clock passes the Sunday tick.
import { call, draft, setClock, setUp, type App, type Table } from './campaign.ts'
import { currentState, plantState } from './db.ts'

export async function playedWeek(app: App, options: { public?: boolean; benLocale?: 'en' | 'es' } = {}): Promise<Table> {
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid: ana's window is open
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { public: options.public ?? false })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  if (options.benLocale) await app.prisma.user.update({ where: { id: ben.userId }, data: { locale: options.benLocale } })
  const state = (await currentState(app.pg, table.id)) as { armies: Record<string, unknown>; owners: (string | null)[] }
  state.armies['4,3'] = { tribe: ben.tribeId, troops: 1, mp: 2 }
  state.owners[23] = ben.tribeId // 4,3
  await plantState(app.pg, table.id, state)
  const march = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'move', from: '2,1', troops: 2, to: '3,1' } })
  if (march.status !== 200) throw new Error(`march: ${JSON.stringify(march.body)}`)
  const attack = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'move', from: '3,3', troops: 4, to: '4,3' } })
  if (attack.status !== 200) throw new Error(`attack: ${JSON.stringify(attack.body)}`)
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Paz', tribes: [ana.tribeId, ben.tribeId] })
  const scenes = `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals`
  const proposal = await call(app, ana.token, 'POST', scenes, { transfers: [{ from: ana.tribeId, to: ben.tribeId, tiles: ['2,1'] }] })
  await call(app, ana.token, 'POST', `${scenes}/${proposal.body.id}/accept`)
  const ratified = await call(app, table.gm, 'POST', `${scenes}/${proposal.body.id}/ratify`)
  if (ratified.status !== 200) throw new Error(`ratify: ${JSON.stringify(ratified.body)}`)
  await setClock(app, '2026-12-07T09:00:00Z') // Monday 7 December: past week 1's Sunday tick
  await setClock(app, '2026-12-07T09:01:00Z') // the sweep sends what the tick queued
  return table
}

/** The battle's line in the recap, whichever way the die fell (the attack and its outcome). */
export const BATTLE_LINE = {
  en: /ana took 4,3 from ben\.|ben held 4,3 against ana\.|ana and ben fought to a standstill at 4,3; both sides fell\./,
  es: /ana tomó 4,3 a ben\.|ben resistió en 4,3 frente a ana\.|ana y ben quedaron en tablas en 4,3; cayeron los dos bandos\./,
}

/**
 * An Open Wars round worth a recap (#30): orcs (ana) and elves (ben), tick 0 on Sunday 6
 * December; in round 1 ana moves one stack the engine offers and ends her turn; then the clock
 * passes the round's Sunday tick. ben reads Spanish.
 */
export async function playedOpenWarsRound(app: App): Promise<{ table: Table; move: { from: string; path: string[] } }> {
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday: tick 0 is Sunday the 6th, more than 72 hours on (W3.4)
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'openwars' })
  const api = `/api/campaigns/${table.id}`
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const ok = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await call(app, token, method, path, body)
    if (res.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(res.body)}`)
    return res.body
  }
  await ok(table.gm, 'POST', `${api}/start`)
  await app.prisma.user.update({ where: { id: ben.userId }, data: { locale: 'es' } })
  await ok(ana.token, 'POST', `${api}/orders`, { order: { type: 'setFaction', faction: 'orcos' } })
  await ok(ben.token, 'POST', `${api}/orders`, { order: { type: 'setFaction', faction: 'elfos' } })
  await setClock(app, '2026-12-07T00:30:00Z') // past tick 0: round 1
  // Tick 0 deals the weekdays anew (W3.7): ana plays on the day it gave her.
  const state = (await ok(ana.token, 'GET', `${api}/state`)) as { tribes: { id: string; weekday: string }[] }
  const day = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(state.tribes.find((x) => x.id === ana.tribeId)!.weekday)
  await setClock(app, new Date(Date.UTC(2026, 11, 7 + day, 9)).toISOString())
  const options = (await ok(ana.token, 'GET', `${api}/options`)).options as { orders: { type: string; from: string; path: string[] }[] }
  const move = options.orders.find((o) => o.type === 'move')!
  await ok(ana.token, 'POST', `${api}/orders`, { order: move })
  await ok(ana.token, 'POST', `${api}/orders`, { order: { type: 'endTurn' } })
  await setClock(app, '2026-12-14T09:00:00Z') // past round 1's Sunday tick
  await setClock(app, '2026-12-14T09:01:00Z') // the sweep sends what the tick queued
  return { table, move }
}
