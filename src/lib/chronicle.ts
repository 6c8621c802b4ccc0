// The platform's chronicle: one sentence per event of its own (joins, absences, scenes,
// the dice's commitments, windows), in the reader's language, from the catalogue's `ev_*`
// sentences. A game's face tells its own events and hands the rest to this one. Inputs
// (orders, system actions) and the service's bookkeeping are "system rows", which the
// history hides unless asked.
import { DateTime } from 'luxon'
import { languageOf } from './catalogue.ts'
import { fill } from './fill.ts'

export type Words = Record<string, string>

/** Event types that are the log's machinery rather than the story of the game. */
export const SYSTEM_TYPES = new Set([
  'order',
  'system',
  'seedSet',
  'windowOpened',
  'windowClosed',
  'dice.committed',
  'dice.revealed',
  'map.week_ended',
  'campaign.created',
])

export function isSystemRow(type: string): boolean {
  return SYSTEM_TYPES.has(type)
}

/** The platform's own events of the history's "campaign" filter, whatever the game. */
export const PLATFORM_CAMPAIGN_TYPES = [
  'tribe.joined',
  'tribe.removed',
  'tribe.player_replaced',
  'window.missed',
  'order.stand_in',
  'order.bot',
  'tribe.bot',
  'campaign.paused',
  'campaign.resumed',
  'turnEnded',
]

/** The sentence for one of the platform's events; an empty string for a type it does not tell. */
export function platformSentence(type: string, payload: unknown, names: ReadonlyMap<string, string>, s: Words): string {
  const tribe = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? id) : s.ev_neutral!)
  const say = (key: string, params: Record<string, string | number>) => (s[key] ? fill(s[key]!, params, languageOf(s)) : '')
  const e = payload as Record<string, unknown>
  switch (type) {
    case 'windowOpened':
    case 'windowClosed':
    case 'turnEnded':
      return say(`ev_${type}`, { tribe: tribe((e as { tribe?: string }).tribe) })
    case 'tribe.joined': {
      const p = payload as { name?: string; weekday?: string; bot?: boolean }
      return say(p.bot ? 'ev_tribeJoinedBot' : 'ev_tribeJoined', { tribe: p.name ?? '', weekday: s[p.weekday ?? ''] ?? p.weekday ?? '' })
    }
    case 'tribe.removed':
      return say('ev_tribeRemoved', { tribe: (payload as { name?: string }).name ?? '' })
    case 'tribe.player_replaced':
      return say('ev_playerReplaced', { tribe: tribe((payload as { tribe?: string }).tribe) })
    case 'absence.declared': {
      const p = payload as { tribe?: string; from?: string; to?: string }
      return say('ev_absenceDeclared', { tribe: tribe(p.tribe), from: dayWords(p.from, s), to: dayWords(p.to, s) })
    }
    case 'absence.stand_in': {
      // Named by the GM, or (#49) by the absent tribe's own player.
      const p = payload as { tribe?: string; standIn?: string | null; by?: 'gm' | 'player' }
      const key =
        p.by === 'player' ? (p.standIn ? 'ev_standInNamedByPlayer' : 'ev_standInRemovedByPlayer') : p.standIn ? 'ev_standInNamed' : 'ev_standInRemoved'
      return say(key, { tribe: tribe(p.tribe) })
    }
    case 'order.stand_in': {
      const p = payload as { tribe?: string; orders?: number }
      return say('ev_standInOrders', { tribe: tribe(p.tribe), orders: p.orders ?? 1 })
    }
    case 'order.bot': {
      const p = payload as { tribe?: string; orders?: number }
      return say('ev_botOrders', { tribe: tribe(p.tribe), orders: p.orders ?? 1 })
    }
    case 'tribe.bot': {
      const p = payload as { tribe?: string; plays?: boolean; reason?: string; missed?: number }
      if (p.reason === 'missed') return say('ev_botAfterMissed', { tribe: tribe(p.tribe), missed: p.missed ?? 1 })
      if (p.reason === 'player') return say('ev_botPlayerBack', { tribe: tribe(p.tribe) })
      return say(p.plays ? 'ev_botTakesOver' : 'ev_botGivesBack', { tribe: tribe(p.tribe) })
    }
    case 'window.missed':
      return say('ev_windowMissed', { tribe: tribe((payload as { tribe?: string }).tribe) })
    case 'campaign.paused':
      return say('ev_paused', {})
    case 'campaign.resumed':
      return say('ev_resumed', {})
    case 'scene.opened':
      return say('ev_sceneOpened', { tribes: ((payload as { tribes?: string[] }).tribes ?? []).map(tribe).join(', ') })
    case 'scene.message':
      return say('ev_sceneMessage', { tribe: (payload as { tribe?: string | null }).tribe ? tribe((payload as { tribe: string }).tribe) : s.ev_theGm! })
    case 'scene.closed':
      return say('ev_sceneClosed', {})
    case 'proposal.made':
    case 'proposal.accepted':
    case 'proposal.declined':
    case 'proposal.withdrawn': {
      const who = (payload as { tribe?: string | null }).tribe
      return say(`ev_${type.replace('.', '_')}`, { tribe: who ? tribe(who) : s.ev_theGm! })
    }
    case 'proposal.ratified':
      return say('ev_proposalRatified', {})
    case 'proposal.rejected':
      return say('ev_proposalRejected', {})
    case 'proposal.failed':
      return say('ev_proposalFailed', {})
    case 'dice.committed':
      return say('ev_diceCommitted', { week: (payload as { week?: number }).week ?? '' })
    case 'dice.revealed':
      return say('ev_diceRevealed', { week: (payload as { week?: number }).week ?? '' })
    case 'map.week_ended':
      return say('ev_weekEnded', { week: (payload as { week?: number }).week ?? '' })
    default:
      return ''
  }
}

/** A calendar day in the reader's words ("7 December", "7 de diciembre"), not ISO (#30); anything else as it came. */
function dayWords(day: string | undefined, s: Words): string {
  const date = day ? DateTime.fromISO(day) : null
  if (!date?.isValid) return day ?? ''
  return languageOf(s) === 'es' ? date.setLocale('es').toFormat("d 'de' LLLL") : date.setLocale('en-GB').toFormat('d LLLL')
}
