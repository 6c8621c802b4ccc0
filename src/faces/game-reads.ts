// A face's typed reading of its own game's campaigns (#48). The platform keeps a game's state
// opaque and answers its readings in the platform's terms; a face knows which game it draws, so
// it reads through this, once per game, and gets its game's own types back: the board with the
// platform's calendar around it, the legal options, the economy's preview, the state itself.
import type { GameTypes, Ruleset, Weekday } from '../engine/kernel/index.ts'
import { firstTickAtOrAfter, windowStatus } from '../lib/calendar.ts'
import type { Access } from '../services/access.ts'
import type { CampaignsService } from '../services/campaigns.ts'
import type { Reading } from '../services/views.ts'

/** The types a game's Ruleset is declared with. */
export type TypesOf<R> = R extends Ruleset<infer T> ? T : never

type PlatformView = Awaited<ReturnType<CampaignsService['stateView']>>
type PlatformTribe = PlatformView['tribes'][number]
type PlatformYou = NonNullable<PlatformView['you']>
/** A game's own figures of each tribe (Open Wars' faction, gold and mana), if its board has any. */
type FiguresOf<T extends GameTypes> = T['board'] extends { tribes: readonly (infer F)[] } ? F : unknown

/** What `stateView` answers for a campaign of game T: the game's board, the platform's calendar around it. */
export type BoardOf<T extends GameTypes> = Omit<T['board'], 'mine' | 'tribes'> &
  Omit<PlatformView, 'tribes' | 'you'> & {
    tribes: (Omit<PlatformTribe, 'figures'> & { figures?: Omit<FiguresOf<T>, keyof PlatformTribe> })[]
    you: (PlatformYou & NonNullable<T['board']['mine']>) | null
  }

export interface GameReads<T extends GameTypes> {
  board(a: Access, reading?: Reading): Promise<BoardOf<T>>
  state(a: Access): Promise<{ state: T['state']; version: number }>
  /** The caller's legal options; null for a reader who gives no orders. */
  options(a: Access): Promise<T['options'] | null>
  /** The coming tick's economy, as the game previews it. */
  preview(a: Access): Promise<T['economy']>
  /** The turn page's reading, from one snapshot (CampaignsService['turn']) in the game's types. */
  turn(a: Access): Promise<{ view: BoardOf<T>; options: T['options'] | null; held: T['economy'] | null; weekEvents: T['event'][]; weekStart: unknown }>
}

export function gameReads<T extends GameTypes>(campaigns: CampaignsService, ruleset: Ruleset<T>): GameReads<T> {
  /** The registry hands a face only its own game's campaigns; a slip there is a bug, said at once. */
  function own(a: Access) {
    if (a.campaign.ruleset !== ruleset.id) throw new Error(`the ${ruleset.id} face was handed a ${a.campaign.ruleset} campaign`)
  }
  /**
   * The one cast of a face's reads. views.ts builds the board through rulesetOf(the campaign's
   * ruleset), which the type system sees as any game; `own` has just checked that it is this one.
   */
  const asBoard = (view: PlatformView) => view as unknown as BoardOf<T>
  return {
    async board(a, reading) {
      own(a)
      return asBoard(await campaigns.stateView(a, reading))
    },
    async state(a) {
      own(a)
      const { state, version } = await campaigns.snapshot(a.campaign.id)
      return { state: state as T['state'], version }
    },
    async options(a) {
      own(a)
      return (await campaigns.options(a)).options as T['options'] | null
    },
    async preview(a) {
      own(a)
      return (await campaigns.pools(a)).preview as T['economy']
    },
    async turn(a) {
      own(a)
      const reading = await campaigns.turn(a)
      return {
        view: asBoard(reading.view),
        options: reading.options as T['options'] | null,
        held: reading.held as T['economy'] | null,
        weekEvents: reading.weekEvents as T['event'][],
        weekStart: reading.weekStart,
      }
    },
  }
}

/** The campaign's tribes, with their names and colours by id and the ones the game's bot plays (#50), as every face's pages draw them. */
export async function rosterOf(campaigns: Pick<CampaignsService, 'get'>, a: Access) {
  const tribes = (await campaigns.get(a)).tribes
  return {
    tribes,
    names: new Map(tribes.map((t) => [t.id, t.name])),
    colours: new Map(tribes.map((t) => [t.id, t.colour])),
    bots: new Set(tribes.filter((t) => t.bot).map((t) => t.id)),
  }
}

/** What a board says of its tribes' windows, as the platform's reading gives it. */
interface Openings {
  tickZeroNotBefore: number | null
  tribes: { id: string; weekday: string; nextOpening: string }[]
  you?: { tribeId: string; nextOpening: string } | null
}

/**
 * During a round game's setup (G1.13, M2.4) no window opens before tick 0: each tribe's next
 * window, and the reader's, is the first one after it (#30). Sets them on the board and answers
 * tick 0's instant, or null without one.
 */
export function openingsAfterTickZero(board: Openings, zone: string): string | null {
  const tickZero = board.tickZeroNotBefore === null ? null : firstTickAtOrAfter(zone, new Date(board.tickZeroNotBefore))
  if (tickZero) for (const t of board.tribes) t.nextOpening = windowStatus(t.weekday as Weekday, zone, tickZero).nextOpening
  if (tickZero && board.you) board.you.nextOpening = board.tribes.find((t) => t.id === board.you!.tribeId)?.nextOpening ?? board.you.nextOpening
  return tickZero?.toISOString() ?? null
}
