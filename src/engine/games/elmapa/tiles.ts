// Appendix A: the 240 tiles of the box, the near and middle packs every position gets, and the
// frontier deck per number of tribes. Data only, checked by test/games/elmapa/data.test.ts (A.4).

export type Kind = 'leva' | 'soldado' | 'arquero' | 'caballero'
export type Resource = 'oro' | 'madera' | 'piedra'
export const KINDS: readonly Kind[] = ['leva', 'soldado', 'arquero', 'caballero']
export const RESOURCES: readonly Resource[] = ['oro', 'madera', 'piedra']

export interface TileKind {
  id: string
  level: 1 | 2 | 3
  /** The source's count in the box (A.1). */
  box: number
  /** Printed guards in formation order (M8.7); their sizes come from the level (M7.2). */
  guards: Kind[]
  treasures: number
  mine: Resource | null
  spellMine: 1 | 2 | 3 | null
  village: boolean
  closed: boolean
}

const tile = (id: string, level: 1 | 2 | 3, box: number, more: Partial<TileKind> = {}): TileKind => ({
  id,
  level,
  box,
  guards: [],
  treasures: 0,
  mine: null,
  spellMine: null,
  village: false,
  closed: false,
  ...more,
})

export const TILES: readonly TileKind[] = [
  tile('l1-pueblo', 1, 6, { village: true }),
  tile('l1-madera', 1, 6, { mine: 'madera' }),
  tile('l1-piedra', 1, 6, { guards: ['leva'], mine: 'piedra' }),
  tile('l1-leva', 1, 12, { guards: ['leva'] }),
  tile('l1-tesoro', 1, 6, { treasures: 1 }),
  tile('l1-tesoro-leva', 1, 6, { guards: ['leva'], treasures: 1 }),
  tile('l1-lago', 1, 6),
  tile('l1-sembrado', 1, 6),
  tile('l1-dos-tesoros', 1, 6, { guards: ['leva', 'leva'], treasures: 2 }),
  tile('l1-hechizo', 1, 6, { spellMine: 1 }),
  tile('l1-lago-grande', 1, 12),
  tile('l1-paraje', 1, 36),
  tile('l2-madera', 2, 6, { guards: ['leva'], mine: 'madera' }),
  tile('l2-piedra', 2, 6, { guards: ['leva', 'arquero'], mine: 'piedra', closed: true }),
  tile('l2-oro', 2, 6, { guards: ['soldado'], mine: 'oro', closed: true }),
  tile('l2-hechizo-i', 2, 6, { guards: ['leva'], spellMine: 1 }),
  tile('l2-hechizo-ii', 2, 6, { guards: ['soldado'], spellMine: 2 }),
  tile('l2-bosque', 2, 6, { closed: true }),
  tile('l2-bosque-levas', 2, 6, { guards: ['leva', 'leva'], closed: true }),
  tile('l2-tesoro', 2, 12, { guards: ['soldado'], treasures: 1 }),
  tile('l2-pueblo', 2, 6, { guards: ['leva', 'leva'], village: true }),
  tile('l2-dos-tesoros', 2, 6, { guards: ['soldado', 'arquero'], treasures: 2 }),
  tile('l2-paraje', 2, 12),
  tile('l2-paraje-cerrado', 2, 30, { closed: true }),
  tile('l3-hechizo-iii', 3, 6, { guards: ['caballero'], spellMine: 3 }),
  tile('l3-oro', 3, 6, { guards: ['soldado', 'arquero'], treasures: 1, mine: 'oro' }),
  tile('l3-dos-tesoros', 3, 6, { guards: ['caballero', 'soldado'], treasures: 2 }),
]

/** M1.10: the home tiles, face up and owned from the start. */
export const HOME_TILES: Record<string, TileKind> = {
  J: tile('pueblo-inicial', 1, 0, { village: true }),
  M: tile('madera-inicial', 1, 0, { mine: 'madera' }),
  P: tile('piedra-inicial', 1, 0, { mine: 'piedra' }),
}

export const TILE: Record<string, TileKind> = Object.fromEntries([...TILES, ...Object.values(HOME_TILES)].map((t) => [t.id, t]))

/** M7.2: a guard platoon's size by its kind and the tile's level (0: never printed so). */
export const GUARD_SIZE: Record<Kind, readonly [number, number, number]> = {
  leva: [2, 3, 0],
  soldado: [0, 2, 3],
  arquero: [0, 2, 3],
  caballero: [0, 0, 2],
}

/** A.2: the same near and middle packs for every position, in deck order. */
export const NEAR_PACK: readonly string[] = ['l1-pueblo', 'l1-madera', 'l1-piedra', 'l1-leva', 'l1-tesoro', 'l1-tesoro-leva', 'l1-hechizo']
export const MIDDLE_PACK: readonly string[] = [
  'l2-madera',
  'l2-piedra',
  'l2-oro',
  'l2-hechizo-i',
  'l2-hechizo-ii',
  'l2-bosque',
  'l2-bosque-levas',
  'l2-tesoro',
  'l2-pueblo',
  'l2-dos-tesoros',
  'l2-paraje-cerrado',
]

/** A.3: the frontier deck's counts for 2 … 6 tribes, in deck order. */
export const FRONTIER: readonly [string, readonly number[]][] = [
  ['l3-hechizo-iii', [2, 3, 4, 5, 6]],
  ['l3-oro', [2, 3, 4, 5, 6]],
  ['l3-dos-tesoros', [2, 3, 4, 5, 6]],
  ['l1-leva', [2, 3, 4, 5, 6]],
  ['l1-dos-tesoros', [2, 3, 4, 5, 6]],
  ['l2-tesoro', [2, 3, 4, 5, 6]],
  ['l2-paraje', [4, 6, 8, 10, 12]],
  ['l2-paraje-cerrado', [8, 12, 16, 20, 24]],
  ['l1-lago', [2, 3, 4, 5, 6]],
  ['l1-sembrado', [2, 3, 4, 5, 6]],
  ['l1-lago-grande', [2, 6, 4, 10, 12]],
  ['l1-paraje', [0, 6, 0, 11, 34]],
]

/** The frontier deck for `n` tribes before its shuffle (A.3 order and counts). */
export function frontierDeck(n: number): string[] {
  return FRONTIER.flatMap(([id, counts]) => Array.from({ length: counts[n - 2]! }, () => id))
}
