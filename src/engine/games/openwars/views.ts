// What the platform's pages and mails read of an Open Wars state: the board (all public but
// standing orders, casualty lists and sealed armies, W10.8), a round's end map, a day's losses,
// the tick's mail and the dice of each event.
import { attacked, digestWith } from '../../kernel/parts.ts'
import type { TribeId } from '../../kernel/ids.ts'
import type { Draw, Hurt } from '../../kernel/ruleset.ts'
import { collection } from './calendar.ts'
import { scoreOf } from './ending.ts'
import { TICK0_GAP_MS } from './setup.ts'
import { canonical } from './map.ts'
import type { OpenEvent, OpenState } from './types.ts'
import { armyValue } from './work.ts'

/** W3.6: while in setup, tick 0 (the muster) is the first Sunday 20:00 at least 72 hours after the start; the platform's calendar knows the Sundays. */
export const tickZeroNotBefore = (state: OpenState) => (state.status === 'setup' && state.startedAt !== null ? state.startedAt + TICK0_GAP_MS : null)

export function board(state: OpenState, reader: TribeId | null) {
  const me = state.tribes.find((t) => t.id === reader)
  const ids = Object.keys(state.cells).sort(canonical)
  return {
    round: state.round,
    roundLimit: state.roundLimit,
    status: state.status,
    tickZeroNotBefore: tickZeroNotBefore(state),
    rows: state.rows,
    cols: state.cols,
    wrap: state.wrap,
    cells: ids.map((id) => {
      const c = state.cells[id]!
      return { id, card: c.card, controller: c.controller, lasting: c.lasting, stacks: c.stacks.map(({ order: _secret, ...x }) => x) }
    }),
    tribes: state.tribes.map((t) => ({
      id: t.id,
      name: t.name,
      faction: t.faction,
      weekday: t.weekday,
      capital: t.capital,
      gold: t.gold,
      mana: t.mana,
      armyValue: armyValue(state, t.id),
      score: scoreOf(state, t.id),
      eliminated: t.eliminated,
      eliminatedBy: t.eliminatedBy,
      window: t.window,
      phase: t.phase,
    })),
    contested: state.contested,
    declared: state.declared,
    battleMarks: state.battleMarks,
    setupCommitment: state.setupCommitment,
    result: state.result,
    mine: me
      ? {
          army: me.army,
          defaultOrder: me.defaultOrder,
          casualtyList: me.casualtyList,
          orders: ids.flatMap((id) =>
            state.cells[id]!.stacks.filter((x) => x.tribe === me.id && x.order).map((x) => ({ at: id, kind: x.kind, order: x.order })),
          ),
        }
      : null,
  }
}

/** The controllers (tribe indices, -1 for none) and unit counts at a round's end, canonical order. */
export function roundEnd(state: OpenState) {
  const order = new Map(state.tribes.map((t, i) => [t.id, i]))
  const ids = Object.keys(state.cells).sort(canonical)
  return {
    round: state.round,
    controllers: ids.map((id) => (state.cells[id]!.controller === null ? -1 : order.get(state.cells[id]!.controller!)!)),
    units: ids.map((id) => state.cells[id]!.stacks.reduce((n, x) => n + x.count, 0)),
  }
}

export const HOSTILE = ['battle', 'volley', 'spellResolved', 'eliminated'] as const

export function digest(events: readonly OpenEvent[]): Map<TribeId, Hurt> {
  return digestWith<OpenEvent>(events, (e, of) => {
    if (e.type === 'battle') {
      // The fallen are counted by their own tribe below, the attacker's among them.
      attacked(of(e.defender), 0, e.winner !== e.defender ? e.at : null)
      for (const turn of e.turns) for (const f of turn.fell ?? []) of(f.tribe).troopsLost++
    } else if (e.type === 'volley' || e.type === 'spellResolved') for (const f of e.fell) attacked(of(f.tribe), 1)
  })
}

export function tickMail(state: OpenState, tribe: TribeId): Record<string, unknown> | null {
  const t = state.tribes.find((x) => x.id === tribe)
  if (!t || t.eliminated) return null
  const mail = {
    round: state.round,
    roundLimit: state.roundLimit,
    gold: t.gold,
    mana: t.mana,
    score: scoreOf(state, tribe),
    finished: state.status === 'finished',
  }
  // Tick 0 dealt the weekdays by army value (W3.7): its mail, the first of round 1, says each tribe's new day.
  return state.round === 1 && state.status === 'running' ? { ...mail, mustered: { weekday: t.weekday } } : mail
}

/** W4.1: what each tribe's next collection gives. */
export function previewCollection(state: OpenState) {
  return Object.fromEntries(state.tribes.filter((t) => !t.eliminated).map((t) => [t.id, collection(state, t)]))
}

/** W10.2: every die of an event, with what it decided. */
export function drawsOf(e: OpenEvent): Draw[] {
  const of = (dice: readonly { counter: number; face: number }[], purpose: string) => dice.map((d) => ({ counter: d.counter, face: d.face, purpose }))
  switch (e.type) {
    case 'battle':
      return [...of(e.rolls, `initiative in ${e.at}`), ...e.turns.flatMap((t) => of(t.dice ?? [], `${t.kind} in ${e.at}`))]
    case 'volley':
      return of(e.dice, `volley ${e.from} → ${e.target}`)
    case 'spellResolved':
      return of(e.dice, `${e.spell} on ${e.target}`)
    case 'phaseEnded':
      return e.risen.flatMap((r) => of([r.die], `${r.kind} rises in ${r.at}`))
    case 'mustered':
      return e.rolls.flatMap((r) => of([r.die], `weekday roll-off of ${r.tribe}`))
    default:
      return []
  }
}

/** What the platform's pages and mails read of a state (the Ruleset's reading members). */
export const reads = { tickZeroNotBefore, periodEnd: roundEnd, hostileEvents: HOSTILE, digest, tickMail, board }
