// W7, Appendix C: casting. Strategic spells act at once; declared combat spells wait for the
// combat phase (W6.1 step 1), their battle effects registered on the location (W11.16, W11.18).
import { kind, SPELLS, type Spell } from './data.ts'
import { distance } from './map.ts'
import { phase } from './orders.ts'
import type { Cell, OpenTribe } from './types.ts'
import { armyValue, gainMana, grid, has, keyword, kindArg, reject, removeUnits, stackOf, tribesIn, typeOf, unitsOf, type Work } from './work.ts'

/** W7.3: Armonía and `santuario` take 1 off; a printed cost of 1 or more stays at least 1. */
export function spellCost(t: OpenTribe, spell: Spell, at: Cell): number {
  const off = (t.faction === 'elfos' ? 1 : 0) + (keyword(at, 'santuario') ? 1 : 0)
  return spell.mana === 0 ? 0 : Math.max(1, spell.mana - off)
}

const LOCATION_WIDE = ['senda', 'cenagal', 'barrera', 'llamada_selva', 'corrupcion', 'velo']
const BATTLE_EFFECTS = ['maldicion', 'bendicion', 'escudo', 'terror', 'grito_guerra', 'levantar_muertos']
const DAMAGE = ['rayo', 'bola_fuego', 'lluvia_azufre']

/** W11.7: Vientos favorables has no target (its range is how far its effect reaches). */
export const untargeted = (spell: Spell) => spell.id === 'vientos'

/**
 * W7.4–W7.8: `cast { from, kind, spell, target, targetKind?, count? }`. W11.28's order: phase, the
 * kinds, Pacto de sangre's count, the locations, then the cast's own rules as the book lists them
 * (W2.8, W7.1, W7.2, W7.3, W7.4, W7.6, W7.7, W7.8); the spell comes first, as the phase and the
 * arguments to check depend on it.
 */
export function cast(w: Work, t: OpenTribe, o: Record<string, unknown>) {
  const spell = SPELLS.get(o.spell as string)
  if (!spell) reject('cast/unknown_spell', `spell: no spell ${JSON.stringify(o.spell)}`, 'W7.2')
  const combat = spell.phase !== 'E'
  phase(t, combat ? 'movement' : t.phase === 'recruitment' ? 'recruitment' : 'movement', 'W7.5')
  const k = kindArg(o.kind, t)
  // Celeridad must name the kind it speeds; Pacto de sangre may name the kind to give up; any kind
  // named, for whichever spell, is one of the roster's (an unknown one is bad input, not ignored).
  if (spell.id === 'celeridad' || o.targetKind !== undefined) kindArg(o.targetKind, t, 'targetKind')
  if (spell.id === 'pacto_sangre' && o.count !== 1 && o.count !== 2)
    reject('cast/target', `${spell.name} needs count 1 or 2; got ${JSON.stringify(o.count)}`, 'W7.5', { field: 'count' })
  const from = w.cell(o.from, 'from', 'W7.4')
  // A target named for an untargeted spell is ignored, the caster's location standing for it; but
  // one that names no location is bad input, refused like any other (an unknown kind is too).
  if (untargeted(spell) && o.target !== undefined) w.cell(o.target, 'target', 'W7.4')
  const target = untargeted(spell) ? from : w.cell(o.target, 'target', 'W7.4')
  if (combat && (keyword(target, 'niebla') || keyword(target, 'tormenta'))) reject('cast/hidden', `no declared spell may target ${target.id}`, 'W2.8')
  const x = stackOf(from, t.id, k.id)
  if (k.type !== 'magica' || !x) reject('cast/no_caster', `${t.name} has no mágica ${k.name} in ${from.id}`, 'W7.1')
  if (spell.faction !== null && spell.faction !== t.faction) reject('cast/not_your_spell', `${spell.name} is a ${spell.faction} spell`, 'W7.1')
  const enemy = tribesIn(target).some((z) => z !== t.id)
  targetNeeds(t, spell, from, target, o, enemy)
  const cost = spellCost(t, spell, from)
  if (t.mana < cost) reject('cast/mana', `${spell.name} costs ${cost} mana; ${t.name} has ${t.mana}`, 'W7.3', { cost })
  if (from.controller !== t.id || w.s.contested.includes(from.id))
    reject('cast/not_controlled', `the caster must stand in a location ${t.name} controls, not contested`, 'W7.4')
  const d = distance(grid(w.s), from.id, target.id)
  if (d > spell.range) reject('cast/range', `${target.id} is at distance ${d}; ${spell.name} reaches ${spell.range}`, 'W7.4')
  if (x.bonus.includes('cast')) reject('cast/once', `this ${k.name} has cast a spell this window`, 'W7.4')
  if (combat && x.moved >= x.count) reject('cast/moved', `a declared spell needs an unmoved caster`, 'W7.6')
  if (spell.phase === 'Cp') reject('cast/prepared_only', `${spell.name} is cast only as a prepared spell (W6.10)`, 'W7.7')
  if (combat) {
    if (BATTLE_EFFECTS.includes(spell.id)) {
      const mark = `${spell.id}:${target.id}:${t.id}`
      if (w.s.battleMarks.includes(mark)) reject('cast/already', `${spell.name} is on ${target.id} already`, 'W11.16')
      w.s.battleMarks.push(mark)
    }
    x.moved = x.count
    w.s.declared.push({ what: 'spell', from: from.id, kind: k.id, spell: spell.id, target: target.id, liche: k.leader === 'liche' })
  } else strategic(w, t, spell, from, target, o)
  t.mana -= cost
  x.bonus.push('cast')
}

/** W7.2, Appendix C: what the spell's target must hold. */
function targetNeeds(t: OpenTribe, spell: Spell, from: Cell, target: Cell & { id: string }, o: Record<string, unknown>, enemy: boolean) {
  const own = unitsOf(target, t.id) > 0
  const needs = (ok: boolean, what: string) => ok || reject('cast/target', `${spell.name} needs ${what}`, 'W7.2', { target: target.id })
  if (spell.phase !== 'E') {
    // Appendix C: Levantar muertos names any location (the units to come may fall there later).
    const hostile = ['maldicion', 'terror', ...DAMAGE].includes(spell.id)
    if (spell.id !== 'levantar_muertos') needs(hostile ? enemy : own, hostile ? 'a location with enemy units' : 'a location with own units')
    return
  }
  switch (spell.id) {
    case 'barrera':
      return needs(target.controller === t.id && typeOf(target) !== 'ciudad' && !enemy, 'an own, non-ciudad location with no enemy units')
    case 'velo':
      return needs(target.controller === t.id, 'an own location (W11.15)')
    case 'prisa':
      return needs(own, 'a location with own units')
    case 'llamada_selva':
      return needs(typeOf(target) === 'llanura' || typeOf(target) === 'desierto', 'a llanura or desierto location')
    case 'celeridad': {
      const y = stackOf(target, t.id, o.targetKind as string)
      return needs(!!y && !y.bonus.includes('celeridad'), 'an own stack without Celeridad in the target')
    }
    case 'drenar_mana':
      return needs(enemy, 'a location with units of another tribe')
    case 'forja_armas':
      return needs(t.phase === 'recruitment' && typeOf(from) === 'ciudad', 'the recruitment phase and a caster in a ciudad')
    case 'pacto_sangre':
      return needs(offerings(from, t, o).reduce((n, y) => n + y.count, 0) >= (o.count as number), 'own non-mágica units in the caster location')
  }
}

/** Pacto de sangre's offerings: the tribe's non-mágica stacks in the caster's location, of `targetKind` if named. */
const offerings = (from: Cell, t: OpenTribe, o: Record<string, unknown>) =>
  from.stacks.filter((z) => z.tribe === t.id && z.count > 0 && kind(z.kind).type !== 'magica' && (o.targetKind === undefined || z.kind === o.targetKind))

/** A strategic spell's effect, its target already checked (W7.2); a lasting effect is never doubled (W7.8). */
function strategic(w: Work, t: OpenTribe, spell: Spell, from: Cell & { id: string }, target: Cell & { id: string }, o: Record<string, unknown>) {
  const lasting = () => {
    const taken = LOCATION_WIDE.includes(spell.id) ? has(target, spell.id) : target.lasting.some((l) => l.spell === spell.id && l.tribe === t.id)
    if (taken) reject('cast/already', `${spell.name} is on ${target.id} already`, 'W7.8')
    target.lasting.push({ spell: spell.id, tribe: t.id })
  }
  switch (spell.id) {
    case 'barrera':
    case 'velo':
    case 'prisa':
    case 'llamada_selva':
    case 'senda':
    case 'cenagal':
    case 'corrupcion':
      return lasting()
    case 'celeridad':
      return void stackOf(target, t.id, o.targetKind as string)!.bonus.push('celeridad')
    case 'vientos': {
      // W11.7: no target; every own stack within 2 that lacks it.
      const near = Object.keys(w.s.cells).filter((id) => distance(grid(w.s), from.id, id) <= 2)
      const stacks = near.flatMap((id) => (w.s.cells[id]!.stacks.some((y) => y.tribe === t.id) ? w.own(id).stacks.filter((y) => y.tribe === t.id) : []))
      const fresh = stacks.filter((y) => !y.bonus.includes('vientos'))
      if (fresh.length === 0) reject('cast/already', 'every own stack within range has Vientos favorables', 'W11.7')
      return fresh.forEach((y) => y.bonus.push('vientos'))
    }
    case 'drenar_mana': {
      const victim = tribesIn(target)
        .filter((z) => z !== t.id)
        .map((z) => w.tribe(z))
        .sort((a, b) => armyValue(w.s, b.id) - armyValue(w.s, a.id))[0]!
      const lost = Math.min(2, victim.mana)
      victim.mana -= lost
      return gainMana(t, lost)
    }
    case 'forja_armas':
      return void (t.forged = [...t.forged, from.id])
    default: {
      // pacto_sangre: 1 or 2 own non-mágica units leave the game, +2 mana each (W11.6); the count
      // was checked with the arguments (W11.28), the units with the target (W7.2).
      for (let i = 0; i < (o.count as number); i++) {
        // W11.6 by W6.12: the cheapest first. The Demonios' non-mágica kinds all differ in cost
        // (Appendix A.3), so W6.12's later tie-breaks never arise here.
        const y = offerings(from, t, o).sort((a, b) => kind(a.kind).cost - kind(b.kind).cost)[0]!
        removeUnits(from, y, 1)
        gainMana(t, 2)
      }
    }
  }
}
