// What this instance last saved of each campaign it changed (#32): the state
// after the change and the snapshot row's version and marks. An order of a
// campaign known here is built on it without reading, and saved in one
// statement whose guard checks that the row and the caller are still as the
// read would have found them (SaveGuard); if not, nothing is written and the
// order takes the reading path. So an instance never has to be told of
// another's writes: a stale entry costs one failed statement, never a wrong
// answer. The engine never mutates a state, so the entry holds references.
// What bounds the memory is the states' size (#52): a state is kept without its
// map, which one object serves for every campaign on it, so thousands fit in a
// few megabytes, and a round-robin over a thousand campaigns stays on the path
// of one round trip.
import { LRUCache } from 'lru-cache'
import type { CampaignRow } from '../db/campaigns.ts'
import type { ChangeWrite } from '../db/snapshot-writes.ts'
import type { ChangeRow } from '../db/snapshots.ts'
import type { AnyState } from '../engine/index.ts'
import { storedState } from './working.ts'

export interface KnownCampaign {
  campaign: CampaignRow
  /** The state now: the stored one with its tail replayed, as a read would give it. */
  state: AnyState
  version: number
  stateVersion: number
  syncedUntil: Date
  nextDueAt: Date | null
  lastSeq: number
  /** The seats' version the read found (#52): a guarded save checks it is still the same. */
  seatsVersion: number
  /**
   * Each player seen giving orders: the token their read checked and the row it gave them (their
   * tribe in it), its state left out; valid while the seats' version holds.
   */
  tribes: Map<string, { jti: string; row: ChangeRow }>
  /** What the entry counts against the budget: its state's JSON as stored, and the rest of the entry. */
  bytes: number
}

/** The campaign row, the marks and the players' tribes, above the state's JSON. */
const ENTRY_BYTES = 512

/**
 * The campaigns an instance changed last, the least recently used dropped beyond `limit` of them
 * or beyond `maxBytes` of their states' JSON.
 */
export function knownCampaigns(limit: number, maxBytes = Number.MAX_SAFE_INTEGER) {
  const entries = new LRUCache<string, KnownCampaign>({ max: Math.max(1, limit), maxSize: Math.max(1, maxBytes), sizeCalculation: (entry) => entry.bytes })
  return {
    get: (campaignId: string) => (limit > 0 ? entries.get(campaignId) : undefined),
    forget: (campaignId: string) => void entries.delete(campaignId),
    /**
     * Remembers what `change` wrote, built on `state` of `campaign`; the players' tribes carry over while the seats' version holds.
     * `storedBytes`: the stored state's size as its read found it, which spares writing the state out to measure it.
     */
    saved(
      campaign: CampaignRow,
      state: AnyState,
      change: ChangeWrite,
      stateVersion: number,
      seatsVersion: number,
      storedBytes?: number | null,
    ): KnownCampaign | undefined {
      if (limit <= 0) return undefined
      const current = entries.peek(campaign.id)
      // Two requests of one campaign may finish out of order: the newer version stays.
      if (current && current.version > change.version) return current
      // Measured when the state is first kept (as the read found it stored) and at each whole-state
      // save (every SNAPSHOT_EVERY changes); between them it barely grows.
      const bytes =
        change.state !== undefined
          ? ENTRY_BYTES + change.state.length
          : current
            ? current.bytes
            : ENTRY_BYTES + (storedBytes ?? JSON.stringify(storedState(state)).length)
      const entry: KnownCampaign = {
        campaign: { ...campaign, status: change.status },
        state,
        version: change.version,
        stateVersion: change.state === undefined ? stateVersion : change.version,
        syncedUntil: change.syncedUntil,
        nextDueAt: change.nextDueAt,
        lastSeq: change.firstSeq - 1 + change.events.length,
        seatsVersion,
        // A caller checked under other seats may have lost theirs since.
        tribes: current && current.seatsVersion === seatsVersion ? current.tribes : new Map(),
        bytes,
      }
      entries.set(campaign.id, entry)
      return entry
    },
    /**
     * What a locked change saved (the sweep's catch-up, a week of it), followed by a campaign this
     * instance remembers, so that its next order stays one round trip: the calendar moves every
     * running campaign's version or marks each day, and a stale entry costs a failed save and a read.
     * A campaign not remembered is not added: a sweep over thousands must not push out those that order.
     */
    followed(campaign: CampaignRow, state: AnyState, change: ChangeWrite, stateVersion: number, seatsVersion: number): void {
      if (limit > 0 && entries.has(campaign.id)) this.saved(campaign, state, change, stateVersion, seatsVersion)
    },
    /** Marks alone stored over `version` (a catch-up that found nothing to do), followed likewise. */
    marked(campaignId: string, version: number, syncedUntil: Date, nextDueAt: Date | null): void {
      const current = limit > 0 ? entries.peek(campaignId) : undefined
      // A new object: an order under way holds the old one and builds its guard from it.
      if (current && current.version === version) entries.set(campaignId, { ...current, syncedUntil, nextDueAt })
    },
    get size() {
      return entries.size
    },
    /** The bytes the kept entries count against the budget. */
    get bytes() {
      return entries.calculatedSize
    },
  }
}

export type KnownCampaigns = ReturnType<typeof knownCampaigns>
