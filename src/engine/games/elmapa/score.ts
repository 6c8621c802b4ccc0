// M11: the end of the game, the final VP and the ranking.
import type { TribeId } from '../../kernel/ids.ts'
import { BUILDINGS, type Stock } from './catalogue.ts'
import { TILE } from './tiles.ts'
import type { ElMapaState, EndReason, Score, Tribe } from './types.ts'
import type { Work } from './work.ts'

/** M3.6, M3.7: each building its own level plus its extra VP; a wonder 2 more per unit invested. */
export function buildingVp(state: ElMapaState, tribe: TribeId): number {
  let vp = 0
  for (const c of Object.values(state.cells)) {
    if (c.owner !== tribe || !c.castle) continue
    for (const id of Object.values(c.castle.slots)) {
      const b = BUILDINGS[id]!
      vp += b.level + b.extraVp + (b.wonder ? 2 * c.castle.invest : 0)
    }
  }
  return vp
}

/** M11.3, M11.4, M13.21: the scores and places, the eliminated after, the later ones higher. */
export function scores(state: ElMapaState): Score[] {
  const villages = (id: TribeId) => Object.values(state.cells).filter((c) => c.owner === id && c.castle).length
  const list = state.tribes.map((t) => {
    const buildings = buildingVp(state, t.id)
    return {
      id: t.id,
      vp: t.exploreVp + t.battleVp + buildings,
      explore: t.exploreVp,
      battle: t.battleVp,
      buildings,
      villages: villages(t.id),
      goods: t.stock.oro + t.stock.madera + t.stock.piedra,
      place: 0,
      out: t.eliminated ? t.eliminatedAt! : Infinity,
    }
  })
  const key = (s: (typeof list)[number]) => [-s.out, -s.vp, -s.villages, -s.explore, -s.goods]
  // M11.4: after trigger 3 the last tribe is first whatever its VP; the `out` key does that too.
  const cmp = (a: (typeof list)[number], b: (typeof list)[number]) => {
    const [x, y] = [key(a), key(b)]
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!
    return 0
  }
  list.sort(cmp)
  list.forEach((s, i) => (s.place = i > 0 && cmp(list[i - 1]!, s) === 0 ? list[i - 1]!.place : i + 1))
  return list.map(({ out: _out, ...s }) => s)
}

export function endGame(w: Work, reason: EndReason) {
  const list = scores(w.s)
  const ranking = list.map((s) => s.id)
  w.s.status = 'finished'
  for (const t of w.tribesToWrite()) t.window = 'closed'
  w.s.result = { reason, ranking, scores: list }
  // M11.6: the secret seeds and every hand are revealed at the end.
  w.emit({ type: 'ended', reason, ranking, scores: list, secretSeed: w.s.secretSeed, hands: Object.fromEntries(w.s.tribes.map((t) => [t.id, t.hand])) })
}

/** M4.2, M9.9 Producción, M13.15: what a tribe's villages and mines yield at the next tick. */
export function production(state: ElMapaState, t: Tribe): Stock {
  const got = { oro: 0, madera: 0, piedra: 0 }
  const p = t.produccion
  for (const c of Object.values(state.cells)) {
    if (c.owner !== t.id) continue
    if (c.castle) got.oro += 2 + p + Object.values(c.castle.slots).reduce((n, id) => n + BUILDINGS[id]!.oro, 0)
    const mine = TILE[c.tile]!.mine
    if (mine) got[mine] += (mine === 'oro' ? 2 : 1) + p
  }
  return got
}
