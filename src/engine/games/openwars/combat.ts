// W6.1, W6.16: the active tribe's combat phase: volleys and declared spells in declaration
// order, one battle per contested location, then the end of the phase: rising, raising, the
// piles cleared, damage healed, elimination checked.
import type { TribeId } from '../../kernel/ids.ts'
import { kind } from './data.ts'
import { canonical } from './map.ts'
import { fight, strike, targetTribe, type CombatPhase } from './battle.ts'
import type { Die } from './types.ts'
import { addUnits, keyword, stackOf, takeControl, tribesIn, type Work } from './work.ts'
import { eliminate } from './ending.ts'

export function combatPhase(w: Work, active: TribeId) {
  // Volleys, spells, battles and the phase's end reach any location, and wounds clear on all.
  w.ownAll()
  const s = w.s
  const ph: CombatPhase = { active, piles: new Map(), raises: [], pending: new Set(s.contested) }
  for (const d of s.declared) {
    const c = s.cells[d.target]!
    const target = targetTribe(w, c, active)
    if (d.what === 'volley') {
      const k = kind(d.kind)
      if (!target) {
        w.emit({ type: 'volley', tribe: active, from: d.from, target: d.target, kind: d.kind, dice: [], hits: 0, fell: [] })
        continue
      }
      const dice: Die[] = []
      for (let i = 0; i < d.units; i++) dice.push(w.d6())
      const hits = dice.filter((x) => x.face <= Math.min(6, k.att + (k.certero ? 1 : 0))).length
      const fell = strike(w, ph, d.target, target, hits, k.ojo, null)
      w.emit({ type: 'volley', tribe: active, from: d.from, target: d.target, kind: d.kind, dice, hits, fell })
    } else if (d.spell === 'levantar_muertos') ph.raises.push({ at: d.target, tribe: active, liche: d.liche })
    else if (d.spell === 'rayo' || d.spell === 'bola_fuego' || d.spell === 'lluvia_azufre') {
      // W11.18: a damage spell on a location left without enemies is void.
      if (!target) {
        w.emit({ type: 'spellResolved', tribe: active, spell: d.spell, target: d.target, dice: [], hits: 0, fell: [], void: true })
        continue
      }
      const dice: Die[] = []
      let fell: { tribe: TribeId; kind: string }[]
      if (d.spell === 'lluvia_azufre')
        fell = c.stacks.filter((x) => x.tribe !== active && x.count > 0).flatMap((x) => strike(w, ph, d.target, x.tribe, 1, false, null, x))
      else {
        for (let i = 0; i < (d.spell === 'rayo' ? 3 : 5); i++) dice.push(w.d6())
        fell = strike(w, ph, d.target, target, dice.filter((x) => x.face <= 4).length, false, null)
      }
      w.emit({ type: 'spellResolved', tribe: active, spell: d.spell, target: d.target, dice, hits: dice.filter((x) => x.face <= 4).length, fell, void: false })
    }
  }
  for (const at of s.contested) {
    ph.pending.delete(at)
    const c = s.cells[at]!
    const here = tribesIn(c)
    if (here.length <= 1) {
      // W6.1 step 2: volleys and spells may have cleared it.
      if (here.length === 1) takeControl(w, c, here[0]!, here[0] === active)
      continue
    }
    fight(w, ph, at)
  }
  endOfPhase(w, ph)
}

/** W6.16. */
function endOfPhase(w: Work, ph: CombatPhase) {
  const s = w.s
  const risen: { at: string; tribe: TribeId; kind: string; die: Die; rose: boolean }[] = []
  const raised: { at: string; tribe: TribeId; count: number }[] = []
  for (const at of [...ph.piles.keys()].sort(canonical)) {
    const c = s.cells[at]!
    const pile = ph.piles.get(at)!
    const alone = (tribe: TribeId) => tribesIn(c).every((t) => t === tribe)
    const room = (tribe: TribeId, k: string) => (stackOf(c, tribe, k)?.count ?? 0) < 4
    let back = false
    for (const entry of pile.slice()) {
      const n = kind(entry.kind).alzarse
      if (n === 0 || keyword(c, 'tierra_viva') || !alone(entry.tribe) || !room(entry.tribe, entry.kind)) continue
      const die = w.d6()
      const rose = die.face <= n + (keyword(c, 'osario') ? 1 : 0)
      risen.push({ at, tribe: entry.tribe, kind: entry.kind, die, rose })
      if (!rose) continue
      pile.splice(pile.indexOf(entry), 1)
      addUnits(s, c, entry.tribe, entry.kind, 1, 0)
      back = true
    }
    for (const r of ph.raises.filter((x) => x.at === at)) {
      let count = 0
      while (count < (r.liche ? 6 : 3) && pile.length > 0 && !keyword(c, 'tierra_viva') && alone(r.tribe) && room(r.tribe, 'esqueletos')) {
        pile.shift()
        addUnits(s, c, r.tribe, 'esqueletos', 1, 0)
        count++
      }
      if (count > 0) raised.push({ at, tribe: r.tribe, count })
      back ||= count > 0
    }
    const here = tribesIn(c)
    if (back && here.length === 1) takeControl(w, c, here[0]!, false)
  }
  for (const c of Object.values(s.cells)) for (const x of c.stacks) x.damage = 0
  s.contested = []
  s.declared = []
  s.battleMarks = []
  w.emit({ type: 'phaseEnded', tribe: ph.active, risen, raised })
  eliminate(w, ph.active)
}
