// The test language of El Mapa: a square grid of cells, one token a cell, and a battle board
// drawn as the book draws it (Appendix H).
//
//   const s = mapa(`
//     ?     ?          l1-leva   .
//     Ja    l1-madera  ?l2-oro   l2-bosque^S
//   `, { armies: 'a 1,0 leva=2; b 0,3 soldado=1' })
//
// Tokens: `.` an empty revealed tile (l1-paraje), `?` a face-down one; a tile id is revealed,
// `?id` face down; `@x` gives it an owner (a village gets an empty castle); `^N|E|S|W` its closed
// side; `Jx`, `Mx`, `Px` tribe x's home village, madera and piedra mines. Tribes are the letters
// used (a: monday, b: tuesday, …). The state is in round 1, every window closed; `open(s, 'a')`
// opens one. Guards and treasures come from the tile's catalogue entry (M7.2).
import { elMapa, type ElMapaEvent, type ElMapaOrder, type ElMapaState } from '../../../src/engine/games/elmapa/index.ts'
import { noTroops, troopCount, TROOPS, type Troops } from '../../../src/engine/games/elmapa/catalogue.ts'
import { emptyCastle } from '../../../src/engine/games/elmapa/explore.ts'
import { GUARD_SIZE, HOME_TILES, TILE } from '../../../src/engine/games/elmapa/tiles.ts'
import type { BattleAction, Dir, ElMapaSystem, MapCell } from '../../../src/engine/games/elmapa/types.ts'
import { fight, type Platoon } from '../../../src/engine/games/elmapa/battle.ts'
import { hmacRng, WEEKDAYS, type Rng } from '../../../src/engine/index.ts'
import { readable } from '../readable.ts'

export function troops(text: string): Troops {
  const t = noTroops()
  for (const kv of text.split(/\s+/).filter(Boolean)) {
    const [k, v] = kv.split('=') as [keyof Troops, string]
    t[k] = Number(v)
  }
  return t
}

export function mapa(grid: string, opts: { armies?: string; stock?: string; round?: number } = {}): ElMapaState {
  const rows = grid
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
  const letters = new Set<string>()
  const cells: Record<string, MapCell> = {}
  const order: string[] = []
  rows.forEach((row, r) =>
    row.forEach((token, c) => {
      const key = `${r},${c}`
      order.push(key)
      let [body, closed] = token.split('^') as [string, Dir | undefined]
      let owner: string | null = null
      if (body.includes('@')) [body, owner] = body.split('@') as [string, string]
      const home = /^[JMP][a-z]$/.test(body)
      if (home) owner = body[1]!
      if (owner) letters.add(owner)
      const hidden = body.startsWith('?')
      const id = home ? HOME_TILES[body[0]!]!.id : body.replace('?', '') || 'l1-paraje'
      const kind = TILE[id === '.' ? 'l1-paraje' : id]
      if (!kind) throw new Error(`no tile ${id}`)
      cells[key] = {
        key,
        r,
        c,
        code: home ? (body[0] as 'J') : (String(kind.level) as '1'),
        position: null,
        tile: kind.id,
        revealed: !hidden,
        closed: closed ?? null,
        guards: kind.guards.map((g) => ({ kind: g, n: GUARD_SIZE[g][kind.level - 1]! })),
        treasures: kind.treasures,
        owner,
        castle: kind.village && owner ? emptyCastle() : null,
      }
    }),
  )
  const created = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: [...letters].sort().map((id) => ({ id, name: `Tribe ${id}`, weekday: WEEKDAYS['abcdefg'.indexOf(id)]! })),
    seed: 'setup-seed-test',
    secretSeed: 'secret-seed-test',
    limit: 26,
  })
  if (!created.ok) throw new Error(created.error.message)
  const s = created.state
  Object.assign(s, { status: 'running', round: opts.round ?? 1, startedAt: 0, rows: rows.length, cols: rows[0]!.length, cells, order })
  s.rng = { seed: 'week-seed-test', counter: 0 }
  s.tribes.forEach((t, i) => (t.position = i + 1))
  s.decks = { '1': [], '2': [], '3': [] }
  s.treasureDeck = ['t-oro-3-1', 't-madera-2-1', 't-piedra-1-1']
  for (const line of (opts.armies ?? '').split(';').filter((l) => l.trim())) {
    const [tribe, cell, ...rest] = line.trim().split(/\s+/)
    const convoy = rest.includes('convoy')
    s.armies.push({
      id: s.nextArmy++,
      tribe: tribe!,
      cell: cell!,
      troops: troops(rest.filter((x) => x !== 'convoy').join(' ')),
      convoy,
      tired: false,
      steps: 0,
      bonus: 0,
      cast: [],
    })
  }
  for (const line of (opts.stock ?? '').split(';').filter((l) => l.trim())) {
    const [tribe, oro, madera, piedra] = line.trim().split(/\s+/)
    s.tribes.find((t) => t.id === tribe)!.stock = { oro: Number(oro), madera: Number(madera), piedra: Number(piedra) }
  }
  return s
}

/** The weekly dice: `faces[counter]` (the value itself; `u mod n` takes it as is when smaller). */
export const weekly =
  (faces: readonly number[]): Rng =>
  (seed, counter) =>
    seed.startsWith('week') && faces[counter] !== undefined ? faces[counter]! : hmacRng(seed, counter)

export interface Played {
  s: ElMapaState
  events: ElMapaEvent[]
}

export function system(s: ElMapaState, action: ElMapaSystem, rng: Rng = hmacRng): Played {
  const r = elMapa.applySystem(s, action, rng)
  if (!r.ok) throw new Error(`${action.type}: ${r.error.code} ${r.error.message}`)
  return { s: r.state, events: r.events }
}

export const open = (s: ElMapaState, tribe: string) => system(s, { type: 'openWindow', tribe }).s

export function order(s: ElMapaState, tribe: string, o: ElMapaOrder, rng: Rng = hmacRng): Played {
  const r = elMapa.applyOrder(s, tribe, o, rng)
  if (!r.ok) throw new Error(`${o.type}: ${r.error.code} ${r.error.message}`)
  return { s: r.state, events: r.events }
}

/** The refusal of an order: its code and rule. */
export function refused(s: ElMapaState, tribe: string, o: unknown, rng: Rng = hmacRng) {
  const r = elMapa.applyOrder(s, tribe, o as ElMapaOrder, rng)
  if (r.ok) throw new Error(`${JSON.stringify(o)} was accepted`)
  const { code, rule } = readable(r.error)
  return { code, rule }
}

/** A refusal as the player reads it: its code, the rule it cites and its words. */
export function refusedInWords(s: ElMapaState, tribe: string, o: unknown) {
  const r = elMapa.applyOrder(s, tribe, o as ElMapaOrder, hmacRng)
  if (r.ok) throw new Error(`${JSON.stringify(o)} was accepted`)
  return { code: r.error.code, rule: r.error.rule, message: r.error.message }
}

export const tribeOf = (s: ElMapaState, id: string) => s.tribes.find((t) => t.id === id)!
export const armyOf = (s: ElMapaState, id: number) => s.armies.find((a) => a.id === id)
export const stockOf = (s: ElMapaState, id: string) => {
  const t = tribeOf(s, id).stock
  return `${t.oro}/${t.madera}/${t.piedra}`
}
export const size = (t: Troops) => troopCount(t)

/** The battle board at a battle's start, drawn as Appendix H draws it. */
export function drawBoard(record: { obstacles: [number, number][]; platoons: { id: string; x: number; y: number }[] }): string {
  const lines: string[] = []
  for (let y = 4; y >= 0; y--) {
    const row: string[] = []
    for (let x = 0; x <= 4; x++) {
      const p = record.platoons.find((q) => q.x === x && q.y === y)
      row.push(p ? p.id : record.obstacles.some(([ox, oy]) => ox === x && oy === y) ? '#' : '.')
    }
    lines.push(
      `y=${y}  ${row
        .map((c) => c.padEnd(3))
        .join(' ')
        .trimEnd()}`,
    )
  }
  return lines.join('\n')
}

/**
 * A battle board drawn as Appendix H draws it, row y=4 first: `.` free, `#` an obstacle,
 * `A1=3l` attacking platoon A1 of 3 levas (l, s, a, c), `:h` hold, `:s` shoot, `:a` advance,
 * `+2hp` / `+1mv` / `!` (BloodLust) / `*` (Puntería) after it. Platoons keep the ids drawn.
 */
export function arena(text: string, opts: { attackerFlee?: number; defenderFlee?: number; stays?: boolean } = {}) {
  const KIND = { l: 'leva', s: 'soldado', a: 'arquero', c: 'caballero' } as const
  const TACTIC = { h: 'hold', s: 'shoot', a: 'advance' } as const
  const rows = text
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).slice(1))
  const platoons: Platoon[] = []
  const obstacles: [number, number][] = []
  rows.forEach((row, i) =>
    row.forEach((token, x) => {
      const y = 4 - i
      if (token === '#') obstacles.push([x, y])
      const m = /^([AD])(\d)=(\d+)([lsac])(?::([hsa]))?((?:\+\d(?:hp|mv)|!|\*)*)$/.exec(token)
      if (!m) return
      const kind = KIND[m[4] as 'l']
      const extra = m[6]!
      platoons.push({
        id: `${m[1]}${m[2]}`,
        side: m[1] as 'A',
        num: Number(m[2]),
        kind,
        n: Number(m[3]),
        x,
        y,
        tactic: m[5] ? TACTIC[m[5] as 'h'] : TROOPS[kind].tactic,
        hp: TROOPS[kind].hp + Number(/\+(\d)hp/.exec(extra)?.[1] ?? 0),
        move: TROOPS[kind].move + Number(/\+(\d)mv/.exec(extra)?.[1] ?? 0),
        lust: extra.includes('!') ? 1 : 0,
        aim: extra.includes('*') ? 1 : 0,
        entries: [],
        mark: false,
      })
    }),
  )
  platoons.sort((a, b) => (a.side === b.side ? a.num - b.num : a.side === 'A' ? -1 : 1))
  // The draws that pick the drawn obstacles from the pool of M12.7.
  const pool: [number, number][] = []
  for (let y = 1; y <= 3; y++) for (let x = 0; x <= 4; x++) pool.push([x, y])
  const picks = obstacles.map(([x, y]) => {
    const i = pool.findIndex(([px, py]) => px === x && py === y)
    pool.splice(i, 1)
    return i
  })
  let die = 0
  return fight({
    attackers: platoons.filter((p) => p.side === 'A'),
    defenders: platoons.filter((p) => p.side === 'D'),
    attackerFlee: opts.attackerFlee ?? 0,
    defenderFlee: opts.defenderFlee ?? 0,
    defenderStays: opts.stays ?? false,
    obstacles: picks.length > 0,
    draw: (n) => (picks.length > 0 ? picks.shift()! : die++ % n),
  })
}

/** A battle's actions, one line each: `A1 (2,1) hits D2 2 counter 1`. */
export const lines = (actions: readonly BattleAction[]) =>
  actions.map((a) =>
    [
      a.platoon,
      a.path.map(([x, y]) => `(${x},${y})`).join(''),
      a.target ? `${a.ranged ? 'shoots' : 'hits'} ${a.target} ${a.kills}` : '',
      a.counter !== undefined ? `counter ${a.counter}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  )
