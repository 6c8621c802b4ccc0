// The battle-plan editor (M8.5) as a plain form: five rows of kind, troops, column and tactic,
// the flee threshold and one reaction (M9.8); the rows the player leaves empty are not entries.
import { defaultPlan } from '../../engine/games/elmapa/battle.ts'
import type { BattlePlan } from '../../engine/games/elmapa/types.ts'
import { one, type Body, type Strings } from '../page-kit.ts'

const KINDS = ['leva', 'soldado', 'arquero', 'caballero']
const TACTICS = ['advance', 'hold', 'shoot']
const ROWS = 5

/** The editor's rows, filled from the standing plan (the default plan when none is set, M8.7). */
export function planRows(current: unknown, combatCards: { card: string; label: string }[], s: Strings) {
  const plan = (current ?? null) as BattlePlan | null
  const entries = plan?.platoons ?? []
  const reaction = plan?.reactions?.[0]
  return {
    isDefault: plan === null,
    flee: plan?.flee ?? 0,
    rows: Array.from({ length: ROWS }, (_, i) => {
      const e = entries[i]
      return {
        i,
        n: i + 1,
        kinds: [{ value: '', label: '—', selected: !e }, ...KINDS.map((k) => ({ value: k, label: s[`m_kind_${k}`]!, selected: e?.kind === k }))],
        take: e ? String(e.take === 'all' ? '' : e.take) : '',
        columns: [0, 1, 2, 3, 4].map((c) => ({ value: c, selected: (e?.column ?? i) === c })),
        tactics: TACTICS.map((t) => ({ value: t, label: s[`m_tactic_${t}`]!, selected: (e?.tactic ?? 'advance') === t })),
      }
    }),
    reactionCards: [
      { value: '', label: '—', selected: !reaction },
      ...combatCards.map((c) => ({ value: c.card, label: c.label, selected: reaction?.card === c.card })),
    ],
    reactionEntries: Array.from({ length: ROWS }, (_, i) => ({ value: i, label: String(i + 1), selected: reaction?.entry === i })),
  }
}

/** The default plan (M8.7) of a force of every kind: its kinds' order, columns and tactics, which the quick plans keep. */
const DEFAULT_LINE = defaultPlan({ leva: 1, soldado: 1, arquero: 1, caballero: 1 }).platoons

/**
 * The common plans a tap away (#49): the default plan itself (M8.7: every kind advancing, arqueros
 * shooting), every kind holding, or one kind advancing and the rest holding; arqueros shoot
 * unless they are the kind sent forward. Each is the editor's own fields, so it posts as the
 * editor does; the flee threshold set stays, and a reaction goes with the plan it was set on (M9.8).
 */
export function quickPlans(current: unknown, s: Strings) {
  const flee = String((current as BattlePlan | null)?.flee ?? 0)
  const plan = (tacticOf: (line: (typeof DEFAULT_LINE)[number]) => string) => [
    ...DEFAULT_LINE.flatMap((line, i) => [
      { name: `kind${i}`, value: line.kind },
      { name: `take${i}`, value: '' },
      { name: `column${i}`, value: String(line.column) },
      { name: `tactic${i}`, value: tacticOf(line) },
    ]),
    { name: 'flee', value: flee },
  ]
  // Holding, arqueros still shoot: their default tactic (M8.7).
  const holding = (line: (typeof DEFAULT_LINE)[number]) => (line.kind === 'arquero' ? line.tactic : 'hold')
  return [
    { label: s.m_quick_forward!, fields: plan((line) => line.tactic) },
    { label: s.m_quick_hold!, fields: plan(holding) },
    ...DEFAULT_LINE.map(({ kind: sent }) => ({
      label: s[`m_quick_forward_${sent}`]!,
      fields: plan((line) => (line.kind === sent ? 'advance' : holding(line))),
    })),
  ]
}

/** The plan a filled editor sends: the rows with a kind, each with its troops ("all" when left empty). */
export function planOf(body: Body): BattlePlan {
  const platoons: BattlePlan['platoons'] = []
  for (let i = 0; i < ROWS; i++) {
    const kind = one(body[`kind${i}`])
    if (!kind) continue
    const take = one(body[`take${i}`])
    platoons.push({
      kind: kind as BattlePlan['platoons'][number]['kind'],
      take: take === '' ? 'all' : Number(take),
      column: Number(one(body[`column${i}`])),
      tactic: one(body[`tactic${i}`]) as BattlePlan['platoons'][number]['tactic'],
    })
  }
  const plan: BattlePlan = { platoons, flee: Number(one(body.flee) || 0) }
  const card = one(body.reactionCard)
  if (card) plan.reactions = [{ card, entry: Number(one(body.reactionEntry)) }]
  return plan
}
