// Many campaigns fast: copies of one campaign made in SQL (the tick and orders benches).
// A copy has the template's whole history too (log events, calendar ledger, dice weeks,
// the kept map), so that a bench of old campaigns reads and writes beside as many rows
// as a real one of that age would: tribe ids are swapped for the copy's in every one.
import type pg from 'pg'

/** `count` copies of a running campaign: new ids for it and its tribes, everything else the same. */
export async function cloneCampaign(pool: pg.Pool | pg.Client, template: string, tribes: string[], count: number) {
  const swap = (column: string) => tribes.reduce((expr, _t, i) => `replace(${expr}, $${i + 3}, md5(n.id::text || $${i + 3})::uuid::text)`, column)
  await pool.query(
    `WITH n AS (SELECT gen_random_uuid() AS id, g FROM generate_series(1, $2::int) g),
     c AS (INSERT INTO campaigns (id, name, map_id, time_zone, status, week_limit, public, created_by_id, created_at, updated_at, ruleset, ruleset_version)
           SELECT n.id, c.name || ' #' || n.g, c.map_id, c.time_zone, c.status, c.week_limit, c.public, c.created_by_id, c.created_at, c.updated_at, c.ruleset, c.ruleset_version
           FROM campaigns c, n WHERE c.id = $1::uuid),
     m AS (INSERT INTO memberships (campaign_id, user_id, role, created_at) SELECT n.id, m.user_id, m.role, m.created_at FROM memberships m, n WHERE m.campaign_id = $1::uuid),
     t AS (INSERT INTO tribes (id, campaign_id, name, colour, weekday, user_id, created_at)
           SELECT md5(n.id::text || t.id::text)::uuid, n.id, t.name, t.colour, t.weekday, t.user_id, t.created_at FROM tribes t, n WHERE t.campaign_id = $1::uuid),
     d AS (INSERT INTO dice_weeks (campaign_id, week, seed, commitment, committed_at, revealed_at)
           SELECT n.id, d.week, d.seed, d.commitment, d.committed_at, d.revealed_at FROM dice_weeks d, n WHERE d.campaign_id = $1::uuid),
     e AS (INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at, tribe, played)
           SELECT n.id, e.seq, e.week, e.type, (${swap('e.payload::text')})::jsonb, e.created_at, ${swap('e.tribe')}, e.played
           FROM campaign_events e, n WHERE e.campaign_id = $1::uuid),
     l AS (INSERT INTO calendar_work (campaign_id, kind, period, due_at, done_at, outcome)
           SELECT n.id, l.kind, ${swap('l.period')}, l.due_at, l.done_at, l.outcome FROM calendar_work l, n WHERE l.campaign_id = $1::uuid),
     k AS (INSERT INTO campaign_maps (campaign_id, hash, definition, created_at)
           SELECT n.id, k.hash, k.definition, k.created_at FROM campaign_maps k, n WHERE k.campaign_id = $1::uuid)
     INSERT INTO game_snapshots (campaign_id, version, state, state_seq, state_version, synced_until, next_due_at, updated_at, period, ranking)
     SELECT n.id, s.version, (${swap('s.state::text')})::json, s.state_seq, s.state_version, s.synced_until, s.next_due_at, s.updated_at, s.period, s.ranking
     FROM game_snapshots s, n WHERE s.campaign_id = $1::uuid`,
    [template, count, ...tribes],
  )
}
