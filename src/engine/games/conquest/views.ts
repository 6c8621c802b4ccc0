// What the platform's pages and mails read of a world-conquest state: the board (all public
// but the objectives, G11.7), the round's end map, a day's losses, the tick's mail.
import { attacked, digestWith } from '../../kernel/parts.ts'
import type { Hurt } from '../../kernel/ruleset.ts'
import type { TribeId } from '../../kernel/ids.ts'
import { TICK0_GAP_MS } from './calendar.ts'
import { bigCount, standing } from './objectives.ts'
import type { ConquestEvent, ConquestState } from './types.ts'
import { TERRITORY_IDS } from './world.ts'

/** Tick 0 is the first Sunday 20:00 at or after this instant (epoch ms) while in setup; the platform's calendar knows the Sundays. */
export const tickZeroNotBefore = (state: ConquestState) => (state.status === 'setup' && state.startedAt !== null ? state.startedAt + TICK0_GAP_MS : null)

export function board(state: ConquestState, reader: TribeId | null) {
  const me = state.tribes.find((t) => t.id === reader)
  const stand = new Map(standing(state).map((s) => [s.id, s]))
  const over = state.status === 'finished'
  return {
    round: state.round,
    roundLimit: state.roundLimit,
    setup: state.status === 'setup',
    // G1.14: tick 0 is the first Sunday 20:00 at or after this instant (epoch ms); the platform's calendar knows the Sundays.
    tickZeroNotBefore: tickZeroNotBefore(state),
    tribesAtStart: state.tribesAtStart,
    territories: TERRITORY_IDS.filter((id) => state.territories[id]).map((id) => ({ id, ...state.territories[id]! })),
    standing: state.tribes.map((t) => ({
      id: t.id,
      name: t.name,
      weekday: t.weekday,
      eliminated: t.eliminated,
      eliminatedBy: t.eliminatedBy,
      window: t.window,
      territories: stand.get(t.id)!.territories,
      troops: stand.get(t.id)!.troops,
      reinforcementList: t.reinforcementList,
      // G8.1, G8.10: secret until the end, then every one is shown.
      objective: over ? t.objective : null,
    })),
    result: state.result,
    objectiveCommitment: state.objectiveCommitment,
    objectiveSeed: over ? state.objectiveSeed : null,
    mine: me ? { objective: me.objective, o9Target: me.o9Target, o9Fallback: me.o9Fallback, bigCount: bigCount(state) } : null,
  }
}

/** The owners (tribe indices, map order) and troops at a round's end, for the history. */
export function weekEnd(state: ConquestState) {
  const order = new Map(state.tribes.map((t, i) => [t.id, i]))
  const ids = TERRITORY_IDS.filter((id) => state.territories[id])
  return { week: state.round, owners: ids.map((id) => order.get(state.territories[id]!.owner)!), troops: ids.map((id) => state.territories[id]!.troops) }
}

export const HOSTILE = ['battle', 'bombarded', 'eliminated'] as const

export function digest(events: readonly ConquestEvent[]): Map<TribeId, Hurt> {
  return digestWith<ConquestEvent>(events, (e, of) => {
    if (e.type === 'battle')
      attacked(
        of(e.defender),
        e.rounds.reduce((n, r) => n + r.defenderLost, 0),
        e.conquered ? e.to : null,
      )
    else if (e.type === 'bombarded') attacked(of(e.defender), e.removed)
  })
}

/** The tick's mail: the new round, the troops placed and the Básicos paid (G3). */
export function tickMail(state: ConquestState, tribe: TribeId): Record<string, unknown> | null {
  const t = state.tribes.find((x) => x.id === tribe)
  if (!t || t.eliminated) return null
  const s = standing(state).find((x) => x.id === tribe)!
  return {
    week: state.round,
    roundLimit: state.roundLimit,
    territories: s.territories,
    troopsOnMap: s.troops,
    basic: s.territories,
    finished: state.status === 'finished',
  }
}

/** What the platform's pages and mails read of a state (the Ruleset's reading members). */
export const reads = { tickZeroNotBefore, periodEnd: weekEnd, hostileEvents: HOSTILE, digest, tickMail, board }
