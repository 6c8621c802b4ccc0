// The shared contract (test/games/contract.test.ts) on Open Wars before it is registered:
// seeded random campaigns through the platform's calls, every offered order legal, refusals
// leaving the state as it was, batches all or nothing, boards keeping secrets, the log replaying.
import fc from 'fast-check'
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { WEEKDAYS } from '../../../src/engine/index.ts'
import { playAtRandom, type AnyRuleset } from '../random-campaign.ts'

const rules = openWars as unknown as AnyRuleset

t.test('W10.1 the shared contract: Open Wars played at random replays to its hash', async (t) => {
  const most = rules.maxTribes(rules.fixedMap!.map)
  t.equal(most, 7, 'W1.1 up to seven tribes')
  let played = 0
  fc.assert(
    fc.property(fc.integer({ min: 2, max: most }), fc.integer({ min: 1, max: 1_000_000 }), (tribes, seed) => {
      const outcome = playAtRandom(rules, tribes, seed)
      played += outcome.checks
      return outcome.events > 0
    }),
    {
      numRuns: 4,
      examples: [
        [2, 1],
        [7, 215864],
      ],
    },
  )
  t.ok(played > 50, `${played} checks`)
  const tooMany = rules.createGame({
    map: rules.fixedMap!.map,
    tribes: [...WEEKDAYS, 'monday'].map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday: weekday as 'monday' })),
    seed: 'start-seed',
    secretSeed: 'secret-seed',
    limit: 4,
  })
  t.notOk(tooMany.ok, 'W1.1 eight tribes cannot start')
})
