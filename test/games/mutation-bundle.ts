// Every engine test of the games WW_GAMES names, in one process, for a mutation run
// (stryker.config.json). Stryker's tap runner starts one process per test file and a mutant's run
// pays for every file that covers it: about a second of loading each, thirteen files a game. Here
// the loading is paid once, and the run still stops at the first failed assertion (forceBail).
// The game's own files come first, the cross-game files (narrowed by WW_GAMES) last.
import { readdirSync } from 'node:fs'
import fc from 'fast-check'
import { gameFolderOf } from '../../src/engine/index.ts'
import { gamesUnderTest } from './random-campaign.ts'

// A property that fails has caught its mutant: shrinking the counterexample would only cost time.
fc.configureGlobal({ endOnFailure: true })

const here = new URL('./', import.meta.url)
const testsIn = (folder: string) =>
  readdirSync(new URL(folder, here))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => new URL(`${folder}${name}`, here).href)

for (const game of gamesUnderTest()) for (const file of testsIn(`${gameFolderOf(game)}/`)) await import(file)
for (const file of testsIn('')) await import(file)
