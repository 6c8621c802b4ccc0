// The world map to tap on (#27): on a 390 px phone the map is drawn at 0.76 px a unit and scrolled
// so the chosen territory is centred, with the sheet below it. Every territory it can attack must
// then be on screen: each link's other end (or its stand-in, for Alaska–Siberia round the back of
// the globe) lies close enough on the drawn map. The browser test plays one random deal of it.
import t from 'tap'
import { EDGES, TERRITORY_IDS } from '../../../src/engine/games/conquest/world.ts'
import { worldSvg } from '../../../src/faces/conquest/world-svg.ts'

const territories = TERRITORY_IDS.map((id, i) => ({ id, owner: i % 2 ? 'ana' : 'ben', troops: 3 }))
const draw = (wrapped: boolean) =>
  worldSvg(
    territories,
    new Map([
      ['ana', '#c0392b'],
      ['ben', '#2471a3'],
    ]),
    new Map([
      ['ana', 'Aztecas'],
      ['ben', 'Incas'],
    ]),
    { label: 'World', names: {}, wrapped },
  )

/** Where each territory's boxes sit: the territory itself and any stand-in of it. */
function boxes(svg: string): Map<string, { x: number; y: number; standIn: boolean }[]> {
  const at = new Map<string, { x: number; y: number; standIn: boolean }[]>()
  for (const m of svg.matchAll(/<g class="(territory|stand-in)[^"]*" data-territory="(\w+)"[^>]*transform="translate\((-?[\d.]+) (-?[\d.]+)\)"/g)) {
    const list = at.get(m[2]!) ?? at.set(m[2]!, []).get(m[2]!)!
    list.push({ x: Number(m[3]), y: Number(m[4]), standIn: m[1] === 'stand-in' })
  }
  return at
}

// A 390 × 844 phone; the map to tap is 882 px wide for 1160 units (its CSS min-width), 760 for 1000
// when not wrapped: 0.76 px a unit either way. The page leaves at most 12 px each side of the map;
// the chosen box's top goes to a fifth of the screen, and the sheet's top is at least half the
// screen less its padding and borders (18 px) from the bottom. A box is 60 × 40 units.
const SCALE = 0.76
const [WIDE, TALL, SIDE] = [390, 844, 12]
const TOP = 0.2 * TALL
const SHEET = TALL / 2 - 18

/** Links whose other end no box of brings on a phone's screen, above the sheet, beside the chosen one. */
function outOfReach(svg: string): string[] {
  const at = boxes(svg)
  const near = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.abs(b.x - a.x) * SCALE + 30 * SCALE <= (WIDE - 2 * SIDE) / 2 && TOP + (b.y - a.y) * SCALE >= 0 && TOP + (b.y - a.y + 40) * SCALE <= SHEET
  const far: string[] = []
  for (const { a, b } of EDGES)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const chosen = at.get(from)!.find((x) => !x.standIn)!
      if (!at.get(to)!.some((x) => near(chosen, x))) far.push(`${from}->${to}`)
    }
  return far
}

t.test('#27 on the map to tap, every link of all 42 territories reaches its other end within a phone screen', async (t) => {
  const svg = draw(true)
  t.equal(boxes(svg).size, 42)
  t.same(outOfReach(svg), [], 'all 164 directed links, Alaska–Siberia through the stand-ins')
  t.equal(
    svg.match(/<g class="stand-in[^"]*" data-territory="(sib|ala)" aria-hidden="true"/g)?.length,
    2,
    'a stand-in each for Alaska and Siberia, hidden from screen readers: they have the territory once',
  )
  t.match(
    svg,
    /<g class="stand-in" data-territory="sib"[^>]*><title>Siberia \(sib\) · Incas · 3<\/title>/,
    "the stand-in tells Siberia's owner and troops, as Siberia does",
  )
  t.match(svg, /^<svg class="world wrapped" viewBox="-80 0 1160 560"/, 'the map is wider by their room on each side')
})

t.test('the other maps (to read, not to tap) keep their size and the stubs off the edges', async (t) => {
  const svg = draw(false)
  t.same(outOfReach(svg), ['ala->sib', 'sib->ala'], 'without stand-ins Alaska and Siberia are a world apart')
  t.notMatch(svg, /stand-in/)
  t.match(svg, /^<svg class="world" viewBox="0 0 1000 560"/)
})
