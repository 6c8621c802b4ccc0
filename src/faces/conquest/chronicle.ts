// World conquest's chronicle: one sentence per event of the game, in the reader's language; the
// platform's own events (scenes, absences, windows) are told by the platform's chronicle.
import { PLATFORM_CAMPAIGN_TYPES, type Words } from '../../lib/chronicle.ts'
import { roundSentence, type RoundWords } from '../round-chronicle.ts'
import { GOODS, TERRITORY_IDS } from '../../engine/games/conquest/index.ts'
import { battleRounds } from './battle-words.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'

/** The history's filters for this game. */
export const CONQUEST_KINDS: Record<string, (type: string) => boolean> = {
  moves: (t) => t === 'moved',
  battles: (t) => ['battle', 'bombarded', 'eliminated'].includes(t),
  economy: (t) => ['gathered', 'built', 'reinforced', 'income'].includes(t),
  diplomacy: (t) => t === 'tradeExecuted' || /^(scene|proposal)\./.test(t),
  campaign: (t) =>
    t.startsWith('absence.') ||
    ['dealt', 'objectivesDrawn', 'roundStarted', 'tickWaits', 'campaignEnded', 'reinforcementsSet', ...PLATFORM_CAMPAIGN_TYPES].includes(t),
}

/** This game's keys for the sentences the round games share. */
const CONQUEST_WORDS: RoundWords = {
  tickWaits: 'cev_tickWaits',
  eliminated: 'cev_eliminated',
  ended: { type: 'campaignEnded', key: 'cev_ended', reasonPrefix: 'c_end_' },
}

type E = Record<string, unknown>
/** Goods in the book's order (resources, then weapons), whatever order the record's keys came back in. */
export const inGoodsOrder = (g: unknown) =>
  Object.entries((g ?? {}) as Record<string, number>).sort(([a], [b]) => GOODS.indexOf(a as never) - GOODS.indexOf(b as never))
const goods = (g: unknown, s: Words) =>
  inGoodsOrder(g)
    .map(([k, n]) => `${n} ${s[`c_good_${k}`] ?? k}`)
    .join(', ')
const faces = (dice: unknown) => ((dice ?? []) as { face: number }[]).map((d) => d.face).join(' ')

export function conquestSentence(type: string, payload: unknown, names: ReadonlyMap<string, string>, s: Words): string {
  const e = payload as E
  const tribe = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? (id === 'trade' ? s.cev_byTrade! : id)) : '')
  const say = (key: string, params: Record<string, string | number>) => (s[key] ? fill(s[key]!, params, languageOf(s)) : '')
  switch (type) {
    case 'dealt':
      return say('cev_dealt', { seed: String(e.seed) })
    case 'objectivesDrawn':
      return say('cev_objectivesDrawn', { commitment: String(e.commitment).slice(0, 12) })
    case 'battle':
      return [
        say(e.conquered ? 'cev_battleWon' : 'cev_battleLost', {
          attacker: tribe(e.attacker),
          defender: tribe(e.defender),
          from: String(e.from),
          to: String(e.to),
          troops: Number(e.troops),
          survivors: Number(e.survivors),
        }),
        ...battleRounds(e, tribe, s),
      ].join(' ')
    case 'bombarded':
      return say(e.planeLost ? 'cev_planeLost' : 'cev_bombarded', {
        tribe: tribe(e.tribe),
        kind: s[`c_order_${String(e.kind)}`] ?? String(e.kind),
        from: String(e.from),
        target: String(e.target),
        defender: tribe(e.defender),
        dice: faces(e.dice) || '–',
        removed: Number(e.removed),
      })
    case 'gathered':
      return say('cev_gathered', { tribe: tribe(e.tribe), at: String(e.at), gained: [goods(e.gained, s), goods(e.incoming, s)].filter(Boolean).join(', ') })
    case 'built':
      return say('cev_built', {
        tribe: tribe(e.tribe),
        at: String(e.at),
        count: Number(e.count),
        kind: s[`c_build_${String(e.kind)}`]?.replace(/ \(.*\)$/, '') ?? String(e.kind),
      })
    case 'moved':
      return say('cev_moved', {
        tribe: tribe(e.tribe),
        kind: s[`c_order_${String(e.kind)}`] ?? String(e.kind),
        troops: Number(e.troops),
        from: String(e.from),
        to: String(e.to),
        cargo: goods(e.cargo, s) || '–',
      })
    case 'guarded':
      return say('cev_guarded', { tribe: tribe(e.tribe), at: String(e.at), troops: Number(e.troops) })
    case 'reinforcementsSet':
      return say('cev_listSet', { tribe: tribe(e.tribe), list: ((e.list ?? []) as string[]).join(', ') })
    case 'reinforced':
      return say('cev_reinforced', {
        tribe: tribe(e.tribe),
        troops: Number(e.troops),
        // In the world's order: a record's keys come back from the log's jsonb in jsonb's own order (#47).
        placed:
          Object.entries((e.placed ?? {}) as Record<string, number>)
            .sort(([a], [b]) => TERRITORY_IDS.indexOf(a) - TERRITORY_IDS.indexOf(b))
            .map(([id, n]) => `${id} +${n}`)
            .join(', ') || '–',
      })
    case 'income':
      return say('cev_income', {})
    case 'roundStarted':
      return say('cev_roundStarted', { round: Number(e.round) })
    default:
      return roundSentence(type, payload, names, s, { ...CONQUEST_WORDS, tribe, assets: (t: { territories: string[] }) => t.territories.join(', ') })
  }
}
