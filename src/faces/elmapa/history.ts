// El Mapa's history (the log told in sentences, the map at a round's end, every battle replayed
// on its 5 × 5 board move by move, M8.18) and its dice (every die with its counter, derived again
// once the round's seed is out, M12.7).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { hmacRng, type Weekday } from '../../engine/index.ts'
import { elMapa, type ElMapaEvent } from '../../engine/games/elmapa/index.ts'
import { cellView } from '../../engine/games/elmapa/views.ts'
import { dicePeriods, drawnRows, historyReading, verificationOf, weekEnded, wordsAndNames } from '../history-kit.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Access } from '../../services/access.ts'
import type { PageKit, Req, Strings } from '../page-kit.ts'
import { ELMAPA_KINDS, elMapaSentence } from './chronicle.ts'
import { battleBoardSvg, endMapCells, mapSvg, type BoardPlatoon, type MapCellView } from './map-svg.ts'
import { page, readBoard, type Board } from './pages.ts'
import { sha256, toHex, utf8 } from '../../engine/kernel/hashing.ts'

const sha256Hex = (text: string) => toHex(sha256(utf8(text)))

type Record_ = Extract<ElMapaEvent, { type: 'battle' }>['record']
/** The log's machinery, shown only on request: the game's orders are its story (what was built, hired, cast). */
const MACHINERY = new Set(['seedSet', 'windowOpened', 'windowClosed', 'dice.committed', 'dice.revealed', 'map.week_ended', 'campaign.created', 'system'])

/** A battle move by move (M8.18): the board at the start, then after each action, each with its sentence. */
export function battleSteps(record: Record_, s: Strings): { svg: string; text: string }[] {
  const platoons: BoardPlatoon[] = record.platoons.map((p) => ({ id: p.id, kind: p.kind, n: p.n, x: p.x, y: p.y }))
  const by = new Map(platoons.map((p) => [p.id, p]))
  const say = (key: string, values: Record<string, string | number>) => fill(s[key]!, values, languageOf(s))
  const name = (id: string) => {
    const p = by.get(id)
    return p ? `${id} (${s[`m_kind_${p.kind}`]})` : id
  }
  const steps = [{ svg: battleBoardSvg(platoons, record.obstacles, say('m_replayStart', {}), s), text: say('m_replayStart', {}) }]
  const actions = [
    ...record.rounds.flatMap((actions, i) => actions.map((a) => ({ a, round: String(i + 1) }))),
    ...(record.pursuit ?? []).map((a) => ({ a, round: s.m_pursuit! })),
  ]
  for (const { a, round } of actions) {
    const p = by.get(a.platoon)
    if (!p) continue
    const last = a.path.at(-1)
    if (last) [p.x, p.y] = last
    const target = a.target ? by.get(a.target) : undefined
    if (target) target.n -= a.kills ?? 0
    if (a.counter) p.n -= a.counter
    const parts = [
      a.path.length
        ? say('m_replayMove', { platoon: name(a.platoon), to: a.path.map(([x, y]) => `${x},${y}`).join(' → ') })
        : say('m_replayStay', { platoon: name(a.platoon) }),
      a.target ? say(a.ranged ? 'm_replayShoot' : 'm_replayHit', { target: name(a.target), kills: a.kills ?? 0 }) : '',
      a.counter ? say('m_replayCounter', { counter: a.counter }) : '',
    ].filter(Boolean)
    const text = `${s.m_battleRound} ${round}: ${parts.join(' ')}`
    steps.push({ svg: battleBoardSvg(platoons, record.obstacles, text, s, a.platoon), text })
  }
  return steps
}

export function elMapaHistoryPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { tabPage, stringsOf } = kit

  async function history(request: Req, reply: FastifyReply, a: Access) {
    const { s, names, colours } = await wordsAndNames(campaigns, stringsOf, request, a)
    const reading = await historyReading(campaigns, a, request.query, ELMAPA_KINDS, (e) => !MACHINERY.has(e.type))
    const { week, events } = reading
    const ended = weekEnded<{ owners: (number | null)[] }>(events)
    const { board } = await readBoard(campaigns, a)
    const order = board.standing.map((t) => t.id)
    // The round's end map: who owned each cell then; a face-down cell stays a card back.
    const weekMap = ended
      ? mapSvg(board.rows, board.cols, endMapCells(board.cells, ended.owners, order), [], {
          label: `${a.campaign.name}: ${s.m_round} ${week}`,
          s,
          colours,
          names,
        })
      : ''
    return tabPage({ request, reply, a }, 'history', page('history.hbs'), {
      weekMap,
      ...reading.listed(
        elMapa.dice.drawsOf,
        (e) => elMapaSentence(e.type, e.payload, names, s),
        // A battle's story, step by step (M8).
        (e) => ({ replay: e.type === 'battle' ? battleSteps((e.payload as Extract<ElMapaEvent, { type: 'battle' }>).record, s) : null }),
      ),
    })
  }

  async function dice(request: Req, reply: FastifyReply, a: Access) {
    const { s, names } = await wordsAndNames(campaigns, stringsOf, request, a)
    const rounds = await dicePeriods(campaigns, a, (events, seed) =>
      drawnRows(
        events,
        elMapa.dice,
        (e) => elMapaSentence(e.type, e.payload, names, s),
        // M12.7: an obstacle die is drawn mod 15, 14, 13 (the cells left); the dispersal die mod 3.
        (die, index, draws) => {
          const sides = die.purpose.startsWith('obstacle') ? 15 - draws.slice(0, index).filter((d) => d.purpose.startsWith('obstacle')).length : 3
          return { sides, derived: seed ? hmacRng(seed, die.counter) % sides : null }
        },
      ),
    )
    // M11.6: once the campaign is over, the secret seed re-derives the whole deal.
    const read = a.campaign.status === 'setup' ? null : await readBoard(campaigns, a)
    const board = read?.board ?? null
    const setupSeed = rounds.find((r) => r.week === 0)?.seed ?? null
    const dealt = read && board?.secretSeed && setupSeed ? deriveDeal(board, board.secretSeed, setupSeed) : null
    const verification = await verificationOf(campaigns, a, request.query)
    return tabPage({ request, reply, a }, 'dice', page('dice.hbs'), {
      rounds,
      verification,
      commitments: board?.commitments ?? null,
      secretSeed: board?.secretSeed ?? null,
      deal: board?.secretSeed ? dealCheck(board.secretSeed, board.commitments) : null,
      dealMap: dealt && read && mapSvg(board!.rows, board!.cols, dealt.cells, [], { label: s.m_dealMap!, s, colours: read.colours, names: read.names }),
      dealSummary: dealt && fill(s.m_dealSummary!, { n: dealt.same, bad: dealt.differ }, languageOf(s)),
    })
  }

  return { history, dice }
}

/** M11.6, M12.2: the revealed secret seed against the start's commitments, each seed derived again. */
function dealCheck(secret: string, commitments: { tile: string; card: string; treasure: string }) {
  return (['tile', 'card', 'treasure'] as const).map((k) => {
    const seed = `${secret}/${k}`
    return { kind: k, seed, commitment: commitments[k], ok: sha256Hex(seed) === commitments[k] }
  })
}

/** M11.6: the start dealt again from the revealed seeds, every tile face up, and how many tiles played match it. */
function deriveDeal(board: Board, secretSeed: string, setupSeed: string) {
  const made = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: board.standing.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday as Weekday })),
    seed: setupSeed,
    secretSeed,
    limit: board.limit,
  })
  if (!made.ok) return null
  const started = elMapa.applySystem(made.state, { type: 'startCampaign', at: 0 }, hmacRng)
  if (!started.ok) return null
  const dealt = started.state
  const played = board.cells.filter((c) => c.revealed)
  const same = played.filter((c) => dealt.cells[c.cell]?.tile === c.tile).length
  const cells: MapCellView[] = dealt.order.map((k) => cellView(dealt.cells[k]!, true))
  return { cells, same, differ: played.length - same }
}
