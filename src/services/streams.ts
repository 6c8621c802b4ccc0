// Live streams of a campaign (#31 item 6), as Server-Sent Events: a new version, a tribe's
// window opening or closing, a scene message the reader may read. App instances are stateless
// and many, so no instance can be told of another's writes: each polls the database once a
// beat for every campaign it streams (one statement, however many readers), and reads the
// clock for the windows. A resumed stream (Last-Event-ID: a version) hears at once of what it missed.
import { campaignMarks, messagesAfter, type CampaignMark } from '../db/stream.ts'
import { sqlOf } from '../db/sql.ts'
import type { Weekday } from '../engine/index.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import type { Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'

export const STREAMS_PER_READER = 5
export const BEAT_MS = 500

export interface StreamEvent {
  event: 'version' | 'window' | 'scene'
  /** Set on versions, so that Last-Event-ID says which version the reader has. */
  id?: string
  data: Record<string, unknown>
}

interface Reader {
  access: Access
  /** The account, or the address of an anonymous reader: what the cap counts. */
  who: string
  send: (event: StreamEvent) => void
  version: number
  lastMessage: number
  windows: Map<string, boolean>
  tribes: { id: string; weekday: Weekday }[]
}

export interface StreamDeps extends Pick<ServiceDeps, 'db' | 'clock'> {
  tribesOf: (a: Access) => Promise<{ id: string; weekday: Weekday }[]>
  visibleScenes: (a: Access) => Promise<{ id: string }[]>
}

export function streamsService(deps: StreamDeps) {
  const { db, clock } = deps
  const readers = new Set<Reader>()
  let beat: NodeJS.Timeout | null = null
  let polling = false

  const windowsOf = (reader: Reader) => {
    const now = clock.now()
    return new Map(reader.tribes.map((tribe) => [tribe.id, windowStatus(tribe.weekday, reader.access.campaign.timeZone, now).open]))
  }

  async function catchUp(reader: Reader, mark: CampaignMark) {
    if (mark.version !== reader.version) {
      reader.version = mark.version
      reader.tribes = await deps.tribesOf(reader.access)
      reader.send({ event: 'version', id: String(mark.version), data: { version: mark.version } })
    }
    if (mark.lastMessage > reader.lastMessage) {
      const visible = new Set((await deps.visibleScenes(reader.access)).map((scene) => scene.id))
      for (const message of await messagesAfter(sqlOf(db.pool), reader.access.campaign.id, reader.lastMessage))
        if (visible.has(message.sceneId))
          reader.send({ event: 'scene', data: { sceneId: message.sceneId, position: message.position, tribeId: message.tribeId } })
      reader.lastMessage = mark.lastMessage
    }
    const windows = windowsOf(reader)
    for (const [tribe, open] of windows) if (reader.windows.get(tribe) !== open) reader.send({ event: 'window', data: { tribe, open } })
    reader.windows = windows
  }

  async function poll() {
    if (polling || readers.size === 0) return
    polling = true
    try {
      const ids = [...new Set([...readers].map((reader) => reader.access.campaign.id))]
      const marks = new Map((await campaignMarks(sqlOf(db.pool), ids)).map((mark) => [mark.campaignId, mark]))
      for (const reader of readers) {
        const mark = marks.get(reader.access.campaign.id)
        if (mark) await catchUp(reader, mark).catch(() => {})
      }
    } catch {
      // A database that does not answer this beat may answer the next: the streams wait.
    } finally {
      polling = false
    }
  }

  return {
    /** Starts a reader's stream; returns what ends it. Refused past STREAMS_PER_READER at once. */
    async open(access: Access, who: string, lastEventId: string | undefined, send: (event: StreamEvent) => void): Promise<() => void> {
      if ([...readers].filter((reader) => reader.who === who).length >= STREAMS_PER_READER)
        throw AppError.limited('stream/too_many', `At most ${STREAMS_PER_READER} live streams at once; close one first`, 60)
      const [mark] = await campaignMarks(sqlOf(db.pool), [access.campaign.id])
      const resumedAt = Number(lastEventId)
      const reader: Reader = {
        access,
        who,
        send,
        // A reader resuming from a version hears of any newer one at once; a new reader, of the current one.
        version: Number.isInteger(resumedAt) && resumedAt >= 0 ? resumedAt : -1,
        lastMessage: mark?.lastMessage ?? 0,
        windows: new Map(),
        tribes: await deps.tribesOf(access),
      }
      if (mark) await catchUp(reader, mark)
      readers.add(reader)
      beat ??= setInterval(() => void poll(), BEAT_MS)
      return () => {
        readers.delete(reader)
        if (readers.size === 0 && beat) {
          clearInterval(beat)
          beat = null
        }
      }
    },
    stop() {
      if (beat) clearInterval(beat)
      beat = null
      readers.clear()
    },
  }
}

export type StreamsService = ReturnType<typeof streamsService>
