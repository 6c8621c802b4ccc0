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
