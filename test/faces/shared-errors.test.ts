// A refusal code several games share has one Spanish sentence; the game's own numbers reach it
// as the refusal's particulars, so that El Mapa's GM is not told world conquest's limits.
import t from 'tap'
import { rulesetIds, rulesetOf, WEEKDAYS } from '../../src/engine/index.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'
import { CATALOGUE, ERRORS_ES } from '../../src/lib/catalogue.ts'
import { errorText } from '../../src/lib/page-helpers.ts'

/** The two numbers an English refusal names as "N to M" or "at most M". */
function boundsIn(message: string): [number, number] {
  const range = /(\d+) to (\d+)/.exec(message)
  if (range) return [Number(range[1]), Number(range[2])]
  const most = /at most (\d+)/.exec(message)
  if (most) return [1, Number(most[1])]
  throw new Error(`no bounds in "${message}"`)
}

for (const id of rulesetIds()) {
  const rules = rulesetOf(id)

  t.test(`${id}: a round limit out of range is refused in Spanish with this game's own bounds`, async (t) => {
    const refused = rules.checkLimit(999)
    if (refused === null) {
      t.pass(`${id} accepts any round limit the platform lets through`)
      return
    }
    if (refused.code !== 'setup/round_limit') {
      t.type(ERRORS_ES[refused.code], 'string', `${refused.code} has a Spanish sentence`)
      return
    }
    const [min, max] = boundsIn(refused.message)
    t.equal(errorText(refused, 'es'), `En este juego el límite de rondas va de ${min} a ${max}.`, refused.message)
  })

  t.test(`${id}: too many tribes are refused in Spanish with this game's own bounds`, async (t) => {
    // Eight tribes: more than any game takes; the weekdays repeat, which the count is checked before.
    const tribes = Array.from({ length: 8 }, (_, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday: WEEKDAYS[i % 7]! }))
    // A game played on maps of the GM's choice is given the largest bundled one.
    const map = rules.fixedMap?.map ?? bundledMap('coast-7')
    const made = rules.createGame({ map, tribes, seed: 'seed-seed-seed', secretSeed: 'secret-secret', limit: null } as never)
    t.equal(made.ok, false)
    if (made.ok) return
    t.equal(made.error.code, 'setup/tribe_count', made.error.message)
    const [min, max] = boundsIn(made.error.message)
    t.equal(errorText(made.error, 'es'), `En este juego una campaña tiene de ${min} a ${max} tribus.`)
  })
}

t.test('the shared sentences name no one game', async (t) => {
  for (const code of ['setup/round_limit', 'setup/tribe_count', 'setup/bad_seed', 'map/fixed', 'orders/dice_not_last']) {
    const sentence = ERRORS_ES[code]!
    t.type(sentence, 'string', code)
    t.notMatch(sentence, /conquista|territorios|El Mapa|Open Wars|asalto|abordaje|\b4 a 52\b|\b2 a 7\b/, `${code}: ${sentence}`)
  }
  t.notOk(CATALOGUE.es['setup/round_limit'], 'an error code is not a page key')
})

t.test('M6.3 an El Mapa army with no movement left is named by its tile in Spanish', async (t) => {
  const sentence = errorText({ code: 'move/no_mp', message: 'army 3 on 2,4 has no movement left', params: { tile: '2,4' } }, 'es')
  t.equal(sentence, 'Al ejército de 2,4 no le quedan puntos de movimiento este turno.')
})
