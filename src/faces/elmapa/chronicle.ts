// El Mapa's chronicle: one sentence per event of the game, in the reader's language; the
// platform's own events (scenes, absences, windows) are told by the platform's chronicle.
// It tells events as the reader may read them (the engine's eventFor hid the rest, M12.10).
import { PLATFORM_CAMPAIGN_TYPES, type Words } from '../../lib/chronicle.ts'
import { roundSentence, type RoundWords } from '../round-chronicle.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'

/** The history's filters for this game. */
export const ELMAPA_KINDS: Record<string, (type: string) => boolean> = {
  moves: (t) => ['revealed', 'claimed', 'treasure', 'order'].includes(t),
  battles: (t) => ['battle', 'dispersed', 'returned', 'eliminated'].includes(t),
  economy: (t) => ['ticked', 'drew', 'order'].includes(t),
  diplomacy: (t) => t === 'tradeExecuted' || /^(scene|proposal)\./.test(t),
  campaign: (t) => t.startsWith('absence.') || ['started', 'tickWaits', 'ended', ...PLATFORM_CAMPAIGN_TYPES].includes(t),
}

/** This game's keys for the sentences the round games share. */
const ELMAPA_WORDS: RoundWords = {
  tickWaits: 'mev_tickWaits',
  eliminated: 'mev_eliminated',
  ended: { type: 'ended', key: 'mev_ended', reasonPrefix: 'm_end_' },
}

type E = Record<string, unknown>
const KINDS = ['leva', 'soldado', 'arquero', 'caballero']
const RESOURCES = ['oro', 'madera', 'piedra']

/** Troops as words: "Leva ×3, Arquero ×1"; empty kinds left out. */
export const troopWords = (t: unknown, s: Words) =>
  KINDS.filter((k) => ((t ?? {}) as Record<string, number>)[k]! > 0)
    .map((k) => `${s[`m_kind_${k}`]} ×${(t as Record<string, number>)[k]}`)
    .join(', ') || '0'
/** A stock as words: "Oro 3, Madera 1"; empty kinds left out. */
export const stockWords = (g: unknown, s: Words) =>
  RESOURCES.filter((k) => ((g ?? {}) as Record<string, number>)[k]! > 0)
    .map((k) => `${s[`m_stock_${k}`]} ${(g as Record<string, number>)[k]}`)
    .join(', ') || '0'

/** M12.9: how many boosters a cast took is public, even where their kinds are not. */
const boosterCount = (o: Record<string, unknown>) => (Array.isArray(o.boosters) ? o.boosters.length : 0)

/** A card by its name, or by its level when hidden ("level-2", M12.9). */
export function cardWord(card: unknown, s: Words): string {
  const c = String(card)
  const hidden = /^level-(\d|\?)$/.exec(c)
  if (hidden) return fill(s.m_hiddenCard!, { level: hidden[1]! }, languageOf(s))
  const kind = /^([a-z]+)-\d$/.exec(c)?.[1]
  return kind ? `${s[`m_card_${kind}`] ?? kind} (${c})` : c
}

function orderSentence(o: E, who: string, s: Words, say: (key: string, p: Record<string, string | number>) => string): string {
  switch (o.type) {
    case 'setBattlePlan':
      return say('mev_plan', { tribe: who })
    case 'hire':
      return say('mev_hire', { tribe: who, troops: troopWords(o.troops, s), village: String(o.village) })
    case 'build':
      return say('mev_build', {
        tribe: who,
        building: s[`m_building_${String(o.building)}`] ?? String(o.building),
        village: String(o.village),
        slot: String(o.slot),
      })
    case 'bankTrade':
      return say('mev_bank', { tribe: who, exchange: s[`m_bank_${String(o.exchange)}`] ?? String(o.exchange), n: Number(o.n) })
    case 'step':
      return say('mev_step', { tribe: who, army: Number(o.army), dir: s[`m_dir_${String(o.dir)}`] ?? String(o.dir) })
    case 'exchange':
      return say('mev_exchange', { tribe: who, a: Number((o.armies as number[])[0]), b: Number((o.armies as number[])[1]) })
    case 'cast':
      return say('mev_cast', { tribe: who, card: cardWord(o.card, s), boosters: boosterCount(o) })
    case 'teleport':
      return say('mev_teleport', { tribe: who, army: Number(o.army), to: String(o.to), boosters: boosterCount(o) })
    case 'endTurn':
      return say('mev_endTurn', { tribe: who })
    default:
      return ''
  }
}

/** What one transfer of a trade gives (M10.2): resources, cards of the hand by their names, cells. */
const tradeAssets =
  (s: Words) =>
  (x: { resources?: unknown; cards?: string[]; cells?: string[] }): string =>
    [stockWords(x.resources, s), ...(x.cards ?? []).map((c) => cardWord(c, s)), ...(x.cells ?? [])].filter((w) => w && w !== '0').join(', ') || '–'

export function elMapaSentence(type: string, payload: unknown, names: ReadonlyMap<string, string>, s: Words): string {
  const e = payload as E
  const tribe = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? (id === 'trade' ? s.m_byTrade! : id)) : s.m_nobody!)
  const say = (key: string, params: Record<string, string | number>) => (s[key] ? fill(s[key]!, params, languageOf(s)) : '')
  switch (type) {
    case 'order':
      return orderSentence(e.order as E, tribe(e.tribe), s, say)
    case 'started':
      return say('mev_started', { cells: ((e.revealed ?? []) as unknown[]).length })
    case 'revealed':
      return say('mev_revealed', {
        tribe: tribe(e.tribe),
        n: ((e.cells ?? []) as unknown[]).length,
        cells: ((e.cells ?? []) as { cell: string; tile: string }[]).map((c) => `${c.cell} ${s[`m_tile_${c.tile}`] ?? c.tile}`).join(', '),
      })
    case 'treasure':
      return say('mev_treasure', { tribe: tribe(e.tribe), cell: String(e.cell), gained: stockWords(e.gained, s) })
    case 'claimed':
      return say(e.from ? 'mev_claimedFrom' : 'mev_claimed', { tribe: tribe(e.tribe), cell: String(e.cell), from: tribe(e.from) })
    case 'battle': {
      const r = e.record as E
      return say('mev_battle', {
        attacker: tribe(r.attacker),
        defender: r.defender ? tribe(r.defender) : s.m_guardsWord!,
        cell: String(r.cell),
        result: s[`m_result_${String(r.result)}`] ?? String(r.result),
        lostA: troopWords((r.killed as E).A, s),
        lostD: troopWords((r.killed as E).D, s),
        vp: Number(r.vp),
      })
    }
    case 'dispersed':
      return say('mev_dispersed', { tribe: tribe(e.tribe), troops: troopWords(e.troops, s), round: Number(e.returns) })
    case 'returned':
      return say('mev_returned', { tribe: tribe(e.tribe), cell: String(e.cell) })
    case 'drew':
      return say('mev_drew', { tribe: tribe(e.tribe), n: Number(e.n), level: Number(e.level) })
    case 'ticked':
      return say('mev_ticked', { round: Number(e.round) })
    default:
      return roundSentence(type, payload, names, s, { ...ELMAPA_WORDS, tribe, assets: tradeAssets(s) })
  }
}
