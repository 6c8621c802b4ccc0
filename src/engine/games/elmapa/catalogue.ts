// Appendices C–F: the castle's slots, the buildings, the troops, the technology cards and the
// treasure deck, in the book's orders (the decks' orders before their first shuffle).
import type { Kind, Resource } from './tiles.ts'

export type Stock = Record<Resource, number>
export type Troops = Record<Kind, number>
export const noTroops = (): Troops => ({ leva: 0, soldado: 0, arquero: 0, caballero: 0 })
export const troopCount = (t: Troops) => t.leva + t.soldado + t.arquero + t.caballero

/** M3.2: the pyramid's slots, each slot above level 1 with the two it rests on. */
export const SLOTS: Record<string, { level: number; on: string[] }> = {
  '1a': { level: 1, on: [] },
  '1b': { level: 1, on: [] },
  '1c': { level: 1, on: [] },
  '1d': { level: 1, on: [] },
  '2a': { level: 2, on: ['1a', '1b'] },
  '2b': { level: 2, on: ['1b', '1c'] },
  '2c': { level: 2, on: ['1c', '1d'] },
  '3a': { level: 3, on: ['2a', '2b'] },
  '3b': { level: 3, on: ['2b', '2c'] },
  '4a': { level: 4, on: ['3a', '3b'] },
}

export interface Building {
  id: string
  level: number
  cost: Stock
  extraVp: number
  /** Per tick (M4.2). */
  oro: number
  trains: Kind | null
  draws: 1 | 2 | 3 | null
  wonder: Resource | 'troops' | null
  /** M3.8: struck out in the source. */
  out: boolean
}

const b = (id: string, level: number, cost: Partial<Stock>, more: Partial<Building> = {}): Building => ({
  id,
  level,
  cost: { oro: 0, madera: 0, piedra: 0, ...cost },
  extraVp: 0,
  oro: 0,
  trains: null,
  draws: null,
  wonder: null,
  out: false,
  ...more,
})

export const BUILDINGS: Record<string, Building> = Object.fromEntries(
  [
    b('cuartel', 1, { oro: 3, madera: 1 }, { trains: 'soldado' }),
    b('mercado', 1, { oro: 1 }),
    b('almacen', 1, { oro: 1, madera: 1 }),
    b('ayuntamiento', 1, { oro: 2 }, { oro: 1 }),
    b('biblioteca', 1, { oro: 3, madera: 1 }, { draws: 1 }),
    b('estatua', 1, { oro: 1 }, { extraVp: 3 }),
    b('arqueria', 2, { oro: 3, madera: 2 }, { trains: 'arquero' }),
    b('banco', 2, { oro: 3, madera: 1 }, { oro: 1 }),
    b('teatro', 2, { oro: 3, madera: 1 }, { extraVp: 5 }),
    b('laboratorio', 2, { oro: 5, madera: 2 }, { draws: 2 }),
    b('universidad', 3, { oro: 7, madera: 2, piedra: 1 }, { draws: 3 }),
    b('cuadras', 3, { oro: 5, madera: 2, piedra: 1 }, { trains: 'caballero' }),
    b('tesoreria', 3, { oro: 4, madera: 2, piedra: 1 }, { oro: 2 }),
    b('coliseo', 3, { oro: 5, madera: 2, piedra: 1 }, { extraVp: 7 }),
    b('piramides', 4, { oro: 6, piedra: 4 }, { extraVp: 10, wonder: 'piedra' }),
    b('midas', 4, { oro: 8, madera: 2, piedra: 1 }, { extraVp: 8, wonder: 'oro' }),
    b('ares', 4, { oro: 5, madera: 3, piedra: 2 }, { extraVp: 9, wonder: 'troops' }),
    b('armeria', 2, { oro: 3, piedra: 1 }, { out: true }),
    b('atalaya', 2, { oro: 4, madera: 1 }, { out: true }),
  ].map((x) => [x.id, x]),
)

/** Appendix D (M8.8): hp = level; the training period of each kind's track (M5.2). */
export const TROOPS: Record<Kind, { hp: number; melee: number; move: number; mapMove: number; price: Stock; period: number; tactic: 'advance' | 'shoot' }> = {
  leva: { hp: 1, melee: 1, move: 1, mapMove: 2, price: { oro: 1, madera: 0, piedra: 0 }, period: 1, tactic: 'advance' },
  soldado: { hp: 2, melee: 2, move: 1, mapMove: 2, price: { oro: 2, madera: 0, piedra: 0 }, period: 2, tactic: 'advance' },
  arquero: { hp: 1, melee: 1, move: 1, mapMove: 2, price: { oro: 1, madera: 0, piedra: 0 }, period: 1, tactic: 'shoot' },
  caballero: { hp: 3, melee: 2, move: 2, mapMove: 3, price: { oro: 2, madera: 1, piedra: 0 }, period: 3, tactic: 'advance' },
}

export type CardKind =
  'pies' | 'punteria' | 'velocidad' | 'regateador' | 'bloodlust' | 'vision' | 'suerte' | 'maderero' | 'teletransporte' | 'escudo' | 'produccion' | 'pedrero'

/** Appendix E: each card's level, boosters per step (0: takes none) and timing. */
export const CARDS: Record<CardKind, { level: 1 | 2 | 3; k: number; timing: 'map' | 'combat' | 'build' | 'armed' }> = {
  pies: { level: 1, k: 1, timing: 'map' },
  punteria: { level: 1, k: 0, timing: 'combat' },
  velocidad: { level: 1, k: 2, timing: 'combat' },
  regateador: { level: 1, k: 2, timing: 'build' },
  bloodlust: { level: 2, k: 0, timing: 'combat' },
  vision: { level: 2, k: 1, timing: 'map' },
  suerte: { level: 2, k: 2, timing: 'armed' },
  maderero: { level: 2, k: 2, timing: 'build' },
  teletransporte: { level: 3, k: 3, timing: 'map' },
  escudo: { level: 3, k: 6, timing: 'combat' },
  produccion: { level: 3, k: 3, timing: 'armed' },
  pedrero: { level: 3, k: 3, timing: 'build' },
}

/** `escudo-4` → `escudo`; anything else → undefined. */
export function cardKind(card: unknown): CardKind | undefined {
  if (typeof card !== 'string') return undefined
  const m = /^([a-z]+)-([1-6])$/.exec(card)
  return m && Object.hasOwn(CARDS, m[1]!) ? (m[1] as CardKind) : undefined
}

/** M12.6: a level's deck before its first shuffle, App. E's order, copies 1 to 6. */
export function techDeck(level: 1 | 2 | 3): string[] {
  return (Object.keys(CARDS) as CardKind[]).filter((k) => CARDS[k].level === level).flatMap((k) => [1, 2, 3, 4, 5, 6].map((i) => `${k}-${i}`))
}

/** Appendix F: the treasure deck, id → what it gives. */
const TREASURE_KINDS: [string, Resource, number, number][] = [
  ['t-oro-2', 'oro', 2, 6],
  ['t-oro-3', 'oro', 3, 4],
  ['t-oro-4', 'oro', 4, 2],
  ['t-madera-2', 'madera', 2, 4],
  ['t-madera-3', 'madera', 3, 2],
  ['t-piedra-1', 'piedra', 1, 4],
  ['t-piedra-2', 'piedra', 2, 2],
]
export const TREASURE_DECK: readonly string[] = TREASURE_KINDS.flatMap(([id, , , copies]) => Array.from({ length: copies }, (_, i) => `${id}-${i + 1}`))
export function treasureGives(card: string): { resource: Resource; n: number } {
  const [, resource, n] = TREASURE_KINDS.find(([id]) => card.startsWith(`${id}-`))!
  return { resource, n }
}
