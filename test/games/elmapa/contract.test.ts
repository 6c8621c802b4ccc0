// The shared contract (test/games/contract.test.ts) run on El Mapa before it is registered:
// seeded random play through the platform's calls, every offered order legal, refusals and
// batches leaving the state as it was, boards holding no secret, the log replaying to its hash.
import fc from 'fast-check'
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { WEEKDAYS } from '../../../src/engine/index.ts'
import { playAtRandom, type AnyRuleset } from '../random-campaign.ts'

const rules = elMapa as unknown as AnyRuleset

t.test('the shared contract: elmapa (M2, M12.8, M12.9, M12.10)', async (t) => {
  const map = rules.fixedMap!.map
  t.equal(rules.maxTribes(map), 6, 'M1.1 two to six tribes')
  let played = 0
  fc.assert(
    fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 1_000_000 }), (tribes, seed) => {
      const outcome = playAtRandom(rules, tribes, seed)
      played += outcome.checks
      return outcome.events > 0
    }),
    {
      numRuns: 4,
      examples: [
        [2, 7],
        [6, 215864],
      ],
    },
  )
  t.ok(played > 50, `${played} offered orders, refusals and batches checked, each campaign replayed to its hash`)
  const seven = rules.createGame({
    map,
    tribes: WEEKDAYS.map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday })),
    seed: 'start-seed',
    secretSeed: 'secret-seed',
    limit: 4,
  })
  t.notOk(seven.ok, 'M1.1 a roster of 7 cannot start')
})
