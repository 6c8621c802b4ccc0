// Many running campaigns quickly, through the service functions (no HTTP):
// one GM and two players shared by all of them (ana on Monday, ben on Wednesday).
import type { GameState } from '../../src/engine/games/weekday/index.ts'
import type { FastifyInstance } from 'fastify'

export interface Many {
  ids: string[]
  users: { gm: string; ana: string; ben: string }
}

export async function manyCampaigns(app: FastifyInstance, count: number, options: { mapId?: string; prefix?: string } = {}): Promise<Many> {
  const prefix = options.prefix ?? Math.random().toString(36).slice(2, 8)
  const user = (name: string) => app.accounts.register({ email: `${name}-${prefix}@many.test`, password: 'many-passwords', displayName: name })
  const [gm, ana, ben] = await Promise.all([user('gm'), user('ana'), user('ben')])
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const c = await app.campaigns.create(gm.id, { name: `Campaign ${i + 1}`, mapId: options.mapId ?? 'coast-2' })
    const gmAccess = await app.campaigns.access(c.id, gm.id)
    for (const [player, weekday] of [
      [ana, 'monday'],
      [ben, 'wednesday'],
    ] as const) {
      const inv = await app.campaigns.invite(gmAccess, gm.id)
      await app.campaigns.accept(inv.token, player.id, { tribeName: player.displayName, weekday })
    }
    const { order } = await app.campaigns.start(await app.campaigns.access(c.id, gm.id))
    const state = await app.campaigns.snapshot(c.id)
    const cities = (state.state as GameState).map.tiles.filter((t) => t.city).map((t) => `${t.q},${t.r}`)
    const access = await app.campaigns.access(c.id, gm.id)
    for (const tribeId of [...order, ...[...order].reverse()]) await app.campaigns.pick(access, { tribeId, city: cities.shift()! })
    ids.push(c.id)
  }
  return { ids, users: { gm: gm.id, ana: ana.id, ben: ben.id } }
}
