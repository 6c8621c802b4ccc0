// The chronicle (#13): one sentence per event in the reader's language.
import { readFileSync } from 'node:fs'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import t from 'tap'
import type { GameEvent } from '../../../src/engine/games/weekday/index.ts'
import { isSystemRow } from '../../../src/lib/chronicle.ts'
import { sentence } from '../../../src/faces/weekday/chronicle.ts'
import { placeLabel } from '../../../src/faces/weekday/places.ts'

const catalogue = (lang: 'en' | 'es') => CATALOGUE[lang]
const [en, es] = [catalogue('en'), catalogue('es')]
const names = new Map([
  ['a', 'Astures'],
  ['b', 'Bárdulos'],
])

const battle: GameEvent = {
  type: 'combat',
  kind: 'land',
  tile: '3,4',
  attacker: 'a',
  defender: 'b',
  attackers: 4,
  defenders: 2,
  a: 1,
  d: 2,
  roll: 3,
  counter: 12,
  attack: 7,
  defence: 6,
  result: 'attacker',
  attackerSurvivors: 1,
  defenderSurvivors: 0,
}
const trade: GameEvent = {
  type: 'tradeExecuted',
  transfers: [
    { from: 'a', to: 'b', tiles: ['1,1', '1,2'] },
    { from: 'b', to: 'a', ships: ['s3'] },
  ],
}

t.test('R8.3 a battle told with its sides, multipliers, die, counter and outcome, in English and in Spanish', async (t) => {
  t.equal(
    sentence('combat', battle, names, en),
    'Battle at 3,4: Astures (4 ×1) against Bárdulos (2 ×2); the die rolled 3 (#12), 7 against 6: the attackers win.',
  )
  t.equal(
    sentence('combat', battle, names, es),
    'Batalla en 3,4: Astures (4 ×1) contra Bárdulos (2 ×2); el dado sacó 3 (#12), 7 contra 6: ganan los atacantes.',
  )
  t.match(sentence('combat', { ...battle, defender: null, result: 'tie' }, names, es), /contra los neutrales .*: empate, caen ambos bandos\.$/)
})

t.test('R11.2 a trade told transfer by transfer, in English and in Spanish', async (t) => {
  t.equal(sentence('tradeExecuted', trade, names, en), 'Trade: Astures gives Bárdulos 1,1, 1,2; Bárdulos gives Astures ship s3.')
  t.equal(sentence('tradeExecuted', trade, names, es), 'Intercambio: Astures da a Bárdulos 1,1, 1,2; Bárdulos da a Astures el barco s3.')
})

t.test('every event of the game has a sentence in both languages, with every parameter filled', async (t) => {
  const events: GameEvent[] = [
    { type: 'moved', tribe: 'a', from: '1,1', path: ['2,1'], troops: 2, claimed: ['2,1'], merged: false },
    { type: 'recruited', tribe: 'a', city: '1,1', troops: 1, pool: 'p', cost: 10 },
    { type: 'shipBuilt', tribe: 'a', ship: 's1', port: '1,1', sea: '1,0', pool: 'p', cost: 50 },
    { type: 'embarked', tribe: 'a', from: '1,1', ship: 's1', troops: 1 },
    { type: 'disembarked', tribe: 'a', ship: 's1', to: '2,1', troops: 1 },
    { type: 'shipMoved', tribe: 'a', ship: 's1', path: ['2,0', '3,0'] },
    { type: 'crewTransferred', tribe: 'a', from: 's1', to: 's2', troops: 1 },
    battle,
    { type: 'tileTaken', tile: '3,4', from: 'b', to: 'a', city: false },
    { type: 'tileTaken', tile: '3,5', from: null, to: 'a', city: false },
    { type: 'shipTaken', ship: 's2', from: 'b', to: 'a' },
    { type: 'siegeLoss', city: '5,5', owner: 'b', lost: 2, garrison: 1 },
    { type: 'siegeLifted', city: '5,5', owner: 'b' },
    { type: 'payout', week: 2, pools: [] },
    trade,
    { type: 'eliminated', tribe: 'b', troopsRemoved: 3, shipsRemoved: ['s2'] },
    { type: 'draftStarted', order: ['b', 'a'], counter: 0 },
    { type: 'draftPicked', tribe: 'a', city: '1,1' },
    { type: 'campaignStarted' },
    { type: 'turnEnded', tribe: 'a' },
    { type: 'campaignFinished', ranking: ['a', 'b'], reason: 'last_tribe' },
  ]
  for (const e of events) {
    for (const [lang, words] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const said = sentence(e.type, e, names, words)
      t.ok(said.length > 8 && !/\{\w+\}/.test(said), `${e.type} in ${lang}: "${said}"`)
    }
    t.notOk(isSystemRow(e.type), `${e.type} is part of the story`)
  }
  for (const type of ['order', 'system', 'seedSet', 'windowOpened', 'windowClosed', 'map.week_ended']) t.ok(isSystemRow(type), `${type} is the log's machinery`)
})

t.test('R1.5 the chronicle calls tiles by their places: a city by its name, a sea tile by its sea and coordinates', async (t) => {
  const places = [
    { tiles: ['2,1'], en: 'Highport', es: 'Puertoalto' },
    { tiles: ['0,0', '1,0'], en: 'Highport Bay', es: 'Bahía de Puertoalto' },
  ]
  const [inEnglish, inSpanish] = [placeLabel({ names: places }, 'en'), placeLabel({ names: places }, 'es')]
  const recruited: GameEvent = { type: 'recruited', tribe: 'a', city: '2,1', troops: 2, cost: 20, pool: 'p1' }
  t.equal(sentence('recruited', recruited, names, en, inEnglish), 'Astures recruited 2 troops at Highport for 20.')
  t.equal(sentence('recruited', recruited, names, es, inSpanish), 'Astures reclutó 2 tropas en Puertoalto por 20.')
  const built: GameEvent = { type: 'shipBuilt', tribe: 'a', ship: 's1', port: '2,1', sea: '1,0', cost: 50, pool: 'p1' }
  t.match(sentence('shipBuilt', built, names, es, inSpanish), /Bahía de Puertoalto \(1,0\)/)
  t.match(
    sentence('tradeExecuted', { type: 'tradeExecuted', transfers: [{ from: 'a', to: 'b', tiles: ['2,1', '3,3'] }] }, names, en, inEnglish),
    /Highport, 3,3/,
  )
  t.match(sentence('recruited', recruited, names, en), /at 2,1/, 'without places, coordinates')
})
