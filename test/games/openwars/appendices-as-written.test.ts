// W1.2, W2.8 and Appendices A, B and C as the book prints them: every row of the shipped data read
// against the rule book's own tables (docs/RULES-OPENWARS.md), field by field, so the data cannot
// drift from the text a player reads.
import { readFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import {
  CARDS,
  COLOURS,
  DEFAULT_ARMIES,
  FACTIONS,
  KEYWORDS,
  KINDS,
  SPELLS,
  type Card,
  type Faction,
  type Spell,
} from '../../../src/engine/games/openwars/data.ts'

const book = readFileSync(new URL('../../../docs/RULES-OPENWARS.md', import.meta.url), 'utf8').split('\n')

/** The rows of the first table after the line that starts with `heading`, cells trimmed, ids unquoted. */
function tableAfter(heading: string): string[][] {
  const start = book.findIndex((line) => line.trimStart().startsWith(heading))
  if (start < 0) throw new Error(`no ${heading} in the book`)
  const rows: string[][] = []
  for (const line of book.slice(start + 1)) {
    const text = line.trim()
    if (!text.startsWith('|')) {
      if (rows.length > 0) break
      continue
    }
    rows.push(
      text
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1')),
    )
  }
  // The header and its rule line.
  return rows.slice(2)
}

// The book writes types with their accents; the data's ids drop them.
const plain = (word: string) => word.normalize('NFD').replace(/\p{Diacritic}/gu, '')
const factionNamed = (name: string) => FACTIONS.find((f) => plain(name).toLowerCase().replace(' ', '_') === f)

t.test('W1.2 each faction in the table order with its colour band', async (t) => {
  const rows = tableAfter('- **W1.2**')
  t.same(
    rows.map((r) => r[0]),
    FACTIONS,
  )
  for (const [id, , colour] of rows) t.equal(COLOURS[id as Faction], colour!.split(' ').pop()!.replace(/`/g, ''), `${id}'s colour`)
})

t.test('W2.8 the keywords, in the book order', async (t) => {
  t.same(
    tableAfter('- **W2.8**').map((r) => r[0]),
    KEYWORDS,
  )
})

t.test('Appendix A every kind of every roster, column by column', async (t) => {
  let rows = 0
  for (const [index, faction] of FACTIONS.entries()) {
    const roster = tableAfter(`### A.${index + 1} `)
    t.same(
      roster.map((r) => r[0]),
      [...KINDS.values()].filter((k) => k.faction === faction).map((k) => k.id),
      `A.${index + 1} ${faction}: the kinds in the book's order`,
    )
    for (const [id, name, cls, type, cost, ini, mov, att, range, hp, stack, abilities] of roster) {
      rows++
      const kind = KINDS.get(id!)!
      const said = abilities!.toLowerCase()
      const upkeep = /mantenimiento (\d)/.exec(said)
      const rises = /alzarse (\d)/.exec(said)
      t.same(
        kind,
        {
          id,
          name,
          faction,
          unique: cls === 'u',
          type: plain(type!),
          cost: Number(cost),
          ini: Number(ini),
          mov: Number(mov),
          att: Number(att),
          range: Number(range),
          hp: Number(hp),
          anfibio: said.includes('anfibio'),
          certero: said.includes('certero'),
          ojo: said.includes('ojo de halcón'),
          implacable: said.includes('implacable'),
          baluarte: said.includes('baluarte'),
          ofrenda: said.includes('ofrenda'),
          alzarse: rises ? Number(rises[1]) : 0,
          upkeep: upkeep ? Number(upkeep[1]) : 0,
          leader: said.includes('leader') ? kind.leader : null,
        },
        `${id} as Appendix A prints it`,
      )
      // W1.6: Resistente is the second hit point; W5.10: a única or mágica kind stacks alone.
      t.equal(kind.hp === 2, said.includes('resistente'), `${id}: Resistente is 2 hit points`)
      t.equal(Number(stack), kind.unique || kind.type === 'magica' ? 1 : 4, `${id}: its stacking limit`)
      if (said.includes('leader')) t.ok(kind.leader && kind.unique, `${id} leads its faction`)
    }
  }
  t.equal(rows, KINDS.size, 'no kind the book does not print')
})

t.test('Appendix A.8 the default starting armies', async (t) => {
  const rows = tableAfter('### A.8')
  t.equal(rows.length, FACTIONS.length)
  for (const [name, army] of rows) {
    const faction = factionNamed(name!)
    t.ok(faction, `${name} is a faction`)
    const counts = Object.fromEntries(army!.split(', ').map((part) => [part.split(' ')[1], Number(part.split(' ')[0])]))
    t.same(DEFAULT_ARMIES[faction!], counts, `${name}'s army`)
  }
})

/** Every row of the book's table under `heading` is the shipped entry of its id, in the book's order. */
function asPrinted<V>(t: Test, heading: string, shipped: ReadonlyMap<string, V>, read: (row: string[]) => V) {
  const rows = tableAfter(heading)
  t.same(
    rows.map((r) => r[0]),
    [...shipped.keys()],
    'in the book order',
  )
  for (const row of rows) t.same(shipped.get(row[0]!), read(row), `${row[0]} as ${heading.slice(3)} prints it`)
}

t.test('Appendix B every location card, column by column', async (t) => {
  asPrinted(t, '## Appendix B', CARDS, ([id, name, type, entry, gold, mana, keyword]) => ({
    id: id!,
    name: name!,
    type: plain(type!) as Card['type'],
    entry: Number(entry),
    gold: Number(gold),
    mana: Number(mana),
    keyword: (keyword || null) as Card['keyword'],
  }))
})

t.test('Appendix C every spell, column by column', async (t) => {
  asPrinted(t, '## Appendix C', SPELLS, ([id, name, category, mana, range, phase, casters]) => ({
    id: id!,
    name: name!,
    category: category as Spell['category'],
    mana: Number(mana),
    range: Number(range),
    phase: phase as Spell['phase'],
    faction: casters === 'common' ? null : factionNamed(casters!)!,
  }))
})
