// How guessable a password is, by zxcvbn-ts with its common and English
// dictionaries (top passwords, names, keyboard walks, dates, l33t).
import core from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as en from '@zxcvbn-ts/language-en'

let checker: InstanceType<typeof core.ZxcvbnFactory> | null = null

/** 0 (guessed at once) … 4 (very hard); and what is wrong with it, when known. */
export function passwordStrength(password: string, related: string[] = []): { score: number; warning: string | null } {
  checker ??= new core.ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations })
  const result = checker.check(password, related)
  return { score: result.score, warning: result.feedback.warning || null }
}
