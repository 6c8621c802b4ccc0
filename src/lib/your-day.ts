// The "your day" card's words (#30), for the pages and the window's mail alike: what a game says
// can be spent (its face catalogue's keys) and the time left, in the reader's language.
import { CATALOGUE } from './catalogue.ts'
import { fill, type Locale } from './fill.ts'

/**
 * "40 resources", "3 Basics, 1 Oil": each key's sentence is an ICU message of `n`, or a noun the
 * amount is written before (Ruleset.turnSummary); a key no catalogue has shows as itself.
 */
export function spendableText(spendable: readonly { key: string; amount: number }[], locale: Locale): string {
  return spendable
    .map(({ key, amount }) => {
      const sentence = CATALOGUE[locale][key] ?? key
      return sentence.includes('{') ? fill(sentence, { n: amount }, locale) : `${amount} ${sentence}`
    })
    .join(', ')
}

/** The time from `now` to `until`, in whole minutes: "3 h 12 min", "45 min". */
export function timeLeft(until: string, now: Date, locale: Locale): string {
  const minutes = Math.max(0, Math.floor((Date.parse(until) - now.getTime()) / 60_000))
  const hours = Math.floor(minutes / 60)
  return hours > 0
    ? fill(CATALOGUE[locale].dayTimeLeft!, { hours, minutes: minutes % 60 }, locale)
    : fill(CATALOGUE[locale].dayMinutesLeft!, { minutes }, locale)
}
