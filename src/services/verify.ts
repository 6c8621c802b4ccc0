// Replay verification (R12.2): anyone who may read a campaign's log can check
// that its stored state is what the log and the seeds produce. The campaign is
// set up again from its map, tribes and first seed, every order and system
// input of the log is applied again, every recorded effect must come out the
// same, and the final state's hash must equal the stored one's.
import { hmacRng, rulesetOf, seedSetBy, setsSeed, type Weekday } from '../engine/index.ts'
import { tribesOf } from '../db/campaigns.ts'
import type { Database } from '../db/index.ts'
import { allDiceWeeks, engineEvents } from '../db/log.ts'
import { campaignMap, readSnapshot } from '../db/snapshots.ts'
import { sqlOf } from '../db/sql.ts'
import { commitmentOf } from '../lib/dice.ts'
import { AppError } from '../lib/errors.ts'
import { mapById } from './maps.ts'
import { snapshotState } from './working.ts'

export interface Verification {
  ok: boolean
  /** Engine events replayed. */
  events: number
  stateHash: string | null
  storedHash: string
  /** The log position (seq) where the replay first differs from the record. */
  divergedAt?: number
  reason?: string
}

/** `campaign`: what the campaign row recorded at its creation, the limit and the rules' version included. */
export async function verifyCampaign(
  db: Database,
  campaignId: string,
  campaign: { weekLimit: number | null; mapId: string; rulesetVersion: number },
): Promise<Verification> {
  const { weekLimit, mapId } = campaign
  const sql = sqlOf(db.pool)
  const snapshot = await readSnapshot(sql, campaignId)
  if (!snapshot) throw new AppError(409, 'campaign/not_started', 'The draft has not started yet: there is nothing to verify', 'R3.1')
  const stored = await snapshotState(sql, campaignId, snapshot)
  // Replayed by the rules it was played by.
  const rules = rulesetOf(stored.ruleset)
  const storedHash = rules.stateHash(stored)
  const kept = await campaignMap(sql, campaignId)
  const map = rules.fixedMap?.map ?? kept?.definition ?? (await mapById(db, mapId))
  const tribes = await tribesOf(sql, campaignId)
  const dice = await allDiceWeeks(db.pool, campaignId)
  const rows = await engineEvents(db.pool, campaignId)
  const fail = (at: number | undefined, reason: string): Verification => ({
    ok: false,
    events: rows.length,
    stateHash: null,
    storedHash,
    ...(at === undefined ? {} : { divergedAt: at }),
    reason,
  })
  // Each week's seed must be the one committed before it was used (R8.4).
  for (const d of dice) if (commitmentOf(d.seed) !== d.commitment) return fail(undefined, `the seed of week ${d.week} does not match its commitment`)
  const first = dice.find((d) => d.week === 0)
  if (!map || !first) return fail(undefined, "the campaign's map or first seed is missing")
  const created = rules.createGame({
    map,
    tribes: tribes.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday as Weekday })),
    seed: first.seed,
    secretSeed: rules.secretOf(stored),
    limit: weekLimit,
    version: campaign.rulesetVersion,
  })
  if (!created.ok) return fail(undefined, `the campaign cannot be set up again: ${created.error.message}`)
  for (const row of rows) {
    if (setsSeed(row.payload)) {
      const seed = seedSetBy(row.payload)
      const committed = dice.find((d) => d.seed === seed)
      if (!committed) return fail(row.seq, `the seed set at ${row.seq} was never committed`)
    }
  }
  const result = rules.replay(
    created.state,
    rows.map((r) => r.payload),
    hmacRng,
  )
  if (!result.ok) return fail(rows[result.at]?.seq, result.message)
  const replayed = rules.stateHash(result.state)
  if (replayed !== storedHash)
    return { ok: false, events: rows.length, stateHash: replayed, storedHash, reason: 'the replayed state differs from the stored one' }
  return { ok: true, events: rows.length, stateHash: replayed, storedHash }
}
