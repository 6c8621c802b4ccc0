// Live streams of a campaign (#31 item 6), as Server-Sent Events: a new version, a tribe's
// window opening or closing, a scene message the reader may read. App instances are stateless
// and many, so no instance can be told of another's writes: each reads the database once a beat.
//
// What changed in a campaign is read once a beat for all its readers and fanned out (#45): one
// statement for the marks of every campaign streamed, the new messages of a campaign whose last
// one moved (every one of them, paged, the cursor set from what was read, so none comes twice
// or goes missing), its tribes when its version moved, and one statement for every reader's
// place. A reader whose place changed (a replacement, a removal), whose login ended (a logout,
// "log out everywhere", an expired token) or who may no longer read the campaign is sent nothing
// more: its stream ends, and a client that reconnects is answered as a new one would be.
import { tribesOfPool } from '../db/campaigns.ts'
import { sqlOf } from '../db/sql.ts'
import { campaignMarks, messagesAfter, readerPlaces, type ReaderKey, type StreamMessage } from '../db/stream.ts'
import type { Weekday } from '../engine/index.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import { accessOf, type Access } from './access.ts'
import { sessionStands, type Claims } from './accounts.ts'
import type { ServiceDeps } from './deps.ts'

/** Streams one account (or one anonymous address) may hold: a few tabs and devices. */
export const STREAMS_PER_ACCOUNT = 5
export const BEAT_MS = 500
/** Messages read a statement when a campaign's thread moved; more are read in further pages. */
const MESSAGES_PER_READ = 500

export interface StreamEvent {
  event: 'version' | 'window' | 'scene'
  /** Set on versions, so that Last-Event-ID says which version the reader has. */
  id?: string
  data: Record<string, unknown>
}

export interface StreamLimits {
  /** Streams from one client address, all accounts together. */
  perAddress: number
  /** Streams one app instance holds. */
  perInstance: number
}

/** What the route knows of a new stream. */
export interface StreamRequest {
  access: Access
  /** The login it was opened with (null: anonymous), checked again every beat. */
  claims: Claims | null
  address: string
  lastEventId: string | undefined
  send: (event: StreamEvent) => void
  /** Ends the response: the service has nothing more for this reader. */
  end: () => void
}

interface Watch {
  campaignId: string
  timeZone: string
  readers: Set<Reader>
  /** Its first read (mark, tribes), which every reader opening meanwhile waits for. */
  loading: Promise<void>
  ready: boolean
  version: number
  /** The position of the last message its readers were told of: the next read starts after it. */
  lastMessage: number
  tribes: { id: string; weekday: Weekday }[]
  windows: Map<string, boolean>
}

interface Reader extends StreamRequest {
  /** What the account cap counts: the account, or the address of an anonymous reader. */
  who: string
  watch: Watch | null
  live: boolean
  version: number
  windows: Map<string, boolean>
}

interface Change {
  version: number
  tribes: Watch['tribes'] | null
  messages: StreamMessage[]
}

const keyOf = (r: Reader): ReaderKey => ({ campaignId: r.access.campaign.id, userId: r.claims?.sub ?? null, jti: r.claims?.jti ?? '' })
const keyText = (k: ReaderKey) => `${k.campaignId} ${k.userId ?? ''} ${k.jti}`
const samePlace = (a: Access, b: Access) => a.role === b.role && a.tribeId === b.tribeId && !!a.standIn === !!b.standIn

export function streamsService(deps: Pick<ServiceDeps, 'db' | 'clock'> & { limits: StreamLimits }) {
  const { db, clock, limits } = deps
  const readers = new Set<Reader>()
  const watches = new Map<string, Watch>()
  let beat: NodeJS.Timeout | null = null
  let busy = false

  const windowsOf = (watch: Watch) => {
    const now = clock.now()
    return new Map(watch.tribes.map((tribe) => [tribe.id, windowStatus(tribe.weekday, watch.timeZone, now).open]))
  }
  const tribesOf = async (campaignId: string) => (await tribesOfPool(db.pool, campaignId)).map((t) => ({ id: t.id, weekday: t.weekday as Weekday }))

  /** A campaign's messages after `position`, every one, in thread order. */
  async function messagesSince(campaignId: string, position: number): Promise<StreamMessage[]> {
    const out: StreamMessage[] = []
    for (;;) {
      const page = await messagesAfter(sqlOf(db.pool), campaignId, out.at(-1)?.position ?? position, MESSAGES_PER_READ)
      out.push(...page)
      if (page.length < MESSAGES_PER_READ) return out
    }
  }

  /** What is new for a reader, told in order: a version, windows, messages it may read. */
  function tell(reader: Reader, messages: StreamMessage[]) {
    const watch = reader.watch!
    if (reader.version !== watch.version) {
      reader.version = watch.version
      reader.send({ event: 'version', id: String(watch.version), data: { version: watch.version } })
    }
    for (const [tribe, open] of watch.windows) if (reader.windows.get(tribe) !== open) reader.send({ event: 'window', data: { tribe, open } })
    reader.windows = watch.windows
    const { role, tribeId } = reader.access
    for (const m of messages)
      if (role === 'gm' || (tribeId && m.tribes.includes(tribeId)))
        reader.send({ event: 'scene', data: { sceneId: m.sceneId, position: m.position, tribeId: m.tribeId } })
  }

  function forget(reader: Reader) {
    if (!readers.delete(reader)) return
    reader.live = false
    const watch = reader.watch
    if (watch) {
      watch.readers.delete(reader)
      if (watch.readers.size === 0 && watches.get(watch.campaignId) === watch) watches.delete(watch.campaignId)
    }
    if (readers.size === 0 && beat) {
      clearInterval(beat)
      beat = null
    }
  }

  function finish(reader: Reader) {
    forget(reader)
    reader.end()
  }

  /** Every live reader's place now: its access, or null when it may read the campaign no more. */
  async function placesOf(live: Reader[]): Promise<Map<Reader, Access | null>> {
    const keys = new Map<string, { key: ReaderKey; index: number }>()
    for (const reader of live) {
      const key = keyOf(reader)
      if (!keys.has(keyText(key))) keys.set(keyText(key), { key, index: keys.size + 1 })
    }
    const wanted = [...keys.values()].map((k) => k.key)
    const rows = new Map((await readerPlaces(sqlOf(db.pool), wanted, clock.now())).map((row) => [row.i, row]))
    const places = new Map<Reader, Access | null>()
    for (const reader of live) {
      const key = keyOf(reader)
      const row = rows.get(keys.get(keyText(key))!.index)
      // A token's expiry is real time, as the check of a request's token reads it.
      const expired = reader.claims?.exp !== undefined && Date.now() >= reader.claims.exp * 1000
      if (!row || expired || (reader.claims && !sessionStands(reader.claims, row))) places.set(reader, null)
      else
        try {
          places.set(reader, accessOf(key.campaignId, row, key.userId))
        } catch {
          places.set(reader, null)
        }
    }
    return places
  }

  async function poll() {
    if (busy || watches.size === 0) return
    busy = true
    try {
      // The watches ready now: one made meanwhile is read from the next beat on, for all its readers.
      const ready = new Map([...watches].filter(([, w]) => w.ready))
      const changes = new Map<Watch, Change>()
      for (const mark of await campaignMarks(sqlOf(db.pool), [...ready.keys()])) {
        const watch = ready.get(mark.campaignId)
        if (!watch) continue
        changes.set(watch, {
          version: mark.version,
          tribes: mark.version !== watch.version ? await tribesOf(watch.campaignId) : null,
          messages: mark.lastMessage > watch.lastMessage ? await messagesSince(watch.campaignId, watch.lastMessage) : [],
        })
      }
      const live = [...readers].filter((r) => r.live)
      const places = await placesOf(live)
      // From here on nothing waits: a campaign's cursor moves with what its readers are told.
      for (const [watch, change] of changes) {
        watch.version = change.version
        if (change.tribes) watch.tribes = change.tribes
        watch.lastMessage = change.messages.at(-1)?.position ?? watch.lastMessage
        watch.windows = windowsOf(watch)
      }
      for (const watch of ready.values())
        for (const reader of [...watch.readers]) {
          // A reader that came in meanwhile was checked as it came in.
          const place = places.has(reader) ? places.get(reader)! : reader.access
          if (!place || !samePlace(place, reader.access)) {
            finish(reader)
            continue
          }
          reader.access = place
          try {
            tell(reader, changes.get(watch)?.messages ?? [])
          } catch {
            finish(reader)
          }
        }
    } catch {
      // A database that does not answer this beat may answer the next: the streams wait.
    } finally {
      busy = false
    }
  }

  async function watchOf(access: Access): Promise<Watch> {
    const id = access.campaign.id
    let watch = watches.get(id)
    if (!watch) {
      const created: Watch = {
        campaignId: id,
        timeZone: access.campaign.timeZone,
        readers: new Set(),
        loading: Promise.resolve(),
        ready: false,
        version: -1,
        lastMessage: 0,
        tribes: [],
        windows: new Map(),
      }
      created.loading = (async () => {
        try {
          const [mark] = await campaignMarks(sqlOf(db.pool), [id])
          Object.assign(created, { version: mark?.version ?? -1, lastMessage: mark?.lastMessage ?? 0, tribes: await tribesOf(id) })
          created.windows = windowsOf(created)
          created.ready = true
        } catch (error) {
          if (watches.get(id) === created) watches.delete(id)
          throw error
        }
      })()
      watches.set(id, (watch = created))
    }
    await watch.loading
    return watch
  }

  const count = (pick: (r: Reader) => string, value: string) => {
    let n = 0
    for (const r of readers) if (pick(r) === value) n++
    return n
  }

  return {
    /**
     * Starts a reader's stream; returns what ends it. Refused at once past the caps: per account
     * (an anonymous reader's address counts as one), per address, per instance.
     */
    async open(request: StreamRequest): Promise<() => void> {
      const who = request.claims?.sub ?? `ip ${request.address}`
      if (count((r) => r.who, who) >= STREAMS_PER_ACCOUNT)
        throw AppError.limited('stream/too_many', `At most ${STREAMS_PER_ACCOUNT} live streams at once; close one first`, 60)
      if (count((r) => r.address, request.address) >= limits.perAddress) {
        const error = AppError.limited('stream/address_busy', `At most ${limits.perAddress} live streams from one address; close one first`, 60)
        error.params = { most: limits.perAddress }
        throw error
      }
      if (readers.size >= limits.perInstance)
        throw AppError.limited('stream/server_busy', 'This server holds as many live streams as it can; try again shortly', 30)
      const resumedAt = Number(request.lastEventId)
      const reader: Reader = {
        ...request,
        who,
        watch: null,
        live: false,
        // A reader resuming from a version hears of any newer one at once; a new reader, of the current one.
        version: request.lastEventId !== undefined && Number.isInteger(resumedAt) && resumedAt >= 0 ? resumedAt : -1,
        windows: new Map(),
      }
      // Counted from now on, so that streams opened together cannot all pass the caps.
      readers.add(reader)
      try {
        const watch = await watchOf(request.access)
        if (!readers.has(reader)) throw new Error('stream closed while opening')
        reader.watch = watch
        watch.readers.add(reader)
        reader.live = true
        tell(reader, [])
      } catch (error) {
        forget(reader)
        throw error
      }
      beat ??= setInterval(() => void poll(), BEAT_MS)
      return () => forget(reader)
    },
    /** The streams this instance holds open now, and the campaigns they watch. */
    held: () => ({ streams: readers.size, campaigns: watches.size }),
    /** Ends every stream (the instance stops): clients reconnect to another. */
    stop() {
      for (const reader of [...readers]) finish(reader)
      if (beat) clearInterval(beat)
      beat = null
    },
  }
}

export type StreamsService = ReturnType<typeof streamsService>
