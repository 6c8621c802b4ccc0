// #46: the campaign of the Open Wars browser test, played at the engine seed by seed. ana (orcs,
// an army worth 59) and ben (elves, 58) join on Monday and Wednesday; tick 0 deals them anew
// (W3.7); each round ben marches next to her units and she moves into a battle the turn page
// offers. In every open window the page's options must hold endTurn: the "End turn" card is
// drawn from them. The probe die of the options once always showed one face, so a roll-off
// (W10.5) between tied fighters (orc wolf riders and elf archers) rolled again until the stack
// overflowed; endTurn looked illegal, the card vanished and the page said "próximo turno: mié 23
// dic" though her window was open. That failed the browser test in round 2 of about one
// campaign in four, which read as a window the calendar had closed.
// Random seeds come from OW_SEED (printed); a failure names the campaign's seed to replay it.
import { createHash } from 'node:crypto'
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { neighbours } from '../../../src/engine/games/openwars/map.ts'
import { movePaths } from '../../../src/engine/games/openwars/options.ts'
import type { OpenOrder, OpenState, OpenSystem } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng, WEEKDAYS, type EngineError } from '../../../src/engine/index.ts'

const hash = (text: string) => createHash('sha256').update(text).digest('hex')
const ROUNDS = 3
/** Campaigns whose End turn vanished in round 2 or 3 under the one-faced probe die. */
const KNOWN = ['46/1', '46/3', '46/6']
const RANDOM = 5

function step(result: { ok: true; state: OpenState } | { ok: false; error: EngineError }, what: string): OpenState {
  if (!result.ok) throw new Error(`${what}: ${result.error.code} ${result.error.message}`)
  return result.state
}

/** The campaign of `seed` to round ROUNDS: the weekdays tick 0 dealt, and the first window whose page would have no End turn. */
function play(seed: string): { weekdays: string[]; missing: string | null } {
  let s = step(
    openWars.createGame({
      map: { id: 'banda', name: 'Banda', mode: 'aleatorio' },
      tribes: [
        { id: 'ana', name: 'ana', weekday: 'monday' },
        { id: 'ben', name: 'ben', weekday: 'wednesday' },
      ],
      seed: hash(`${seed}/map`),
      secretSeed: hash(`${seed}/setup`),
      limit: 6,
    }),
    'create',
  )
  const system = (action: OpenSystem) => (s = step(openWars.applySystem(s, action, hmacRng), action.type))
  const order = (tribe: string, o: OpenOrder) => openWars.applyOrder(s, tribe, o, hmacRng)
  system({ type: 'startCampaign', at: 0 })
  s = step(order('ana', { type: 'setFaction', faction: 'orcos' }), 'setFaction')
  s = step(order('ana', { type: 'setArmy', army: { guerreros_orcos: 1, jinetes_lobo: 1, trolls: 1, chaman: 1, senor_guerra: 1 } }), 'setArmy')
  s = step(order('ben', { type: 'setFaction', faction: 'elfos' }), 'setFaction')
  system({ type: 'tick', at: 5 * 86_400_000 })
  const dayOf = (id: string) => WEEKDAYS.indexOf(s.tribes.find((x) => x.id === id)!.weekday)
  const weekdays = ['ana', 'ben'].map((id) => WEEKDAYS[dayOf(id)]!)
  const g = () => ({ rows: s.rows, cols: s.cols, wrap: s.wrap })
  const hers = (at: string) => s.cells[at]!.stacks.some((x) => x.tribe === 'ana' && x.count > 0)
  let battled = false
  for (let round = 1; round <= ROUNDS; round++) {
    system({ type: 'setSeed', seed: hash(`${seed}/round/${round}`) })
    for (const id of ['ana', 'ben'].sort((a, b) => dayOf(a) - dayOf(b))) {
      system({ type: 'openWindow', tribe: id })
      if (id === 'ben') {
        // Each stack by its shortest way over land to a location next to hers, as far as it goes.
        const goal = (at: string) => !s.cells[at]!.card.startsWith('ag') && !hers(at) && neighbours(g(), at).some(hers)
        for (const [from, x] of Object.entries(s.cells).flatMap(([at, c]) => c.stacks.filter((y) => y.tribe === 'ben').map((y) => [at, y] as const))) {
          const back = new Map([[from, '']])
          const queue = [from]
          let end = goal(from) ? from : null
          while (queue.length && !end) {
            const at = queue.shift()!
            for (const n of neighbours(g(), at)) {
              if (back.has(n) || s.cells[n]!.card.startsWith('ag') || hers(n)) continue
              back.set(n, at)
              queue.push(n)
              if (goal(n)) end ??= n
            }
          }
          const path: string[] = []
          for (let at = end; at && at !== from; at = back.get(at)!) path.unshift(at)
          for (let n = path.length; n >= 1; n--) {
            const moved = order('ben', { type: 'move', from, kind: x.kind, count: x.count - x.moved, path: path.slice(0, n) })
            if (moved.ok) {
              s = moved.state
              break
            }
          }
        }
      } else if (!battled) {
        // Her first stack, in the page's order, that reaches a battle moves into it.
        const battle = Object.keys(s.cells)
          .flatMap((at) => s.cells[at]!.stacks.filter((x) => x.tribe === 'ana' && x.count > x.moved).map((x) => ({ at, x })))
          .flatMap(({ at, x }) => [...movePaths(s, 'ana', at, x.kind, x.count - x.moved)].map(([to, path]) => ({ at, x, to, path })))
          .find(({ to }) => s.cells[to]!.stacks.some((y) => y.tribe !== 'ana' && y.count > 0))
        if (battle) {
          s = step(order('ana', { type: 'move', from: battle.at, kind: battle.x.kind, count: battle.x.count - battle.x.moved, path: battle.path }), 'move')
          battled = true
        }
      }
      if (!openWars.legalOptions(s, id).orders.some((o) => o.type === 'endTurn')) return { weekdays, missing: `round ${round}, ${id}` }
      s = step(order(id, { type: 'endTurn' }), `endTurn of ${id} in round ${round}`)
      system({ type: 'closeWindow', tribe: id })
    }
    system({ type: 'tick', at: (round + 1) * 7 * 86_400_000 })
  }
  return { weekdays, missing: null }
}

t.test('#46 W3.7 W3.9 W10.5 every open window of the browser campaign offers End turn, seed by seed', async (t) => {
  const master = process.env.OW_SEED ?? Math.random().toString(36).slice(2, 10)
  t.comment(`OW_SEED=${master} (replay: OW_SEED=${master} npx tap test/games/openwars/end-turn-offered.test.ts)`)
  const seeds = [...KNOWN, ...Array.from({ length: RANDOM }, (_, i) => `${master}/${i}`)]
  for (const seed of seeds) {
    const { weekdays, missing } = play(seed)
    t.same(weekdays, ['wednesday', 'monday'], `seed ${seed}: tick 0 gives ben, the smaller army, Monday and ana Wednesday`)
    t.equal(missing, null, `seed ${seed}: End turn is offered in every open window${missing ? ` (not in ${missing})` : ''}`)
  }
})
