// M2.3, M2.11, M10, M11.5: the calendar's refusals in words (a person reads them: the tribe, card
// or cell at fault, named), and a window's opening writing only what it changes (#47).
//
//   Ja   l1-madera@a  l1-pueblo@a
//   Jb   l2-oro@b     Jc
import t from 'tap'
import { elMapa, type ElMapaTransfer } from '../../../src/engine/games/elmapa/index.ts'
import type { ElMapaState, ElMapaSystem } from '../../../src/engine/games/elmapa/types.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { mapa, open, tribeOf } from './dsl.ts'

/** A system action's refusal: its code, rule and words. */
function refusal(s: ElMapaState, action: ElMapaSystem) {
  const r = elMapa.applySystem(s, action, hmacRng)
  if (r.ok) throw new Error(`${JSON.stringify(action)} was carried out`)
  return [r.error.code, r.error.rule, r.error.message]
}

function created() {
  const made = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'Tribe a', weekday: 'monday' },
      { id: 'b', name: 'Tribe b', weekday: 'tuesday' },
    ],
    seed: 'setup-seed-steps',
    secretSeed: 'secret-seed-steps',
    limit: 8,
  })
  if (!made.ok) throw new Error(made.error.code)
  return made.state
}

t.test('M2.3 M11.5: a window opens only while the campaign runs, and never for an eliminated tribe', async (t) => {
  const notRunning = ['calendar/not_running', 'M2.3', 'windows open only between tick 0 and the end']
  t.same(refusal(created(), { type: 'openWindow', tribe: 'a' }), notRunning, 'not started')
  const over = Object.assign(mapa(`Ja Jb ?`), { status: 'finished' } as const)
  t.same(refusal(over, { type: 'openWindow', tribe: 'a' }), notRunning, 'over')
  const s = mapa(`Ja Jb Jc ?`)
  tribeOf(s, 'c').eliminated = true
  t.same(refusal(s, { type: 'openWindow', tribe: 'c' }), ['calendar/eliminated', 'M11.5', 'Tribe c has been eliminated'])
})

t.test('#47 M13.17: an opening clears the built mark of its castles, copying no castle it leaves as it was', async (t) => {
  const s = mapa(`Ja l1-pueblo@a ? Jb`)
  s.cells['0,0']!.castle!.built = true
  s.cells['0,3']!.castle!.built = true
  const opened = open(s, 'a')
  t.same(
    ['0,0', '0,1', '0,3'].map((k) => opened.cells[k]!.castle!.built),
    [false, false, true],
    "a's castles may build again; b's mark waits for b's window",
  )
  // The working copy shares every cell it does not write with the state it was given.
  t.equal(opened.cells['0,1'], s.cells['0,1'], 'the village built nothing: the same record')
  t.equal(opened.cells['0,3'], s.cells['0,3'], "b's village: the same record")
  t.not(opened.cells['0,0'], s.cells['0,0'], 'the castle written: a copy')
})

t.test('M2.11: a tick comes only to a started campaign not yet over, at a named instant', async (t) => {
  const notRunning = ['calendar/not_running', 'M2.11', 'the campaign is not running']
  t.same(refusal(created(), { type: 'tick', at: 1e12 }), notRunning, 'not started')
  const over = Object.assign(mapa(`Ja Jb ?`), { status: 'finished' } as const)
  t.same(refusal(over, { type: 'tick', at: 1e12 }), notRunning, 'over')
  t.same(refusal(mapa(`Ja Jb ?`), { type: 'tick', at: 'Sunday' } as never), ['system/bad_time', 'M2.11', 'a tick names its instant (epoch milliseconds)'])
})

const GRID = `
  Ja   l1-madera@a  l1-pueblo@a
  Jb   l2-oro@b     Jc`

function market() {
  const s = mapa(GRID, { armies: 'b 1,1 leva=1', stock: 'a 5 2 1; b 1 1 1; c 0 0 0' })
  s.cells['0,0']!.castle!.slots = { '1a': 'mercado' }
  s.cells['1,0']!.castle!.slots = { '1a': 'mercado' }
  tribeOf(s, 'a').hand = ['pies-1']
  return s
}
const trade = (transfers: unknown, s = market()) => refusal(s, { type: 'executeTrade', transfers: transfers as ElMapaTransfer[] })

t.test('M10.1: a trade is a list of transfers between two distinct tribes in play, while the campaign runs', async (t) => {
  t.same(trade('all'), ['trade/bad', 'M10.1', 'a trade is a list of transfers'])
  const setup = Object.assign(market(), { status: 'setup' } as const)
  t.same(trade([{ from: 'a', to: 'b', resources: { oro: 1 } }], setup), ['campaign/not_running', 'M10.1', 'nothing is traded during setup or after the end'])
  t.same(trade([{ from: 'a', to: 'x', resources: { oro: 1 } }]), ['trade/bad', 'M10.1', 'a transfer goes between two tribes of the campaign'])
  t.same(trade([{ from: 'a', to: 'a', resources: { oro: 1 } }]), ['trade/same_tribe', 'M10.1', 'Tribe a cannot give to itself'])
  const gone = market()
  tribeOf(gone, 'c').eliminated = true
  t.same(trade([{ from: 'a', to: 'c', cells: ['0,1'] }], gone), ['trade/eliminated', 'M10.1', 'Tribe c has been eliminated'], 'the receiver')
  t.same(trade([{ from: 'c', to: 'a', cells: ['1,2'] }], gone), ['trade/eliminated', 'M10.1', 'Tribe c has been eliminated'], 'the giver')
})

t.test('M10.4 M10.5: a trade that cannot execute names the Mercado, the card or the cell at fault', async (t) => {
  t.same(trade([{ from: 'a', to: 'c', resources: { oro: 1 } }]), ['trade/no_mercado', 'M10.4', 'resources move only between tribes that each own a Mercado'])
  t.same(trade([{ from: 'a', to: 'b', cards: ['vision-1'] }]), ['trade/card_not_free', 'M10.5', "vision-1 is not a free card of Tribe a's hand"])
  t.same(trade([{ from: 'a', to: 'b', cells: ['1,1'] }]), ['trade/asset_not_owned', 'M10.5', '1,1 is not a mine or village of Tribe a'])
  t.same(trade([{ from: 'b', to: 'a', cells: ['1,1'] }]), ['trade/occupied', 'M10.5', 'Tribe b has an army on 1,1'])
})
