// W9: elimination (no unit and no city), the last tribe standing, the score and the ranking.
import type { TribeId } from '../../kernel/ids.ts'
import type { OpenState } from './types.ts'
import { armyValue, typeOf, type Work } from './work.ts'

/** W9.5: 3 per controlled ciudad, 1 per other location, plus a tenth of the army value. */
export function scoreOf(s: OpenState, tribe: TribeId): number {
  let score = 0
  for (const c of Object.values(s.cells)) if (c.controller === tribe) score += typeOf(c) === 'ciudad' ? 3 : 1
  return score + Math.floor(armyValue(s, tribe) / 10)
}

/** W9.6, W11.24: standing tribes by score, army value, gold + mana; then the eliminated, later higher. */
export function ranked(s: OpenState): { ranking: TribeId[]; ranks: number[] } {
  const key = (id: TribeId): number[] => {
    const t = s.tribes.find((x) => x.id === id)!
    return t.eliminated ? [1, -t.eliminationStep!, 0, 0] : [0, -scoreOf(s, id), -armyValue(s, id), -(t.gold + t.mana)]
  }
  const cmp = (a: TribeId, b: TribeId) => {
    const ka = key(a)
    const kb = key(b)
    for (let i = 0; i < 4; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!
    return 0
  }
  // Array sort is stable: tribes equal on every key keep their join order (W11.24).
  const ranking = s.tribes.map((t) => t.id).sort(cmp)
  const ranks: number[] = []
  ranking.forEach((id, i) => ranks.push(i > 0 && cmp(ranking[i - 1]!, id) === 0 ? ranks[i - 1]! : i + 1))
  return { ranking, ranks }
}

export function finish(w: Work, reason: 'lastTribe' | 'roundLimit') {
  const s = w.s
  s.status = 'finished'
  for (const t of s.tribes) {
    t.window = 'closed'
    t.phase = null
  }
  const { ranking, ranks } = ranked(s)
  s.result = { reason, ranking, ranks }
  w.emit({ type: 'campaignEnded', reason, ranking, ranks, round: s.round, roundSeed: s.rng.seed, setupSeed: s.setupSeed })
}

/** W9.1–W9.3: every tribe with no unit and no controlled ciudad is out; one left wins. */
export function eliminate(w: Work, by: TribeId | 'trade' | 'upkeep') {
  const s = w.s
  if (s.status !== 'running') return
  const out = s.tribes.filter(
    (t) =>
      !t.eliminated &&
      !Object.values(s.cells).some((c) => c.stacks.some((x) => x.tribe === t.id && x.count > 0) || (c.controller === t.id && typeOf(c) === 'ciudad')),
  )
  if (out.length === 0) return
  // The tribes out lose their control and marks on every location.
  w.ownAll()
  s.eliminations++
  for (const t of out) {
    t.eliminated = true
    t.eliminationStep = s.eliminations
    t.eliminatedBy = by
    t.gold = 0
    t.mana = 0
    t.window = 'closed'
    t.phase = null
    for (const c of Object.values(s.cells)) {
      if (c.controller === t.id) c.controller = null
      c.lasting = c.lasting.filter((l) => l.tribe !== t.id)
    }
    w.emit({ type: 'eliminated', tribe: t.id, by })
  }
  if (s.tribes.filter((t) => !t.eliminated).length <= 1) finish(w, 'lastTribe')
}
