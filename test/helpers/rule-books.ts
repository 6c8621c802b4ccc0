// A rule book and its Spanish translation kept in step (docs/rule-books.md): the same ids in the
// same order, the same rules marked clarified (aclarado), the same sections. Every game's book
// test runs it with its own id letter.
import { readFileSync } from 'node:fs'
import type { Test } from 'tap'
import { renderRuleBook } from '../../src/lib/rulebook.ts'

/** The rule ids of a book whose ids start with `letter` (`G`, `M`, `W`), in the book's order. */
export const ruleIds = (markdown: string, letter: string) => [...markdown.matchAll(new RegExp(`^- \\*\\*(${letter}\\d+\\.\\d+)\\*\\*`, 'gm'))].map((m) => m[1]!)

/** Checks the English book and its Spanish one are in step; returns the English ids. */
export function booksInStep(t: Test, letter: string, english: string, spanish: string): string[] {
  const en = readFileSync(english, 'utf8')
  const es = readFileSync(spanish, 'utf8')
  t.same(ruleIds(es, letter), ruleIds(en, letter), 'every rule in both, in the same order')
  const clarified = (markdown: string, word: string) =>
    markdown
      .split(/^- \*\*/m)
      .filter((rule) => new RegExp(`^${letter}\\d`).test(rule) && rule.includes(word))
      .map((rule) => rule.slice(0, rule.indexOf('*')))
  t.same(clarified(es, 'aclarado'), clarified(en, 'clarified'), 'the same rules are marked as clarified')
  t.same(
    renderRuleBook(es).sections.map((s) => s.id),
    renderRuleBook(en).sections.map((s) => s.id),
    'the same sections',
  )
  return ruleIds(en, letter)
}
