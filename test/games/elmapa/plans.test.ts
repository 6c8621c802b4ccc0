// M8.5: the shape of a battle plan, checked when it is set (the standing plan) or carried by a
// step (an attack plan): its entries, their columns, the flee threshold.
import t from 'tap'
import { mapa, open, order, refused, tribeOf } from './dsl.ts'

const s = open(mapa(`Ja . l1-leva Jb`, { armies: 'a 0,1 leva=3' }), 'a')
const entry = (column: number, more = {}) => ({ kind: 'leva', take: 'all', column, tactic: 'advance', ...more })
// Orders as a client may send them, well formed or not.
const standing = (plan: unknown) => ({ type: 'setBattlePlan', plan }) as never
const attack = (plan: unknown) => ({ type: 'step', army: 1, dir: 'E', plan }) as never
const BAD_PLAN = { code: 'plan/bad_plan', rule: 'M8.5' }
const BAD_ENTRY = { code: 'plan/bad_entry', rule: 'M8.5' }

t.test('M8.5 M9.8: a plan has 1 to 5 platoon entries in distinct columns; its reactions are a list', async (t) => {
  const five = [0, 1, 2, 3, 4].map((c) => entry(c, { take: 1 }))
  const set = order(s, 'a', standing({ platoons: five, flee: 0 })).s
  t.same(
    tribeOf(set, 'a').plan!.platoons.map((e) => e.column),
    [0, 1, 2, 3, 4],
    'five entries, one a column',
  )
  // A sixth entry can only repeat a column, but the count is checked first.
  t.same(refused(s, 'a', standing({ platoons: [...five, entry(0)], flee: 0 })), BAD_PLAN, 'six entries')
  t.same(refused(s, 'a', attack({ platoons: [...five, entry(0)], flee: 0 })), BAD_PLAN, 'six entries in an attack plan')
  t.same(refused(s, 'a', standing({ platoons: [], flee: 0 })), BAD_PLAN, 'no entry')
  t.same(refused(s, 'a', { type: 'setBattlePlan' }), BAD_PLAN, 'no plan at all')
  t.same(refused(s, 'a', standing({ platoons: [entry(1), entry(1)], flee: 0 })), { code: 'plan/columns', rule: 'M8.5' }, 'two entries in one column')
  t.same(refused(s, 'a', standing({ platoons: [entry(1)], flee: 0, reactions: 'escudo-1' })), { code: 'card/bad_cards', rule: 'M9.8' }, 'reactions are a list')
  t.same(refused(s, 'a', standing('advance')), BAD_PLAN, 'a plan is an object')
  t.same(refused(s, 'a', standing({ platoons: 'all', flee: 0 })), BAD_PLAN, 'its platoons are a list')
})

t.test('M8.5: an entry stands at a column from 0 to 4', async (t) => {
  for (const column of [0, 4]) t.same(order(s, 'a', standing({ platoons: [entry(column)], flee: 0 })).s.tribes[0]!.plan!.platoons[0]!.column, column)
  for (const column of [-1, 5, 1.5, '2']) t.same(refused(s, 'a', standing({ platoons: [entry(column as number)], flee: 0 })), BAD_ENTRY, `column ${column}`)
  t.same(refused(s, 'a', attack({ platoons: [entry(5)], flee: 0 })), BAD_ENTRY, 'an attack plan too')
  t.same(refused(s, 'a', standing({ platoons: [null], flee: 0 })), BAD_ENTRY, 'an entry is an object')
  t.same(refused(s, 'a', standing({ platoons: [entry(2, { kind: 'dragon' })], flee: 0 })), BAD_ENTRY, 'of a troop kind')
})

t.test("M8.5: a plan's flee threshold is a whole number from 0 to 100", async (t) => {
  for (const flee of [0, 100]) t.equal(order(s, 'a', standing({ platoons: [entry(2)], flee })).s.tribes[0]!.plan!.flee, flee)
  const FLEE = { code: 'plan/flee', rule: 'M8.5' }
  for (const flee of [101, -1, 1.5, '50', undefined]) t.same(refused(s, 'a', standing({ platoons: [entry(2)], flee })), FLEE, `flee ${flee}`)
  t.same(refused(s, 'a', attack({ platoons: [entry(2)], flee: -1 })), FLEE, 'an attack plan too')
  // An attack plan with flee 100 is taken: the attack is fought.
  t.ok(order(s, 'a', attack({ platoons: [entry(2)], flee: 100 })).events.some((e) => e.type === 'battle'))
})
