// The weekday game's chronicle: one sentence per event of the game (docs/RULES.md), in the
// reader's language, from the catalogue's `ev_*` sentences; the platform's own events are told
// by the platform's chronicle.
import type { GameEvent, TradeTransfer } from '../../engine/games/weekday/index.ts'
import { platformSentence, PLATFORM_CAMPAIGN_TYPES, type Words } from '../../lib/chronicle.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'

/** The history's filters: the story's events by kind. */
export const KINDS: Record<string, (type: string) => boolean> = {
  moves: (t) => ['moved', 'embarked', 'disembarked', 'shipMoved', 'crewTransferred'].includes(t),
  battles: (t) => ['combat', 'tileTaken', 'shipTaken', 'eliminated'].includes(t),
  economy: (t) => ['recruited', 'shipBuilt', 'payout'].includes(t),
  sieges: (t) => t === 'siegeLoss' || t === 'siegeLifted',
  diplomacy: (t) => t === 'tradeExecuted' || /^(scene|proposal)\./.test(t),
  campaign: (t) => t.startsWith('absence.') || ['draftStarted', 'draftPicked', 'campaignStarted', 'campaignFinished', ...PLATFORM_CAMPAIGN_TYPES].includes(t),
}

/**
 * The sentence for one event; an empty string for a type the chronicle does not tell. `place`
 * names a tile as the reader reads it (R1.5, places.ts); without it a tile is its coordinates.
 */
export function sentence(type: string, payload: unknown, names: ReadonlyMap<string, string>, s: Words, place: (tile: string) => string = String): string {
  const tribe = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? id) : s.ev_neutral!)
  const say = (key: string, params: Record<string, string | number>) => (s[key] ? fill(s[key]!, params, languageOf(s)) : '')
  const e = payload as GameEvent & Record<string, unknown>
  switch (type) {
    case 'moved': {
      if (e.type !== 'moved') return ''
      const moved = say('ev_moved', { tribe: tribe(e.tribe), troops: e.troops, from: place(e.from), to: place(e.path[e.path.length - 1]!) })
      return e.claimed.length ? `${moved} ${say('ev_claimed', { tiles: e.claimed.map(place).join(', ') })}` : moved
    }
    case 'recruited':
      return e.type === 'recruited' ? say('ev_recruited', { tribe: tribe(e.tribe), troops: e.troops, city: place(e.city), cost: e.cost }) : ''
    case 'shipBuilt':
      return e.type === 'shipBuilt' ? say('ev_shipBuilt', { tribe: tribe(e.tribe), ship: e.ship, sea: place(e.sea), cost: e.cost }) : ''
    case 'embarked':
      return e.type === 'embarked' ? say('ev_embarked', { tribe: tribe(e.tribe), troops: e.troops, from: place(e.from), ship: e.ship }) : ''
    case 'disembarked':
      return e.type === 'disembarked' ? say('ev_disembarked', { tribe: tribe(e.tribe), troops: e.troops, ship: e.ship, to: place(e.to) }) : ''
    case 'shipMoved':
      return e.type === 'shipMoved' ? say('ev_shipMoved', { tribe: tribe(e.tribe), ship: e.ship, to: place(e.path[e.path.length - 1]!) }) : ''
    case 'crewTransferred':
      return e.type === 'crewTransferred' ? say('ev_crewTransferred', { tribe: tribe(e.tribe), troops: e.troops, from: e.from, to: e.to }) : ''
    case 'combat':
      return e.type === 'combat'
        ? say('ev_combat', {
            tile: place(e.tile),
            attacker: tribe(e.attacker),
            attackers: e.attackers,
            a: e.a,
            defender: tribe(e.defender),
            defenders: e.defenders,
            d: e.d,
            roll: e.roll,
            counter: e.counter,
            attack: e.attack,
            defence: e.defence,
            outcome: s[`outcome_${e.result}`] ?? e.result,
          })
        : ''
    case 'tileTaken':
      if (e.type !== 'tileTaken') return ''
      return e.from === null
        ? say('ev_tileClaimed', { to: tribe(e.to), tile: place(e.tile) })
        : say('ev_tileTaken', { to: tribe(e.to), tile: place(e.tile), from: tribe(e.from) })
    case 'shipTaken':
      return e.type === 'shipTaken' ? say('ev_shipTaken', { to: tribe(e.to), ship: e.ship, from: tribe(e.from) }) : ''
    case 'siegeLoss':
      return e.type === 'siegeLoss' ? say('ev_siegeLoss', { city: place(e.city), owner: tribe(e.owner), lost: e.lost, garrison: e.garrison }) : ''
    case 'siegeLifted':
      return e.type === 'siegeLifted' ? say('ev_siegeLifted', { city: place(e.city) }) : ''
    case 'payout':
      return e.type === 'payout' ? say('ev_payout', { week: e.week, pools: e.pools.length, total: e.pools.reduce((sum, p) => sum + p.payout, 0) }) : ''
    case 'eliminated':
      return e.type === 'eliminated' ? say('ev_eliminated', { tribe: tribe(e.tribe), troops: e.troopsRemoved, ships: e.shipsRemoved.length }) : ''
    case 'tradeExecuted':
      return e.type === 'tradeExecuted' ? say('ev_trade', { transfers: e.transfers.map((t) => transfer(t, tribe, s, place)).join('; ') }) : ''
    case 'draftStarted':
      return e.type === 'draftStarted' ? say('ev_draftStarted', { order: e.order.map(tribe).join(', ') }) : ''
    case 'draftPicked':
      return e.type === 'draftPicked' ? say('ev_draftPicked', { tribe: tribe(e.tribe), city: place(e.city) }) : ''
    case 'campaignStarted':
      return say('ev_campaignStarted', {})
    case 'campaignFinished':
      return e.type === 'campaignFinished' ? say('ev_campaignFinished', { ranking: e.ranking.map((id, i) => `${i + 1}. ${tribe(id)}`).join(', ') }) : ''
    default:
      return platformSentence(type, payload, names, s)
  }
}

function transfer(t: TradeTransfer, tribe: (id: unknown) => string, s: Words, place: (tile: string) => string): string {
  const assets = [...(t.tiles ?? []).map(place), ...(t.ships ?? []).map((id) => fill(s.ev_ship!, { ship: id }, languageOf(s)))].join(', ')
  return fill(s.ev_gives!, { from: tribe(t.from), to: tribe(t.to), assets }, languageOf(s))
}
