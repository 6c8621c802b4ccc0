// The sentences the round games (conquest, El Mapa, Open Wars) tell alike, each in its own words:
// the tick that waits, a tribe out, the campaign's end with its ranking, a ratified trade; anything else is the
// platform's (#48: each face had copied these cases).
import { languageOf } from '../lib/catalogue.ts'
import { platformSentence, type Words } from '../lib/chronicle.ts'
import { fill } from '../lib/fill.ts'

/** A round game's keys for the shared sentences; `ended.type` is its event that ends the campaign. */
export interface RoundWords {
  tickWaits: string
  eliminated: string
  ended: { type: string; key: string; reasonPrefix: string }
}

/**
 * `tribe` names a tribe as the game does; `assets` says one transfer's goods in the game's words.
 * A ranking's places are the event's `ranks` where it has them (Open Wars' ties), else 1, 2, 3….
 */
export function roundSentence<T>(
  type: string,
  payload: unknown,
  names: ReadonlyMap<string, string>,
  s: Words,
  game: RoundWords & { tribe: (id: unknown) => string; assets: (transfer: T) => string },
): string {
  const e = payload as Record<string, unknown>
  const say = (key: string, params: Record<string, string | number>) => (s[key] ? fill(s[key]!, params, languageOf(s)) : '')
  const { tribe } = game
  switch (type) {
    case 'tickWaits':
      return say(game.tickWaits, {})
    case 'eliminated':
      return say(game.eliminated, { tribe: tribe(e.tribe), by: tribe(e.by) })
    case game.ended.type:
      return say(game.ended.key, {
        reason: s[`${game.ended.reasonPrefix}${String(e.reason)}`] ?? String(e.reason),
        ranking: ((e.ranking ?? []) as string[]).map((id, i) => `${(e.ranks as number[] | undefined)?.[i] ?? i + 1}. ${tribe(id)}`).join(', '),
      })
    case 'tradeExecuted':
      return say('ev_trade', {
        transfers: ((e.transfers ?? []) as (T & { from: string; to: string })[])
          .map((t) => fill(s.ev_gives!, { from: tribe(t.from), to: tribe(t.to), assets: game.assets(t) }, languageOf(s)))
          .join('; '),
      })
    default:
      return platformSentence(type, payload, names, s)
  }
}
