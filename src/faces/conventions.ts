// The parts of a face that the later games name by one convention, so that a new game's face
// says only what is its own: its catalogue keys by prefix, its rule book and guide by slug and
// file stem, its script and style sheet over the platform's tap sheet (#48).
import { gameFolderOf } from '../engine/index.ts'
import type { Face } from './face.ts'

/**
 * For the game whose ruleset id is `id` and catalogue prefix `p`, its folder (the registry's)
 * giving the slug and, in capitals, the books' stem: the keys `p_pitch`, `p_round` (the period),
 * `p_economy`, `p_dayMovable`, `p_rulesLink` and `p_guideLink`; the pages `/rules/<slug>` and
 * `/guide/<slug>` from `docs/RULES-<STEM>.md` and `docs/GUIDE-<STEM>.md` (a `.es.md` beside each);
 * `<slug>.js` and `<slug>.css` loaded after the platform's `tap-sheet.js`. `own` carries what each
 * face names for itself but every face has: its guide's pictures and its orders' and trades' schemas.
 */
export function conventionalFace(id: string, prefix: string, own: Pick<Face, 'orderSchema' | 'tradeSchema'> & { pictures: Face['guide']['pictures'] }) {
  const { pictures, orderSchema, tradeSchema } = own
  const key = (name: string) => `${prefix}_${name}`
  const slug = gameFolderOf(id)
  const stem = slug.toUpperCase()
  return {
    // The ruleset's own id and the folder the registry files it under: the face names neither.
    id,
    folder: slug,
    pitch: key('pitch'),
    period: key('round'),
    economy: key('economy'),
    movable: key('dayMovable'),
    rules: `/rules/${slug}`,
    rulesLabel: key('rulesLink'),
    books: { en: `RULES-${stem}.md`, es: `RULES-${stem}.es.md` },
    guide: { path: `/guide/${slug}`, label: key('guideLink'), books: { en: `GUIDE-${stem}.md`, es: `GUIDE-${stem}.es.md` }, pictures },
    platformScripts: ['tap-sheet.js'],
    scripts: [`${slug}.js`],
    styles: [`${slug}.css`],
    orderSchema,
    tradeSchema,
  } satisfies Partial<Face>
}
