// Places with names (#27): what a person reads instead of a tile's coordinates. A place is one
// tile (a city) or an area (a sea, a region); a tile of an area keeps its coordinates beside the
// area's name, so two tiles of one sea stay apart. Here, in the kernel, so the engine's mails,
// the faces' pages and the platform's mails label a tile the same way.

export type PlaceLocale = 'en' | 'es'

export interface NamedPlace {
  tiles: readonly string[]
  en: string
  es: string
}

export type PlaceLabel = (tile: string, locale: PlaceLocale) => string

const NO_PLACES: readonly NamedPlace[] = []
const labellers = new WeakMap<readonly NamedPlace[], PlaceLabel>()

/** A tile's label: a one-tile place's name, "North Sea (3,0)" inside an area, or its coordinates. */
export function placeLabeller(places: readonly NamedPlace[] | undefined): PlaceLabel {
  const list = places ?? NO_PLACES
  let label = labellers.get(list)
  if (label) return label
  // Built once per map: a page labels many tiles.
  const of = new Map<string, NamedPlace>()
  for (const place of list) for (const tile of place.tiles) of.set(tile, place)
  label = (tile, locale) => {
    const place = of.get(tile)
    if (!place) return tile
    return place.tiles.length === 1 ? place[locale] : `${place[locale]} (${tile})`
  }
  labellers.set(list, label)
  return label
}

/** The labels of some tiles in both languages, for data read later in the reader's language (a mail). */
export function placeLabels(places: readonly NamedPlace[] | undefined, tiles: Iterable<string>): Record<PlaceLocale, Record<string, string>> {
  const label = placeLabeller(places)
  const out: Record<PlaceLocale, Record<string, string>> = { en: {}, es: {} }
  for (const tile of tiles) {
    out.en[tile] = label(tile, 'en')
    out.es[tile] = label(tile, 'es')
  }
  return out
}
