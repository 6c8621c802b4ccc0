// Preloaded into every test process (package.json, tap's node-arg). npm test collects V8 coverage
// (NODE_V8_COVERAGE) for the engine's threshold, which the pure tests measure (test/games, with
// test/lib and test/faces, alone or in the batches scripts/test-batches.ts writes). In an app, browser or child-process test, coverage costs about a tenth
// of its CPU, and a file of some 10 MB for c8 to read and merge, for a figure nothing checks: it
// stops at once there. WW_COVERAGE=all keeps it in every process (a report of all of src/).
import path from 'node:path'
import { stopCoverage } from 'node:v8'
import { PURE, PURE_BATCH } from '../../scripts/test-batches.ts'

const root = path.resolve(import.meta.dirname, '../..')
const file = path
  .relative(root, process.argv[1] ?? '')
  .split(path.sep)
  .join('/')
if (process.env.NODE_V8_COVERAGE && process.env.WW_COVERAGE !== 'all' && !PURE.test(file) && !PURE_BATCH.test(file)) stopCoverage()
