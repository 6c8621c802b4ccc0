// scripts/lib/tap-report.ts: what a whole `npm test` prints of tap's TAP (#46). A failure must
// reach the log with its diagnostics and the seeds that replay it; passing assertions must not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { counted, failures, progress } from '../../scripts/lib/tap-report.ts'

const PASSED = `TAP version 14
# Subtest: a game
    ok 1 - the first rule
    ok 2 - the second rule
    1..2
ok 1 - a game # time=12.5ms

1..1
# { total: 2, pass: 2 }
# time=20ms
`

const FAILED = `TAP version 14
# Subtest: a campaign played
    # campaign 1234 (elmapa) start seed: 42
    ok 1 - created
    not ok 2 - M5.4 the hire is paid
      ---
      found: 3
      wanted: 4
      at:
        fileName: test/games/elmapa/work.test.ts
      ...
    
    1..2
not ok 1 - a campaign played # time=40ms

1..1
`

/** A file that stopped half way (a crash or a timeout): no plan, no closing line. */
const CRASHED = `TAP version 14
# Subtest: a long one
    ok 1 - started
`

t.test('a failed file shows its failure, the diagnostics and the seed; a passed one shows nothing', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ww-tap-report-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(path.join(dir, 'test/games'), { recursive: true })
  writeFileSync(path.join(dir, 'test/games/passed.test.ts.tap'), PASSED)
  writeFileSync(path.join(dir, 'test/games/failed.test.ts.tap'), FAILED)
  writeFileSync(path.join(dir, 'crashed.test.ts.tap'), CRASHED)

  const count = counted(dir)
  t.match(count, { pass: 4, fail: 2 }, 'every assertion counted; the crashed file counts as one failure')
  t.same(count.failedFiles.sort(), ['crashed.test.ts.tap', 'test/games/failed.test.ts.tap'])

  const shown = failures(dir, ['test/games/failed.test.ts.tap']).join('\n')
  t.match(shown, '--- test/games/failed.test.ts ---', 'the file is named')
  t.match(shown, 'not ok 2 - M5.4 the hire is paid', 'the failed assertion')
  t.match(shown, /found: 3\n\s+wanted: 4/, 'with its diagnostics')
  t.match(shown, 'start seed: 42', 'and the seed that replays it')
  t.notMatch(shown, 'ok 1 - created', 'no passing assertion')
})

t.test('the log of a run: a line per file as it ends, and the closing comments', async (t) => {
  t.equal(progress('ok 3 - .tap/batches-1/b-app-03.test.mjs # time=96213.5ms'), 'ok     .tap/batches-1/b-app-03.test.mjs (96.2 s)')
  t.equal(progress('not ok 4 - test/games/weekday/refusals.test.ts # time=400ms'), 'FAILED test/games/weekday/refusals.test.ts (0.4 s)')
  t.equal(progress('# { total: 20748, pass: 20748 }'), '# { total: 20748, pass: 20748 }')
  t.equal(progress('    ok 1 - a nested assertion'), undefined, 'nothing of what a file asserts')
  t.equal(progress('# Subtest: test/lib/x.test.ts'), undefined)
})
