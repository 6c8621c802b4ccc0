// The pages' message catalogues: English and Spanish have the same keys, and
// every campaign status, turn phase, scene state and proposal state has a word in both.
import t from 'tap'
import { STRINGS } from '../src/routes/pages/kit.ts'

const WORDS = {
  status: ['setup', 'draft', 'running', 'paused', 'finished'],
  phase: ['closed', 'recruitment', 'actions', 'ended'],
  scene: ['open', 'closed'],
  proposal: ['open', 'accepted', 'ratified', 'rejected', 'failed', 'withdrawn'],
}

t.test('English and Spanish catalogues have the same keys, none empty', async (t) => {
  t.same(Object.keys(STRINGS.es).sort(), Object.keys(STRINGS.en).sort())
  for (const locale of ['en', 'es'] as const) {
    t.same(Object.entries(STRINGS[locale]).filter(([, v]) => !v.trim()).map(([k]) => k), [], `${locale}: no empty string`)
  }
})

t.test('every status, phase and proposal state is said in both languages, and differently from its code in Spanish', async (t) => {
  for (const [kind, values] of Object.entries(WORDS)) {
    for (const value of values) {
      t.ok(STRINGS.en[`${kind}_${value}`], `en ${kind} ${value}`)
      const es = STRINGS.es[`${kind}_${value}`]
      t.ok(es && es !== value, `es ${kind} ${value}: ${es}`)
    }
  }
})
