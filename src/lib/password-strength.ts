// How guessable a password is, by zxcvbn-ts with its common and English
// dictionaries (top passwords, names, keyboard walks, dates, l33t). The
// dictionaries are about 25 MB of heap: they are loaded on the first check,
// not at boot, so a server nobody registers on never holds them.
import type core from '@zxcvbn-ts/core'

let checker: Promise<InstanceType<typeof core.ZxcvbnFactory>> | null = null

async function load() {
  const [{ default: zxcvbn }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
  return new zxcvbn.ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations })
}

/** 0 (guessed at once) … 4 (very hard); and what is wrong with it, when known. */
export async function passwordStrength(password: string, related: string[] = []): Promise<{ score: number; warning: string | null }> {
  checker ??= load()
  const result = (await checker).check(password, related)
  return { score: result.score, warning: result.feedback.warning || null }
}
