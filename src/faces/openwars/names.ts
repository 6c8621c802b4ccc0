// Open Wars' words in the reader's language: factions, unit kinds, location cards, spells and
// types from the face's catalogue, the book's Spanish names when a key is missing.
import { CARDS, FACTIONS, KINDS, SPELLS, type Faction } from '../../engine/games/openwars/data.ts'
import type { Strings } from '../page-kit.ts'

export const factionName = (f: string | null, s: Strings) => (f ? (s[`o_faction_${f}`] ?? f) : '–')
export const kindName = (id: string, s: Strings) => s[`o_kind_${id}`] ?? KINDS.get(id)?.name ?? id
export const cardName = (id: string, s: Strings) => s[`o_card_${id}`] ?? CARDS.get(id)?.name ?? id
export const spellName = (id: string, s: Strings) => s[`o_spell_${id}`] ?? SPELLS.get(id)?.name ?? id
export const typeName = (t: string, s: Strings) => s[`o_type_${t}`] ?? t
export const keywordName = (k: string | null, s: Strings) => (k ? (s[`o_keyword_${k}`] ?? k) : '')

/** A location as a reader names it: "Pradera (r3c1)". */
export const placeOf = (id: string, cardOf: (id: string) => string | undefined, s: Strings) => {
  const c = cardOf(id)
  return c ? `${cardName(c, s)} (${id})` : id
}

/** W1.3: a kind's counter, its printed fields in the reader's words. */
export function counterOf(id: string, s: Strings) {
  const k = KINDS.get(id)!
  return {
    id,
    name: kindName(id, s),
    cost: k.cost,
    ini: k.ini,
    type: typeName(k.type, s),
    mov: k.mov,
    att: k.att,
    range: k.range,
    hp: k.hp,
    unique: k.unique,
    abilities: [
      k.anfibio ? 'anfibio' : '',
      k.hp > 1 ? 'resistente' : '',
      k.certero ? 'certero' : '',
      k.ojo ? 'ojo' : '',
      k.implacable ? 'implacable' : '',
      k.baluarte ? 'baluarte' : '',
      k.ofrenda ? 'ofrenda' : '',
      k.leader ? `leader_${k.leader}` : '',
    ]
      .filter(Boolean)
      .map((a) => s[`o_ability_${a}`] ?? a)
      .concat(k.alzarse ? [`${s.o_ability_alzarse ?? 'Alzarse'} ${k.alzarse}`] : [], k.upkeep ? [`${s.o_ability_upkeep ?? 'Upkeep'} ${k.upkeep}`] : [])
      .join(', '),
  }
}

/** Every faction's roster as counters, the table order of W1.2. */
export const rosters = (s: Strings) =>
  FACTIONS.map((f: Faction) => ({
    id: f,
    name: factionName(f, s),
    kinds: [...KINDS.values()].filter((k) => k.faction === f).map((k) => counterOf(k.id, s)),
  }))
