// The registry of game faces: what each game's pages call things (its period, its economy),
// its name on the campaign form and where its rule book is. The platform's templates take
// their words from here and never ask which game a campaign plays.

export interface Face {
  /** The ruleset id the campaign records. */
  id: string
  /** Catalogue keys (views/pages/i18n): the game's name, its period ("week", "round") and its economy tab. */
  name: string
  period: string
  economy: string
  /** Where its rule book is served, the catalogue key of a link to it, and the book's file by language (docs/). */
  rules: string
  rulesLabel: string
  books: { en: string; es: string }
}

export const FACES: readonly Face[] = [
  { id: 'weekly-turn', name: 'c_gameWeekly', period: 'week', economy: 'pools', rules: '/rules', rulesLabel: 'c_rulesWeekly', books: { en: 'RULES.md', es: 'RULES.es.md' } },
  { id: 'conquest', name: 'c_gameConquest', period: 'c_round', economy: 'c_economy', rules: '/rules/conquest', rulesLabel: 'c_rulesLink', books: { en: 'RULES-CONQUEST.md', es: 'RULES-CONQUEST.es.md' } },
]

/** A campaign's face; the first game's for a ruleset this server does not draw. */
export const faceOf = (ruleset: string): Face => FACES.find((f) => f.id === ruleset) ?? FACES[0]!

/** The games the campaign form offers, the asked one (or the first) chosen. */
export const gameChoices = (asked: unknown) => {
  const chosen = FACES.some((f) => f.id === asked) ? asked : FACES[0]!.id
  return FACES.map((f) => ({ id: f.id, name: f.name, rules: f.rules, checked: f.id === chosen }))
}
