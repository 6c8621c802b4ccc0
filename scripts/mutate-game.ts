// One game's engine under StrykerJS, file group by file group, each group's report kept as soon
// as it is done (reports/mutation/<game>/<group>/mutation.json): a whole game takes hours on two
// cores, and Stryker writes a report only when a run ends, so a run stopped half-way keeps the
// groups it finished. Each run takes that game's engine tests in one process
// (test/games/mutation-bundle.ts, WW_GAMES set to the game), which pays the loading once per
// mutant instead of once per file. Groups already reported are skipped unless --again.
//
//   npm run mutate:game -- openwars                      every file of the game, one group each
//   npm run mutate:game -- openwars battle.ts work.ts    those files
//   npm run mutate:game -- openwars --again work.ts      measure work.ts again
//
// At the end (or with no group left), the game's score from every group's report (mutation-score).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gameFolderOf, rulesetIds } from '../src/engine/index.ts'

const root = path.resolve(import.meta.dirname, '..')
const [game, ...rest] = process.argv.slice(2)
const ids = rulesetIds()
const byFolder = new Map(ids.map((id) => [gameFolderOf(id), id]))
if (!game || !(ids.includes(game) || byFolder.has(game))) {
  console.error(`usage: npm run mutate:game -- <game> [--again] [file.ts ...]; games: ${ids.join(', ')}`)
  process.exit(2)
}
const id = byFolder.get(game) ?? game
const folder = gameFolderOf(id)
const again = rest.includes('--again')
const source = path.join(root, 'src/engine/games', folder)
const named = rest.filter((a) => a !== '--again')
const files = named.length ? named : readdirSync(source).filter((f) => f.endsWith('.ts') && f !== 'types.ts')
const reports = path.join(root, 'reports/mutation', folder)
const base = JSON.parse(readFileSync(path.join(root, 'stryker.config.json'), 'utf8')) as Record<string, unknown>
delete base.$schema

for (const file of files) {
  const group = file.replace(/\.ts$/, '')
  const report = path.join(reports, group, 'mutation.json')
  if (existsSync(report) && !again) {
    console.log(JSON.stringify({ group, skipped: 'reported already (--again to measure it again)' }))
    continue
  }
  mkdirSync(path.dirname(report), { recursive: true })
  const config = path.join(root, '.stryker-tmp', `game-${folder}-${group}.json`)
  mkdirSync(path.dirname(config), { recursive: true })
  writeFileSync(
    config,
    JSON.stringify({
      ...base,
      tap: { ...(base.tap as object), testFiles: ['test/games/mutation-bundle.ts'] },
      mutate: [`src/engine/games/${folder}/${file}`],
      reporters: ['progress', 'json'],
      jsonReporter: { fileName: path.relative(root, report) },
    }),
  )
  const started = Date.now()
  const run = spawnSync('npx', ['stryker', 'run', config], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WW_GAMES: id, TAP_TIMEOUT: process.env.TAP_TIMEOUT ?? '120' },
  })
  console.log(JSON.stringify({ group, seconds: Math.round((Date.now() - started) / 1000), exit: run.status }))
  if (run.status !== 0) process.exit(run.status ?? 1)
}

const done = readdirSync(reports, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(reports, d.name, 'mutation.json')))
  .map((d) => path.join(reports, d.name, 'mutation.json'))
spawnSync('npx', ['tsx', 'scripts/mutation-score.ts', ...done], { cwd: root, stdio: 'inherit' })
