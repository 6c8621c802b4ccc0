// M2.1–M2.4, M12.2–M12.6: a new campaign, and its start: positions drawn, the map dealt face
// down from the secret tile seed, the decks shuffled, the first army, the setup reveals.
import { roundGameSetup, startAt } from '../../kernel/period-checks.ts'
import { sha256, toHex, utf8 } from '../../kernel/hashing.ts'
import { WEEKDAYS, type EngineError, type PlatformSetup } from '../../kernel/index.ts'
import { noTroops, techDeck, TREASURE_DECK } from './catalogue.ts'
import { around, emptyCastle, shown } from './explore.ts'
import { LAYOUTS } from './layouts.ts'
import { frontierDeck, GUARD_SIZE, HOME_TILES, MIDDLE_PACK, NEAR_PACK, TILE } from './tiles.ts'
import type { Dir, ElMapaState, MapCell, Tribe } from './types.ts'
import { cardSeed, reject, tileSeed, treasureSeed, type Work } from './work.ts'

export const LIMIT = { min: 8, max: 52, default: 26 }
export const MAX_TRIBES = 6
const dayIndex = (t: { weekday: string }) => WEEKDAYS.indexOf(t.weekday as never)
const commit = (seed: string) => toHex(sha256(utf8(seed)))

/** M1.1, M1.2, M2.1: 2 to 6 tribes on distinct weekdays. */
export function createElMapa(input: PlatformSetup<unknown>): { ok: true; state: ElMapaState } | { ok: false; error: EngineError } {
  // The platform checks the limit with checkLimit (8 to 52); a shorter one is accepted here for tests.
  const checked = roundGameSetup(input, input?.limit, {
    name: 'El Mapa',
    maxTribes: MAX_TRIBES,
    limit: { min: 1, max: LIMIT.max, default: LIMIT.default },
    seeds: 'the setup and secret seeds',
    rules: { tribes: 'M2.1', weekdays: 'M1.1', limit: 'M1.2', seeds: 'M12.2' },
  })
  if (!checked.ok) return checked
  const { tribes, limit } = checked
  const secret = input.secretSeed
  return {
    ok: true,
    state: {
      ruleset: 'elmapa',
      status: 'setup',
      settings: { obstacles: 'random', limit },
      round: 0,
      startedAt: null,
      rng: { seed: input.seed, counter: 0 },
      setupSeed: input.seed,
      secretSeed: secret,
      commitments: { tile: commit(tileSeed(secret)), card: commit(cardSeed(secret)), treasure: commit(treasureSeed(secret)) },
      counters: { tile: 0, card: 0, treasure: 0 },
      rows: 0,
      cols: 0,
      cells: {},
      order: [],
      tribes: tribes.map((t): Tribe => ({
        id: t.id,
        name: t.name,
        weekday: t.weekday,
        position: 0,
        stock: { oro: 3, madera: 0, piedra: 0 },
        exploreVp: 0,
        battleVp: 0,
        hand: [],
        plan: null,
        window: 'closed',
        bankUsed: 0,
        suerte: 0,
        produccion: 0,
        eliminated: false,
        eliminatedAt: null,
        eliminatedBy: null,
      })),
      armies: [],
      nextArmy: 1,
      dispersed: [],
      nextGroup: 1,
      decks: { '1': [], '2': [], '3': [] },
      piles: { '1': [], '2': [], '3': [] },
      treasureDeck: [],
      treasurePile: [],
      wonderBuilt: false,
      eliminations: 0,
      result: null,
    },
  }
}

const CLOSED: Dir[] = ['N', 'E', 'S', 'W']

/** M2.1: the start, in the book's order. */
export function startCampaign(w: Work, at: unknown) {
  const s = w.s
  startAt(w, at, { started: 'M2.1', time: 'M2.4' })
  // M12.4: the tribes in weekday order, shuffled with the setup seed; entry i gets J(i + 1).
  const drawn = w.tribesToWrite().sort((a, b) => dayIndex(a) - dayIndex(b))
  for (let i = drawn.length - 1, c = 0; i >= 1; i--) {
    const j = w.rng(s.setupSeed, c++) % (i + 1)
    ;[drawn[i], drawn[j]] = [drawn[j]!, drawn[i]!]
  }
  drawn.forEach((t, i) => (t.position = i + 1))
  const layout = LAYOUTS[s.tribes.length]!
  s.rows = layout.rows
  s.cols = layout.cols
  s.order = layout.cells.map((c) => c.key)
  const byPosition = (k: number) => drawn[k - 1]!.id
  // A record of its own: the working copy shares the given state's (work.ts).
  s.cells = {}
  for (const c of layout.cells) {
    const home = HOME_TILES[c.code]
    s.cells[c.key] = {
      ...c,
      tile: home?.id ?? '',
      revealed: home !== undefined,
      closed: null,
      guards: [],
      treasures: 0,
      owner: home ? byPosition(c.position!) : null,
      castle: c.code === 'J' ? emptyCastle() : null,
    }
  }
  // M12.5: near then middle pack per position, then the frontier deck, then closed sides.
  const lay = (cells: MapCell[], deck: string[]) => cells.forEach((c, i) => (c.tile = deck[i]!))
  const cells = s.order.map((k) => s.cells[k]!)
  for (let k = 1; k <= s.tribes.length; k++) {
    lay(
      cells.filter((c) => c.code === '1' && c.position === k),
      w.shuffle(NEAR_PACK, 'tile'),
    )
    lay(
      cells.filter((c) => c.code === '2' && c.position === k),
      w.shuffle(MIDDLE_PACK, 'tile'),
    )
  }
  lay(
    cells.filter((c) => c.code === '3'),
    w.shuffle(frontierDeck(s.tribes.length), 'tile'),
  )
  for (const c of cells) {
    const kind = TILE[c.tile]!
    if (kind.closed) c.closed = CLOSED[w.u('tile') % 4]!
    c.guards = kind.guards.map((g) => ({ kind: g, n: GUARD_SIZE[g][kind.level - 1]! }))
    c.treasures = kind.treasures
  }
  // M12.6: the technology decks I, II, III, then the treasure deck.
  for (const level of ['1', '2', '3'] as const) s.decks[level] = w.shuffle(techDeck(Number(level) as 1 | 2 | 3), 'card')
  s.treasureDeck = w.shuffle(TREASURE_DECK, 'treasure')
  // M2.2: one leva on each J, armies numbered in position order.
  for (const t of drawn) {
    const j = cells.find((c) => c.code === 'J' && c.position === t.position)!
    s.armies.push({ id: s.nextArmy++, tribe: t.id, cell: j.key, troops: { ...noTroops(), leva: 1 }, convoy: false, tired: false, steps: 0, bonus: 0, cast: [] })
  }
  // M6.8: the cells around every J, face up, no VP.
  const revealed = cells.filter((c) => c.code === 'J').flatMap((j) => around(w, j).filter((c) => !c.revealed))
  for (const c of revealed) c.revealed = true
  w.emit({ type: 'started', positions: Object.fromEntries(drawn.map((t) => [t.id, t.position])), commitments: s.commitments, revealed: revealed.map(shown) })
}
