// Open Wars' chronicle: one sentence per event of the game, in the reader's language. A battle is
// told turn by turn in the order of initiative (W6.7), each die with what it did; the
// platform's own events are told by the platform's chronicle.
import { WEEKDAYS, type Weekday } from '../../engine/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { PLATFORM_CAMPAIGN_TYPES, type Words } from '../../lib/chronicle.ts'
import { roundSentence, type RoundWords } from '../round-chronicle.ts'
import { fill } from '../../lib/fill.ts'
import { kindName, spellName } from './names.ts'

/** The history's filters for this game. */
export const OPENWARS_KINDS: Record<string, (type: string) => boolean> = {
  battles: (t) => ['battle', 'volley', 'spellResolved', 'phaseEnded', 'eliminated'].includes(t),
  diplomacy: (t) => t === 'tradeExecuted' || /^(scene|proposal)\./.test(t),
  campaign: (t) => t.startsWith('absence.') || ['mapBuilt', 'mustered', 'roundStarted', 'tickWaits', 'campaignEnded', ...PLATFORM_CAMPAIGN_TYPES].includes(t),
}

/** This game's keys for the sentences the round games share. */
const OPENWARS_WORDS: RoundWords = {
  tickWaits: 'oev_tickWaits',
  eliminated: 'oev_eliminated',
  ended: { type: 'campaignEnded', key: 'oev_ended', reasonPrefix: 'o_end_' },
}

type E = Record<string, unknown>
interface Turn {
  round: number
  tribe: string
  kind: string
  act: 'attack' | 'retreat' | 'spell'
  attack?: number
  dice?: { face: number }[]
  hits?: number
  to?: string
  spell?: string
  fell?: { tribe: string; kind: string }[]
}

/** What one transfer of a trade gives (W8.2): gold, mana, locations. */
const tradeAssets =
  (s: Words, place: (id: string) => string) =>
  (t: { gold?: number; mana?: number; locations?: string[] }): string =>
    [t.gold ? `${t.gold} ${s.o_gold_word}` : '', t.mana ? `${t.mana} ${s.o_mana_word}` : '', ...(t.locations ?? []).map(place)].filter(Boolean).join(', ') ||
    '–'

export function openwarsSentence(type: string, payload: unknown, names: ReadonlyMap<string, string>, s: Words, named?: (id: string) => string): string {
  const e = payload as E
  const locale = languageOf(s)
  const tribe = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? (id === 'trade' ? s.oev_byTrade! : id === 'upkeep' ? s.oev_byUpkeep! : id)) : '')
  // A location's name (the card's, with its id) when the page knows the map.
  const place = (id: unknown) => (typeof id === 'string' ? (named?.(id) ?? id) : '')
  const say = (key: string, params: Record<string, string | number>) => (s[key] ? fill(s[key]!, params, locale) : '')
  const faces = (dice: unknown) => ((dice ?? []) as { face: number }[]).map((d) => d.face).join(' ') || '–'
  const fell = (list: unknown) => {
    const l = (list ?? []) as { tribe: string; kind: string }[]
    return l.length ? say('oev_fell', { units: l.map((f) => `${tribe(f.tribe)}: ${kindName(f.kind, s)}`).join(', ') }) : say('oev_noneFell', {})
  }
  switch (type) {
    case 'order': {
      const o = e.order as E
      const who = tribe(e.tribe)
      if (o.type === 'move')
        return say('oev_move', {
          tribe: who,
          count: Number(o.count),
          kind: kindName(String(o.kind), s),
          from: place(o.from),
          to: place((o.path as string[]).at(-1)),
        })
      if (o.type === 'recruit') return say('oev_recruit', { tribe: who, count: Number(o.count), kind: kindName(String(o.kind), s), city: place(o.city) })
      if (o.type === 'aim') return say('oev_aim', { tribe: who, kind: kindName(String(o.kind), s), from: place(o.from), target: place(o.target) })
      if (o.type === 'cast')
        return say('oev_cast', { tribe: who, kind: kindName(String(o.kind), s), spell: spellName(String(o.spell), s), target: place(o.target) })
      if (o.type === 'endTurn') return say('oev_endTurn', { tribe: who })
      // Standing orders, casualty lists and the sealed army are secret (W10.8); the faction is told.
      if (o.type === 'setFaction') return say('oev_setFaction', { tribe: who, faction: s[`o_faction_${String(o.faction)}`] ?? String(o.faction) })
      return ''
    }
    case 'mapBuilt':
      return say('oev_mapBuilt', { seed: String(e.seed), cells: ((e.cards ?? []) as unknown[]).length })
    case 'mustered':
      return say('oev_mustered', {
        // By the new weekday: the record's keys come back from the log's jsonb in jsonb's order (#47).
        days: Object.entries((e.weekdays ?? {}) as Record<string, string>)
          .sort(([, a], [, b]) => WEEKDAYS.indexOf(a as Weekday) - WEEKDAYS.indexOf(b as Weekday))
          .map(([id, day]) => `${tribe(id)} ${s[day] ?? day} (${(e.values as Record<string, number>)?.[id] ?? 0})`)
          .join(', '),
      })
    case 'battle': {
      const order = ((e.order ?? []) as string[]).map((x, i) => {
        const [t, k] = x.split(':')
        return `${i + 1}. ${tribe(t)}: ${kindName(k ?? '', s)} (${(e.initiative as number[])?.[i] ?? '?'})`
      })
      const turns = ((e.turns ?? []) as Turn[]).map((t) => {
        const who = { round: t.round, tribe: tribe(t.tribe), kind: kindName(t.kind, s) }
        if (t.act === 'retreat') return say('oev_turnRetreat', { ...who, to: place(t.to) })
        if (t.act === 'spell')
          return say('oev_turnSpell', { ...who, spell: spellName(t.spell ?? '', s), dice: faces(t.dice), hits: t.hits ?? 0, fell: fell(t.fell) })
        return say('oev_turnAttack', { ...who, attack: t.attack ?? 0, dice: faces(t.dice), hits: t.hits ?? 0, fell: fell(t.fell) })
      })
      const end = e.winner ? say('oev_battleWinner', { tribe: tribe(e.winner) }) : say('oev_battleNobody', {})
      return [say('oev_battle', { at: place(e.at), attacker: tribe(e.attacker), defender: tribe(e.defender), order: order.join('; ') }), ...turns, end].join(
        ' ',
      )
    }
    case 'volley':
      return say('oev_volley', {
        tribe: tribe(e.tribe),
        kind: kindName(String(e.kind), s),
        from: place(e.from),
        target: place(e.target),
        dice: faces(e.dice),
        hits: Number(e.hits),
        fell: fell(e.fell),
      })
    case 'spellResolved':
      return e.void
        ? say('oev_spellVoid', { tribe: tribe(e.tribe), spell: spellName(String(e.spell), s), target: place(e.target) })
        : say('oev_spell', {
            tribe: tribe(e.tribe),
            spell: spellName(String(e.spell), s),
            target: place(e.target),
            dice: faces(e.dice),
            hits: Number(e.hits),
            fell: fell(e.fell),
          })
    case 'phaseEnded': {
      const risen = (e.risen ?? []) as { at: string; tribe: string; kind: string; die: { face: number }; rose: boolean }[]
      const raised = (e.raised ?? []) as { at: string; tribe: string; count: number }[]
      const parts = [
        ...risen.map((r) => say(r.rose ? 'oev_rose' : 'oev_stayed', { tribe: tribe(r.tribe), kind: kindName(r.kind, s), at: place(r.at), face: r.die.face })),
        ...raised.map((r) => say('oev_raised', { tribe: tribe(r.tribe), count: r.count, at: place(r.at) })),
      ]
      return parts.length ? parts.join(' ') : say('oev_phaseEnded', { tribe: tribe(e.tribe) })
    }
    case 'roundStarted':
      return say('oev_roundStarted', { round: Number(e.round) })
    default:
      return roundSentence(type, payload, names, s, { ...OPENWARS_WORDS, tribe, assets: tradeAssets(s, place) })
  }
}
