// M9: the technology cards a tribe holds, casts, boosts and reserves; the decks it draws from.
import { CARDS, cardKind, type CardKind } from './catalogue.ts'
import { platoonOfEntry, type Platoon } from './battle.ts'
import { levelOfCard } from './explore.ts'
import type { BattlePlan, CombatCard, Tribe } from './types.ts'
import { reject, type Work } from './work.ts'

/** M9.8: the cards the standing plan's reactions hold, boosters included. */
export const reserved = (t: Tribe): Set<string> => new Set((t.plan?.reactions ?? []).flatMap((r) => [r.card, ...(r.boosters ?? [])]))

/**
 * M9.5, M9.6: a card of one of `kinds` in the hand, not reserved, with boosters in whole steps
 * of its `k`, none named twice; returns its kind and steps. `taken` collects the cards named.
 */
export function checkCard(t: Tribe, card: unknown, boosters: unknown, kinds: readonly CardKind[], taken: Set<string>, rule: string) {
  const kind = cardKind(card)
  if (!kind || !kinds.includes(kind)) reject('card/wrong_kind', `${JSON.stringify(card)} is not a card of ${kinds.join(', ')}`, rule)
  const list = boosters === undefined ? [] : boosters
  if (!Array.isArray(list)) reject('card/bad_boosters', 'boosters are a list of cards', 'M9.6')
  const held = reserved(t)
  for (const c of [card as string, ...(list as string[])]) {
    if (!t.hand.includes(c)) reject('card/not_in_hand', `${t.name} holds no ${JSON.stringify(c)}`, 'M9.5')
    if (held.has(c)) reject('card/reserved', `${c} is reserved by the standing plan's reactions`, 'M9.5')
    if (taken.has(c)) reject('card/named_twice', `${c} is named twice`, 'M9.6')
    taken.add(c)
  }
  const k = CARDS[kind].k
  if ((k === 0 && list.length > 0) || (k > 0 && list.length % k !== 0))
    reject('card/boosters', `${kind} takes boosters in steps of ${k} (${k === 0 ? 'none' : `multiples of ${k}`}); got ${list.length}`, 'M9.6')
  return { kind, s: k === 0 ? 0 : list.length / k }
}

/** M9.5, M13.12: a cast card then its boosters go to their levels' discard piles. */
export function discard(w: Work, t: Tribe, card: string, boosters: readonly string[] = []) {
  for (const c of [card, ...boosters]) {
    t.hand.splice(t.hand.indexOf(c), 1)
    w.s.piles[levelOfCard(c)].push(c)
  }
}

/**
 * M9.7–M9.9, M13.14: combat cards on plan entries, checked against the platoons they would make;
 * `reactions`: a standing plan's, checked against every troop kind (M13.26).
 */
export function checkCombatCards(
  t: Tribe,
  cards: unknown,
  plan: BattlePlan,
  platoons: Platoon[],
  taken: Set<string>,
  rule: string,
  reactions = false,
): CombatCard[] {
  if (!Array.isArray(cards)) reject('card/bad_cards', 'combat cards are a list of { card, entry, boosters }', rule)
  const seen = new Set<string>()
  return cards.map((c: CombatCard) => {
    const { kind } = checkCard(t, c?.card, c?.boosters, ['punteria', 'velocidad', 'bloodlust', 'escudo'], taken, 'M9.8')
    if (!Number.isInteger(c.entry) || !platoonOfEntry(platoons, c.entry))
      reactions
        ? reject('card/no_platoon', `entry ${c.entry} of the plan makes no platoon even with troops of every kind: the reaction could never fire`, 'M13.26')
        : reject('card/no_platoon', `entry ${c.entry} of the plan makes no platoon`, 'M9.8')
    if (kind === 'punteria' && plan.platoons[c.entry]!.kind !== 'arquero') reject('card/not_arqueros', 'Puntería goes on an entry of arqueros', 'M13.14')
    if (seen.has(`${kind}@${c.entry}`)) reject('card/one_per_target', `one ${kind} per plan entry in a battle`, 'M9.7')
    seen.add(`${kind}@${c.entry}`)
    return { card: c.card, entry: c.entry, boosters: c.boosters ?? [] }
  })
}

/** M9.4, M13.1: the top card of a level's deck, the pile reshuffled into it when empty; none if both are. */
export function drawCard(w: Work, level: '1' | '2' | '3'): string | undefined {
  if (w.s.decks[level].length === 0) {
    w.s.decks[level] = w.shuffle(w.s.piles[level], 'card')
    w.s.piles[level] = []
  }
  return w.s.decks[level].shift()
}
