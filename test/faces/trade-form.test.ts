// Each game's trade on the scene page (#49): its form lists every field its transfer takes (and
// none it only refuses), its words are in both catalogues, a line of the form reads back into the
// transfer, and a stored transfer is said in the game's words, joined the language's way.
import t from 'tap'
import { FACES } from '../../src/faces/index.ts'
import { bandSvg } from '../../src/faces/openwars/band-svg.ts'
import { readTransfer, sayAssets, tradeInputs } from '../../src/faces/trade-form.ts'
import { CATALOGUE } from '../../src/lib/catalogue.ts'

const face = (id: string) => FACES.find((f) => f.id === id)!
const asIs = (id: string) => id

t.test("every game's form holds what its transfer trades, in both languages", async (t) => {
  for (const f of FACES) {
    const properties = (f.tradeSchema as unknown as { properties: Record<string, { description?: string }> }).properties
    const traded = Object.keys(properties).filter((k) => k !== 'from' && k !== 'to' && !/^Never tradeable/.test(properties[k]!.description ?? ''))
    t.same(
      f.tradeForm.map((x) => x.name),
      traded,
      `${f.id}: ${traded.join(', ')}`,
    )
    t.ok(f.tradeForm.filter((x) => x.kind === 'list' && x.taps).length <= 1, 'at most one field takes the trade map\u2019s taps')
    const keys = f.tradeForm.flatMap((x) => [x.label, ...(x.kind === 'counts' ? x.parts.flatMap((p) => [p.label, p.item]) : x.item ? [x.item] : [])])
    for (const locale of ['en', 'es'] as const)
      t.same(
        keys.filter((k) => !CATALOGUE[locale][k]),
        [],
        `its words are in the ${locale} catalogue`,
      )
  }
})

t.test("a line of the form reads back into the game's transfer", async (t) => {
  const fields = face('elmapa').tradeForm
  const names = tradeInputs(fields, CATALOGUE.es, 2).flatMap((x) => ('parts' in x ? x.parts.map((p) => p.name) : [x.name]))
  t.same(names, ['resources-oro2', 'resources-madera2', 'resources-piedra2', 'cards2', 'cells2'], 'each field and part named with its line')
  const typed: Record<string, string> = { 'resources-madera2': '2', 'resources-oro2': '0', cards2: ' escudo-4  pies-1 ', cells2: '4,1;2,3' }
  t.same(
    readTransfer(fields, (n) => typed[n] ?? '', 2),
    { resources: { madera: 2 }, cards: ['escudo-4', 'pies-1'], cells: ['4,1', '2,3'] },
    'lists split, 0 gives nothing',
  )
  t.same(
    readTransfer(fields, () => '', 2),
    {},
    'an empty line gives nothing',
  )
  const gold = face('openwars').tradeForm
  t.same(
    readTransfer(gold, (n) => ({ gold1: 'many', mana1: '-3' })[n] ?? '', 1),
    { gold: 'many', mana: -3 },
    'what is no count stays for the shape check to refuse',
  )
})

t.test("a transfer said in the game's words", async (t) => {
  const say = (game: string, assets: Record<string, unknown>, locale: 'en' | 'es') => sayAssets(face(game).tradeForm, assets, CATALOGUE[locale], asIs)
  t.equal(say('openwars', { gold: 3, locations: ['r2c4'] }, 'en'), '3 gold and r2c4')
  t.equal(say('openwars', { gold: 3, mana: 1, locations: ['r2c4'] }, 'es'), '3 de oro, 1 de maná y r2c4')
  t.equal(say('elmapa', { resources: { madera: 2 }, cards: ['escudo-4'] }, 'es'), '2 madera y la carta Escudo (escudo-4)')
  t.equal(say('elmapa', { resources: { oro: 1, piedra: 3 }, cells: ['4,1'] }, 'en'), '1 gold, 3 stone, and 4,1')
  t.equal(say('weekly-turn', { tiles: ['3,3'], ships: ['s1'] }, 'es'), '3,3 y el barco s1')
  t.equal(say('conquest', { tiles: ['efi'] }, 'en'), 'Spain-France-Italy')
  const place = (id: string) => (id === '3,3' ? 'Oakmere' : id)
  t.equal(sayAssets(face('weekly-turn').tradeForm, { tiles: ['3,3', '2,1'] }, CATALOGUE.en, place), 'Oakmere and 2,1', 'a place by its name (R1.5)')
  t.equal(say('openwars', { gold: 0, units: ['x'] }, 'en'), '', 'nothing the form trades: nothing said')
})

t.test("Open Wars' band marks only the scene's tribes' empty locations, a tap away (W8.4)", async (t) => {
  const cell = (id: string, controller: string | null, count = 0) => ({
    id,
    card: 'none',
    controller,
    stacks: count ? [{ tribe: 'ana', kind: 'guerreras', count }] : [],
  })
  const cells = [cell('r1c1', 'ana'), cell('r1c2', 'ana', 2), cell('r1c3', 'cleo'), cell('r1c4', null), cell('r1c5', 'ben', 0)]
  const svg = bandSvg(cells, CATALOGUE.en, { rows: 1, cols: 5, label: 'band', colours: new Map(), names: new Map(), owners: new Set(['ana', 'ben']) })
  t.same(
    [...svg.matchAll(/data-cell="([^"]+)" data-owner="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    [
      ['r1c1', 'ana'],
      ['r1c5', 'ben'],
    ],
    'ana\u2019s empty location and ben\u2019s; not one with units, nor another tribe\u2019s, nor an uncontrolled one',
  )
  t.notMatch(bandSvg(cells, CATALOGUE.en, { rows: 1, cols: 5, label: 'band', colours: new Map(), names: new Map() }), /data-owner/, 'no owner on other maps')
})
