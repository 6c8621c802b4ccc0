// A running two-tribe campaign of a game that starts with a setup (no draft), made as players
// would (over the app's routes: create, invite, join, start), its setup over by `runningBy`: the
// template a bench copies (lib/clone.ts) when it needs many campaigns of one game. The weekday
// game's draft has its own helper (test/helpers/many.ts).
import type { FastifyInstance } from 'fastify'
import { call, setClock, setUp } from '../../test/helpers/campaign.ts'

export async function runningCampaign(app: FastifyInstance, ruleset: string, startAt: Date, runningBy: Date): Promise<{ id: string; tribes: string[] }> {
  await setClock(app, startAt.toISOString())
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset, mapId: 'coast-3' })
  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)
  if (started.status !== 200) throw new Error(`start ${ruleset}: ${JSON.stringify(started.body)}`)
  await setClock(app, runningBy.toISOString())
  const running = await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)
  if (running.body.status !== 'running') throw new Error(`${ruleset} is ${running.body.status} at ${runningBy.toISOString()}, not running`)
  return { id: table.id, tribes: Object.values(table.players).map((player) => player.tribeId) }
}
