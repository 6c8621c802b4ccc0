// #32: the memory of the campaigns an instance changed last, without a database.
import t from 'tap'
import type { CampaignRow } from '../../src/db/campaigns.ts'
import type { ChangeWrite } from '../../src/db/snapshot-writes.ts'
import type { ChangeRow } from '../../src/db/snapshots.ts'
import type { AnyState } from '../../src/engine/index.ts'
import { knownCampaigns } from '../../src/services/known-campaigns.ts'

const campaign = (id: string): CampaignRow => ({
  id,
  name: id,
  mapId: 'coast-3',
  timeZone: 'Europe/Madrid',
  status: 'running',
  weekLimit: null,
  public: false,
  recruiting: null,
  ruleset: 'weekday',
  rulesetVersion: 1,
  practice: false,
  botAbsent: false,
  botAfterMissed: null,
  createdById: 'gm',
  createdAt: new Date('2026-11-30T09:00:00Z'),
})

/** A player's seat as their read left it: their tribe, the token it checked, the row it gave them. */
const seat = (id: string, tribeId: string, jti: string) => {
  const row: ChangeRow = {
    ...campaign(id),
    state: null,
    stateBytes: null,
    tail: null,
    version: 1,
    stateVersion: 1,
    syncedUntil: new Date('2026-11-30T10:00:00Z'),
    nextDueAt: null,
    lastSeq: 0,
    seatsVersion: 0,
    gm: false,
    member: true,
    tribeId,
    standIn: false,
    tokenVersion: 0,
    revoked: false,
    seen: null,
  }
  return { jti, row }
}

const at = new Date('2026-11-30T10:00:00Z')
const change = (id: string, version: number, options: Partial<ChangeWrite> = {}): ChangeWrite => ({
  campaignId: id,
  version,
  state: undefined,
  status: 'running',
  period: 1,
  ranking: null,
  syncedUntil: at,
  nextDueAt: new Date('2026-11-30T19:00:00Z'),
  firstSeq: 10,
  events: [],
  ledger: [],
  dice: [],
  mails: [],
  now: at,
  ...options,
})
const state = (label: string) => ({ ruleset: 'weekly-turn', label }) as unknown as AnyState

t.test('#32 what a change wrote is remembered: version, the stored state version, marks and the last log position', async (t) => {
  const known = knownCampaigns(10)
  const event = { type: 'moved', payload: {}, week: 1, at, tribe: 't1', played: true }
  const appended = known.saved(campaign('a'), state('s1'), change('a', 5, { events: [event, event] }), 3, 0)!
  t.equal(appended.version, 5)
  t.equal(appended.stateVersion, 3, 'an appended change keeps the stored state where it was')
  t.equal(appended.lastSeq, 11, 'two events from seq 10')
  t.same(appended.nextDueAt, new Date('2026-11-30T19:00:00Z'))
  appended.tribes.set('ana', seat('a', 't1', 'j1'))
  const stored = known.saved(campaign('a'), state('s2'), change('a', 6, { state: '{}' }), 3, 0)!
  t.equal(stored.stateVersion, 6, 'a change that stores the state moves its version')
  t.same(stored.tribes.get('ana'), seat('a', 't1', 'j1'), "the players' tribes carry over, with the rows their reads gave")
  t.equal(known.get('a'), stored)
})

t.test('#32 two changes of one campaign finishing out of order: the newer version stays', async (t) => {
  const known = knownCampaigns(10)
  known.saved(campaign('a'), state('newer'), change('a', 8), 1, 0)
  known.saved(campaign('a'), state('older'), change('a', 7), 1, 0)
  t.equal(known.get('a')!.version, 8)
  t.equal((known.get('a')!.state as unknown as { label: string }).label, 'newer')
})

t.test('#32 beyond its limit the least recently used campaign is dropped; 0 remembers nothing', async (t) => {
  const known = knownCampaigns(2)
  known.saved(campaign('a'), state('a'), change('a', 1), 1, 0)
  known.saved(campaign('b'), state('b'), change('b', 1), 1, 0)
  known.get('a')
  known.saved(campaign('c'), state('c'), change('c', 1), 1, 0)
  t.ok(known.get('a'), 'a was used last')
  t.notOk(known.get('b'), 'b is dropped')
  t.ok(known.get('c'))
  known.forget('a')
  t.notOk(known.get('a'), 'forgotten')
  const none = knownCampaigns(0)
  t.equal(none.saved(campaign('a'), state('a'), change('a', 1), 1, 0), undefined)
  t.equal(none.get('a'), undefined)
})

t.test('#52 the budget is bytes of state JSON: a round-robin over many small campaigns stays remembered, large ones are dropped', async (t) => {
  // 1,000 bytes of JSON each (the 512 of the entry besides): five fit in 7,600 bytes, the sixth drops the oldest.
  const sized = (label: string) => ({ ruleset: 'weekly-turn', label: label.padEnd(1000 - 40, '.') }) as unknown as AnyState
  const budget = 5 * (512 + JSON.stringify(sized('x')).length) + 10
  const known = knownCampaigns(1_000, budget)
  for (const id of ['a', 'b', 'c', 'd', 'e']) known.saved(campaign(id), sized(id), change(id, 1), 1, 0)
  t.equal(known.size, 5, 'five fit')
  t.ok(known.bytes <= budget, `${known.bytes} bytes counted, within ${budget}`)
  t.equal(known.get('a')!.bytes, 512 + JSON.stringify(sized('a')).length, "an entry counts its state's JSON as stored and the rest of the entry")
  known.saved(campaign('f'), sized('f'), change('f', 1), 1, 0)
  t.equal(known.size, 5, 'the sixth drops one')
  t.notOk(known.get('b'), 'the least recently used (a was read above)')
  // A change that stores the whole state measures it again; one that appends keeps the last measure.
  const grown = { ruleset: 'weekly-turn', label: 'g'.repeat(3_000) }
  const again = known.saved(campaign('a'), sized('a'), change('a', 2, { state: JSON.stringify(grown) }), 1, 0)!
  t.equal(again.bytes, 512 + JSON.stringify(grown).length)
  t.equal(known.saved(campaign('a'), sized('a'), change('a', 3), 1, 0)!.bytes, again.bytes, 'an appended change keeps the measure')
  const huge = knownCampaigns(1_000, 2_000)
  t.equal(huge.saved(campaign('h'), sized('h'), change('h', 1, { state: JSON.stringify(grown) }), 1, 0)?.version, 1, 'the entry is built')
  t.notOk(huge.get('h'), 'but a state larger than the whole budget is never kept')
})

t.test('#52 the players checked under other seats are forgotten: a read that found the seats moved starts them afresh', async (t) => {
  const known = knownCampaigns(10)
  known.saved(campaign('a'), state('s1'), change('a', 1), 1, 4)!.tribes.set('ana', seat('a', 't1', 'j1'))
  const same = known.saved(campaign('a'), state('s2'), change('a', 2), 1, 4)!
  t.equal(same.seatsVersion, 4)
  t.ok(same.tribes.has('ana'), 'the same seats: ana is still known')
  const moved = known.saved(campaign('a'), state('s3'), change('a', 3), 1, 5)!
  t.equal(moved.seatsVersion, 5)
  t.equal(moved.tribes.size, 0, 'the seats moved: ana must be read again, whoever read last')
})

t.test("#52 the sweep's saves are followed only for campaigns remembered, the marks only on the version they were saved over", async (t) => {
  const known = knownCampaigns(10)
  known.followed(campaign('a'), state('swept'), change('a', 4, { state: '{}' }), 4, 0)
  t.equal(known.get('a'), undefined, 'a campaign not remembered is not added')
  known.saved(campaign('b'), state('ordered'), change('b', 4), 2, 0)
  known.get('b')!.tribes.set('ana', seat('b', 't1', 'j1'))
  known.followed(campaign('b'), state('swept'), change('b', 5, { state: '{}' }), 2, 0)
  const followed = known.get('b')!
  t.equal(followed.version, 5)
  t.equal(followed.stateVersion, 5, 'the sweep stores the whole state')
  t.equal((followed.state as unknown as { label: string }).label, 'swept')
  t.ok(followed.tribes.has('ana'), 'the seats hold: the players carry over')
  known.followed(campaign('b'), state('other seats'), change('b', 6, { state: '{}' }), 2, 1)
  t.equal(known.get('b')!.tribes.size, 0, 'seats moved: the players are checked again')
  const later = new Date('2026-11-30T11:00:00Z')
  known.marked('b', 5, later, null)
  t.equal(known.get('b')!.syncedUntil, at, 'marks saved over another version are not taken')
  const before = known.get('b')!
  known.marked('b', 6, later, null)
  t.equal(known.get('b')!.syncedUntil, later, 'marks saved over the remembered version are')
  t.equal(known.get('b')!.nextDueAt, null)
  t.equal(before.syncedUntil, at, 'in a new entry: an order under way keeps the one it started from')
  known.marked('c', 1, later, null)
  t.equal(known.get('c'), undefined, 'marks add no campaign either')
})
