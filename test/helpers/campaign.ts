// Sets a campaign up over HTTP: a GM, players with weekdays, the draft.
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { buildTestApp, register } from './app.ts'
import type { Config } from '../../src/config.ts'

export type App = FastifyInstance

export async function call(
  app: App,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({ method, url, payload: payload as object, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } })
  return { status: res.statusCode, body: res.body ? res.json() : null }
}

const clockKeepers = new WeakMap<App, Promise<string>>()

/** A login for the clock route (it needs one): one account per app. */
export function clockToken(app: App): Promise<string> {
  let token = clockKeepers.get(app)
  if (!token) clockKeepers.set(app, (token = register(app, `clock-${Math.random().toString(36).slice(2)}@example.com`).then((r) => r.token)))
  return token
}

export async function setClock(app: App, iso: string) {
  const res = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { now: iso }, headers: { authorization: `Bearer ${await clockToken(app)}` } })
  if (res.statusCode !== 200) throw new Error(`clock: ${res.statusCode} ${res.body}`)
}

export interface Table {
  id: string
  gm: string
  players: Record<string, { token: string; tribeId: string; userId: string }>
}

/** A campaign in setup with a GM and one player per entry (name → weekday). */
export async function setUp(
  app: App,
  players: Record<string, string>,
  options: { mapId?: string; public?: boolean; timeZone?: string; ruleset?: string; weekLimit?: number } = {},
): Promise<Table> {
  const gm = await register(app, `gm-${Math.random().toString(36).slice(2)}@example.com`)
  const created = await call(app, gm.token, 'POST', '/api/campaigns', {
    name: 'Test campaign',
    ...(options.ruleset ? { ruleset: options.ruleset } : {}),
    ...(options.ruleset && !options.mapId ? {} : { mapId: options.mapId ?? 'coast-3' }),
    ...(options.weekLimit ? { weekLimit: options.weekLimit } : {}),
    public: options.public ?? false,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  })
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`)
  const id = created.body.id as string
  const table: Table = { id, gm: gm.token, players: {} }
  for (const [name, weekday] of Object.entries(players)) {
    const user = await register(app, `${name}-${Math.random().toString(36).slice(2)}@example.com`)
    const inv = await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`)
    const joined = await call(app, user.token, 'POST', `/api/invitations/${inv.body.token}/accept`, { tribeName: name, weekday })
    if (joined.status !== 201) throw new Error(`join ${name}: ${JSON.stringify(joined.body)}`)
    table.players[name] = { token: user.token, tribeId: joined.body.tribe.id, userId: user.user.id }
  }
  return table
}

/** Runs the draft with the GM picking for whoever is on the clock; `wanted` gives cities by player. */
export async function draft(app: App, table: Table, wanted: Record<string, string[]> = {}) {
  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)
  if (started.status !== 200) throw new Error(`draft start: ${JSON.stringify(started.body)}`)
  const order = started.body.order as string[]
  const snake = [...order, ...[...order].reverse()]
  const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
  const reserved = new Set(Object.values(wanted).flat())
  const free = state.map.tiles.filter((t: { city: boolean; tile: string }) => t.city && !reserved.has(t.tile)).map((t: { tile: string }) => t.tile)
  const nameOf = (tribeId: string) => Object.entries(table.players).find(([, p]) => p.tribeId === tribeId)![0]
  const queues = Object.fromEntries(Object.entries(wanted).map(([k, v]) => [k, [...v]]))
  for (const tribeId of snake) {
    const city = queues[nameOf(tribeId)]?.shift() ?? free.shift()
    const picked = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/picks`, { choice: city, tribeId })
    if (picked.status !== 200) throw new Error(`pick: ${JSON.stringify(picked.body)}`)
  }
}

/** A running 2-tribe game on coast-3: ana (Monday) holds 2,1 and 3,3; it is Monday 10:00 in Madrid, just after the draft. */
export async function mondayGame(t: Test, config: Partial<Config> = {}): Promise<{ app: App; table: Table }> {
  const app = await buildTestApp(t, { allowTestClock: true, ...config })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  return { app, table }
}
