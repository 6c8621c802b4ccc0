// The chronicle: one sentence per logged event, in the reader's language, from
// the catalogue's `ev_*` sentences. Inputs (orders, system actions) and the
// service's bookkeeping are "system rows", which the history hides unless asked.
import type { GameEvent, TradeTransfer } from '../engine/index.ts'
import { fill } from './fill.ts'

export type Words = Record<string, string>

/** Event types that are the log's machinery rather than the story of the game. */
export const SYSTEM_TYPES = new Set(['order', 'system', 'seedSet', 'windowOpened', 'windowClosed', 'dice.committed', 'dice.revealed', 'map.week_ended', 'campaign.created'])

/** The history's filters: the story's events by kind. */
export const KINDS: Record<string, (type: string) => boolean> = {
  moves: (t) => ['moved', 'embarked', 'disembarked', 'shipMoved', 'crewTransferred'].includes(t),
  battles: (t) => ['combat', 'tileTaken', 'shipTaken', 'eliminated'].includes(t),
  economy: (t) => ['recruited', 'shipBuilt', 'payout'].includes(t),
  sieges: (t) => t === 'siegeLoss' || t === 'siegeLifted',
  diplomacy: (t) => t === 'tradeExecuted' || /^(scene|proposal)\./.test(t),
  campaign: (t) => t.startsWith('absence.') || ['tribe.joined', 'tribe.removed', 'tribe.player_replaced', 'window.missed', 'order.stand_in', 'draftStarted', 'draftPicked', 'campaignStarted', 'campaignFinished', 'campaign.paused', 'campaign.resumed', 'turnEnded'].includes(t),
}

export function isSystemRow(type: string): boolean {
  return SYSTEM_TYPES.has(type)
}

/** The sentence for one event; an empty string for a type the chronicle does not tell. */
export function sentence(type: string, payload: unknown, names: ReadonlyMap<string, string>, s: Words): string {
  const tribe = (id: unknown) => (typeof id === 'string' ? names.get(id) ?? id : s.ev_neutral!)
  const say = (key: string, params: Record<string, string | number>) => (s[key] ? fill(s[key]!, params) : '')
  const e = payload as GameEvent & Record<string, unknown>
  switch (type) {
    case 'moved': {
      if (e.type !== 'moved') return ''
      const moved = say('ev_moved', { tribe: tribe(e.tribe), troops: e.troops, from: e.from, to: e.path[e.path.length - 1]! })
      return e.claimed.length ? `${moved} ${say('ev_claimed', { tiles: e.claimed.join(', ') })}` : moved
    }
    case 'recruited': return e.type === 'recruited' ? say('ev_recruited', { tribe: tribe(e.tribe), troops: e.troops, city: e.city, cost: e.cost }) : ''
    case 'shipBuilt': return e.type === 'shipBuilt' ? say('ev_shipBuilt', { tribe: tribe(e.tribe), ship: e.ship, sea: e.sea, cost: e.cost }) : ''
    case 'embarked': return e.type === 'embarked' ? say('ev_embarked', { tribe: tribe(e.tribe), troops: e.troops, from: e.from, ship: e.ship }) : ''
    case 'disembarked': return e.type === 'disembarked' ? say('ev_disembarked', { tribe: tribe(e.tribe), troops: e.troops, ship: e.ship, to: e.to }) : ''
    case 'shipMoved': return e.type === 'shipMoved' ? say('ev_shipMoved', { tribe: tribe(e.tribe), ship: e.ship, to: e.path[e.path.length - 1]! }) : ''
    case 'crewTransferred': return e.type === 'crewTransferred' ? say('ev_crewTransferred', { tribe: tribe(e.tribe), troops: e.troops, from: e.from, to: e.to }) : ''
    case 'combat':
      return e.type === 'combat' ? say('ev_combat', {
        tile: e.tile, attacker: tribe(e.attacker), attackers: e.attackers, a: e.a, defender: tribe(e.defender), defenders: e.defenders, d: e.d,
        roll: e.roll, counter: e.counter, attack: e.attack, defence: e.defence, outcome: s[`outcome_${e.result}`] ?? e.result,
      }) : ''
    case 'tileTaken':
      if (e.type !== 'tileTaken') return ''
      return e.from === null ? say('ev_tileClaimed', { to: tribe(e.to), tile: e.tile }) : say('ev_tileTaken', { to: tribe(e.to), tile: e.tile, from: tribe(e.from) })
    case 'shipTaken': return e.type === 'shipTaken' ? say('ev_shipTaken', { to: tribe(e.to), ship: e.ship, from: tribe(e.from) }) : ''
    case 'siegeLoss': return e.type === 'siegeLoss' ? say('ev_siegeLoss', { city: e.city, owner: tribe(e.owner), lost: e.lost, garrison: e.garrison }) : ''
    case 'siegeLifted': return e.type === 'siegeLifted' ? say('ev_siegeLifted', { city: e.city }) : ''
    case 'payout': return e.type === 'payout' ? say('ev_payout', { week: e.week, pools: e.pools.length, total: e.pools.reduce((sum, p) => sum + p.payout, 0) }) : ''
    case 'eliminated': return e.type === 'eliminated' ? say('ev_eliminated', { tribe: tribe(e.tribe), troops: e.troopsRemoved, ships: e.shipsRemoved.length }) : ''
    case 'tradeExecuted': return e.type === 'tradeExecuted' ? say('ev_trade', { transfers: e.transfers.map((t) => transfer(t, tribe, s)).join('; ') }) : ''
    case 'draftStarted': return e.type === 'draftStarted' ? say('ev_draftStarted', { order: e.order.map(tribe).join(', ') }) : ''
    case 'draftPicked': return e.type === 'draftPicked' ? say('ev_draftPicked', { tribe: tribe(e.tribe), city: e.city }) : ''
    case 'campaignStarted': return say('ev_campaignStarted', {})
    case 'windowOpened': case 'windowClosed': case 'turnEnded':
      return say(`ev_${type}`, { tribe: tribe((e as { tribe?: string }).tribe) })
    case 'campaignFinished':
      return e.type === 'campaignFinished' ? say('ev_campaignFinished', { ranking: e.ranking.map((id, i) => `${i + 1}. ${tribe(id)}`).join(', ') }) : ''
    case 'tribe.joined': {
      const p = payload as { name?: string; weekday?: string }
      return say('ev_tribeJoined', { tribe: p.name ?? '', weekday: s[p.weekday ?? ''] ?? p.weekday ?? '' })
    }
    case 'tribe.removed': return say('ev_tribeRemoved', { tribe: (payload as { name?: string }).name ?? '' })
    case 'tribe.player_replaced': return say('ev_playerReplaced', { tribe: tribe((payload as { tribe?: string }).tribe) })
    case 'absence.declared': {
      const p = payload as { tribe?: string; from?: string; to?: string }
      return say('ev_absenceDeclared', { tribe: tribe(p.tribe), from: p.from ?? '', to: p.to ?? '' })
    }
    case 'absence.stand_in': {
      const p = payload as { tribe?: string; standIn?: string | null }
      return say(p.standIn ? 'ev_standInNamed' : 'ev_standInRemoved', { tribe: tribe(p.tribe) })
    }
    case 'order.stand_in': {
      const p = payload as { tribe?: string; orders?: number }
      return say('ev_standInOrders', { tribe: tribe(p.tribe), orders: p.orders ?? 1 })
    }
    case 'window.missed': return say('ev_windowMissed', { tribe: tribe((payload as { tribe?: string }).tribe) })
    case 'campaign.paused': return say('ev_paused', {})
    case 'campaign.resumed': return say('ev_resumed', {})
    case 'scene.opened': return say('ev_sceneOpened', { tribes: ((payload as { tribes?: string[] }).tribes ?? []).map(tribe).join(', ') })
    case 'scene.message': return say('ev_sceneMessage', { tribe: (payload as { tribe?: string | null }).tribe ? tribe((payload as { tribe: string }).tribe) : s.ev_theGm! })
    case 'scene.closed': return say('ev_sceneClosed', {})
    case 'proposal.made': case 'proposal.accepted': case 'proposal.declined': case 'proposal.withdrawn': {
      const who = (payload as { tribe?: string | null }).tribe
      return say(`ev_${type.replace('.', '_')}`, { tribe: who ? tribe(who) : s.ev_theGm! })
    }
    case 'proposal.ratified': return say('ev_proposalRatified', {})
    case 'proposal.rejected': return say('ev_proposalRejected', {})
    case 'proposal.failed': return say('ev_proposalFailed', {})
    case 'dice.committed': return say('ev_diceCommitted', { week: (payload as { week?: number }).week ?? '' })
    case 'dice.revealed': return say('ev_diceRevealed', { week: (payload as { week?: number }).week ?? '' })
    case 'map.week_ended': return say('ev_weekEnded', { week: (payload as { week?: number }).week ?? '' })
    default: return ''
  }
}

function transfer(t: TradeTransfer, tribe: (id: unknown) => string, s: Words): string {
  const assets = [...(t.tiles ?? []), ...(t.ships ?? []).map((id) => fill(s.ev_ship!, { ship: id }))].join(', ')
  return fill(s.ev_gives!, { from: tribe(t.from), to: tribe(t.to), assets })
}
