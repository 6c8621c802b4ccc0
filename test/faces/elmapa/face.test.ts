// El Mapa's face (#28): a battle replayed move by move on its 5 × 5 board (M8.18), the map drawn
// with face-down tiles as card backs only (M12.9), the log's secrets hidden from other readers
// until the end (M12.10), and the chronicle in both languages.
import t from 'tap'
import { elMapa, type ElMapaEvent } from '../../../src/engine/games/elmapa/index.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { battleSteps } from '../../../src/faces/elmapa/history.ts'
import { elMapaSentence } from '../../../src/faces/elmapa/chronicle.ts'
import { mapSvg } from '../../../src/faces/elmapa/map-svg.ts'
import { mapa, open, order } from '../../games/elmapa/dsl.ts'

type Battle = Extract<ElMapaEvent, { type: 'battle' }>

t.test('M8.18 a battle is replayed move by move: the start, then one board per action, each told', async (t) => {
  const s = mapa(`Ja  l1-dos-tesoros  ?  Jb`, { armies: 'a 0,0 leva=5' })
  s.settings.obstacles = 'none'
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  const battle = r.events.find((e): e is Battle => e.type === 'battle')!
  t.ok(battle, 'stepping onto guards fights them')
  const actions = battle.record.rounds.flat().length + (battle.record.pursuit ?? []).length
  for (const lang of ['en', 'es'] as const) {
    const steps = battleSteps(battle.record, CATALOGUE[lang])
    t.equal(steps.length, actions + 1, `${lang}: the start and one board per action`)
    for (const step of steps) t.match(step.svg, /^<svg class="map" viewBox="-1 -1 152 152" role="img" aria-label="[^"]+" data-board="battle"/)
    t.equal(steps[0]!.svg.match(/<g class="platoon/g)!.length, battle.record.platoons.filter((p) => p.n > 0).length, 'every platoon at the start')
    t.match(steps[1]!.text, lang === 'en' ? /^Round 1: A1 \(Levy\)/ : /^Asalto 1: A1 \(Leva\)/, 'the first action is the attacker’s first platoon')
    // The last board shows what the record says survived.
    const last = steps.at(-1)!.svg
    const killedA = battle.record.killed.A.leva
    const survivors = 5 - killedA
    if (survivors > 0) t.match(last, `L${survivors}</text>`, 'the attacker’s survivors on the last board')
    const said = elMapaSentence('battle', battle, new Map([['a', 'Astures']]), CATALOGUE[lang])
    t.match(said, lang === 'en' ? /^Battle at 0,1: Astures against the guards/ : /^Batalla en 0,1: Astures contra los guardias/)
  }
})

t.test('M12.9 a face-down tile is drawn as a card back with its zone, and its tile named nowhere', async (t) => {
  const s = mapa(`Ja  ?l2-oro  l1-lago  Jb`)
  const b = elMapa.board(s, 'a')
  const svg = mapSvg(b.rows, b.cols, b.cells, b.armies, { label: 'map', s: CATALOGUE.en, colours: new Map([['a', '#c0392b']]), names: new Map([['a', 'A']]) })
  const back = /<g class="cell" data-cell="0,1"[^>]*>(.*?)<\/g>/.exec(svg)![1]!
  t.match(back, 'class="back"', 'a card back')
  t.notMatch(svg, /Oro II|l2-oro|gold/, 'nothing of what lies under it')
  t.match(svg, 'Lake I', 'a revealed tile is named')
})

t.test('M12.10 the log as each reader may read it: another tribe’s plan and cards hidden until the end', async (t) => {
  const plan = { platoons: [{ kind: 'leva' as const, take: 'all' as const, column: 2, tactic: 'hold' as const }], flee: 37 }
  const set: ElMapaEvent = { type: 'order', tribe: 'a', order: { type: 'setBattlePlan', plan } }
  const eventFor = elMapa.eventFor!
  t.same(eventFor(set, 'a', false), set, 'its own tribe reads it whole')
  for (const reader of ['b', null]) t.notMatch(JSON.stringify(eventFor(set, reader, false)), /"flee":37/, `${reader ?? 'a GM'} does not read the plan`)
  t.same(eventFor(set, 'b', true), set, 'after the end everyone does (M11.6)')
  const cast: ElMapaEvent = { type: 'order', tribe: 'a', order: { type: 'cast', card: 'vision-2', boosters: ['escudo-1'], cells: ['3,3'] } }
  t.same(
    (eventFor(cast, 'b', false) as { order: { boosters: string[]; card: string } }).order,
    { type: 'cast', card: 'vision-2', boosters: ['level-3'], cells: ['3,3'] },
    'a cast card is public, a booster by its level',
  )
  const trade: ElMapaEvent = { type: 'tradeExecuted', transfers: [{ from: 'a', to: 'b', cards: ['pies-1'], resources: { oro: 1 } }] }
  t.same(eventFor(trade, 'b', false), trade, 'the tribes of a trade read its cards')
  t.match(eventFor(trade, 'c', false), { transfers: [{ cards: ['level-1'], resources: { oro: 1 } }] }, 'the others their levels')
  t.match(elMapaSentence('order', eventFor(set, 'b', false), new Map([['a', 'Astures']]), CATALOGUE.es), 'Astures fija un plan de batalla.')
})
