// The orders benches' fleet (bench/orders.ts, bench/compare.ts): one two-tribe campaign on
// coast-2 set up through the services and copied in SQL, the orders its Monday tribe can send,
// and the reset that puts every campaign back to its start before a run.
import type pg from 'pg'
import { buildApp } from '../../src/app.ts'
import { hmacRng } from '../../src/engine/index.ts'
import { applyOrder, type GameState, type Order } from '../../src/engine/games/weekday/index.ts'
import { loadState } from '../../src/services/working.ts'
import { cloneCampaign } from './clone.ts'
import { benchConfig } from './server.ts'

export const FLEET = Number(process.env.BENCH_CAMPAIGNS ?? 3000)
/** The servers' frozen clock: a Monday at 10:00 in Madrid, inside the Monday tribe's window. */
export const MONDAY = '2026-11-30T09:00:00Z'
export const SECRET = 'bench-secret-bench-secret-bench-secret'
export const SNAPSHOT_EVERY = process.env.BENCH_SNAPSHOT_EVERY

/** Keeps the fleet's states as they start, for resetFleet. */
export async function keepFleet(pool: pg.Pool) {
  await pool.query(`DROP TABLE IF EXISTS bench_reset; CREATE TABLE bench_reset AS SELECT campaign_id, state FROM game_snapshots`)
}

/**
 * Every campaign of the fleet back to its start, its log behind it (no tail), each version moved
 * (a server's memory of it is stale). The rows are locked first, in a statement of their own: an
 * order still in flight from a run that ended by time (wrk leaves its last requests to the
 * server) may save while the reset runs, and an UPDATE that waited for its row would set the
 * log's position from what its own snapshot saw, before that order's events, which then replay
 * on the reset state and fail ("does not replay on it", 500s in a run; 2026-12-02). Once the
 * rows are held, no order saves until the reset commits, and then on a moved version.
 */
export async function resetFleet(pool: pg.Pool) {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT 1 FROM game_snapshots s JOIN bench_reset r ON r.campaign_id = s.campaign_id FOR UPDATE OF s')
    await client.query(
      `UPDATE game_snapshots s SET state = r.state, version = s.version + 1, state_version = s.version + 1,
              state_seq = COALESCE((SELECT max(e.seq) FROM campaign_events e WHERE e.campaign_id = s.campaign_id), 0)
         FROM bench_reset r WHERE r.campaign_id = s.campaign_id`,
    )
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    client.release()
  }
  await pool.query('VACUUM ANALYZE game_snapshots')
}

/** One campaign set up through the services, its copies made in SQL, and the orders its Monday tribe can send. */
export async function fleet(url: string, log: (m: string) => void) {
  const app = await buildApp({ config: benchConfig({ loginRateLimit: 100_000 }), databaseUrl: url })
  try {
    app.clock.set(new Date(MONDAY))
    const gm = await app.accounts.register({ email: 'gm@bench.test', password: 'bench-password-gm', displayName: 'GM' })
    const c = await app.campaigns.create(gm.id, { name: 'bench', mapId: 'coast-2' })
    const players: string[] = []
    for (const [k, weekday] of [
      [0, 'monday'],
      [1, 'tuesday'],
    ] as const) {
      const user = await app.accounts.register({ email: `p${k}@bench.test`, password: 'bench-password-player', displayName: `P${k}` })
      const inv = await app.campaigns.invite(await app.campaigns.access(c.id, gm.id), gm.id)
      await app.campaigns.accept(inv.token, user.id, { tribeName: `T${k}`, weekday })
      players.push(user.id)
    }
    const access = await app.campaigns.access(c.id, gm.id)
    const { order } = await app.campaigns.start(access)
    const tribes = await app.prisma.tribe.findMany({ where: { campaignId: c.id }, orderBy: { weekday: 'asc' } })
    const mine = tribes.find((t) => t.userId === players[0])!.id
    const picks: Record<string, string[]> = { [mine]: ['2,1', '3,3'] }
    const others = ['8,1', '9,3']
    for (const tribeId of [...order, ...[...order].reverse()]) await app.campaigns.pick(access, { tribeId, city: (picks[tribeId] ?? others).shift()! })

    const snapshot = await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: c.id } })
    const orders = legalMoves(loadState(snapshot.state) as GameState, mine)
    log(`fleet: ${FLEET} campaigns, ${orders.length} accepted orders each (single troops out of the cities)`)
    for (let done = 1; done < FLEET; done += 1000)
      await cloneCampaign(
        app.pg,
        c.id,
        tribes.map((t) => t.id),
        Math.min(1000, FLEET - done),
      )
    // Statistics, as autovacuum gives a database in service before it is busy. Made in SQL a moment
    // before the servers start, the fleet had none: their connections prepared the order's read on
    // tables never analyzed and kept planning it anew at every read for their whole life (1.1 ms
    // of PostgreSQL's CPU each, against 0.14 ms to run it; 2026-12-02), since PostgreSQL costs a
    // statement's generic plan once and those custom plans looked cheaper than it.
    await app.pg.query('ANALYZE')
    const ids = (await app.prisma.tribe.findMany({ where: { userId: players[0]! }, select: { campaignId: true } })).map((t) => t.campaignId)
    return { campaigns: ids, orders, token: await app.issueToken(players[0]!) }
  } finally {
    await app.close()
  }
}

/** One move of one troop out of each city per troop it holds, each checked against the engine in turn. */
function legalMoves(state: GameState, tribe: string): Order[] {
  const out: Order[] = []
  let s = state
  for (const [from, army] of Object.entries(state.armies)) {
    if (army.tribe !== tribe) continue
    const to = state.map.tiles
      .map((t) => `${t.q},${t.r}`)
      .find((key) => {
        const tried = applyOrder(s, tribe, { type: 'move', from, troops: 1, to: key }, hmacRng)
        return tried.ok && tried.events.every((e) => e.type === 'moved' || e.type === 'order')
      })
    if (!to) throw new Error(`no plain move out of ${from}`)
    for (let i = 0; i < army.troops; i++) {
      const order: Order = { type: 'move', from, troops: 1, to }
      const tried = applyOrder(s, tribe, order, hmacRng)
      if (!tried.ok) throw new Error(`the ${i + 1}th move out of ${from} is refused: ${tried.error.code}`)
      s = tried.state
      out.push(order)
    }
  }
  return out
}
