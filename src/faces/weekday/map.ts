// The weekday game's hex map on its pages: the board as the SVG draws it, the arrows of a
// window's orders with a sentence each, and the map's words in the reader's language.
import { boardTiles, STARTING_GARRISON, type MapDef } from '../../engine/games/weekday/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import { mapNameIn } from '../../lib/page-helpers.ts'
import type { PageKit, Strings } from '../page-kit.ts'
import type { MapArrow } from './map-arrows.ts'
import { placeLabel } from './places.ts'
import { renderMapSvg, type MapData, type MapWords, type TitledArrow } from './map-svg.ts'

export function mapOf(view: { map: { tiles: MapData['tiles'] }; armies: MapData['armies']; ships: MapData['ships']; besieged: string[] }): MapData {
  return { tiles: view.map.tiles, armies: view.armies, ships: view.ships, besieged: view.besieged }
}

export const mapWords = (s: Strings): MapWords => ({
  sea: s.map_sea!,
  land: s.map_land!,
  city: s.map_city!,
  port: s.map_port!,
  owner: s.map_owner!,
  troops: s.map_troops!,
  neutral: s.map_neutral!,
  ship: s.map_ship!,
  besieged: s.map_besieged!,
  language: languageOf(s),
})

/** Arrows with their sentence in the reader's language (for screen readers and hovering). */
export function titled(arrows: MapArrow[], s: Strings): TitledArrow[] {
  return arrows.map((a) => ({
    ...a,
    title: fill(s[`arrow_${a.kind}`]!, { troops: a.troops ?? 0, path: a.path.join(' → '), result: a.result ? s[`result_${a.result}`]! : '' }, languageOf(s)),
  }))
}

/** The SVG of a map, drawn once per campaign version, variant (board, pools, a week's end, a tribe's turn) and language. */
export function mapSvg(
  kit: PageKit,
  campaignId: string,
  version: number,
  variant: string,
  locale: 'en' | 'es',
  draw: () => Parameters<typeof renderMapSvg>,
): string {
  return kit.cachedSvg(`${campaignId}:${version}:${variant}:${locale}`, () => {
    const [map, tribes, options] = draw()
    return renderMapSvg(map, tribes, { ...options, words: mapWords(kit.strings(locale)) })
  })
}

/** A map as the draft finds it (R3.3): no owners, and every city held by its neutral garrison. */
export function setupMap(def: unknown, locale: 'en' | 'es', kit: PageKit): string {
  const map = def as MapDef
  // Maps never change under their id: one drawing per map and language.
  return kit.cachedSvg(`setup:${map.id}:${locale}`, () => {
    const tiles = boardTiles(map)
    const armies = tiles.filter((t) => t.city).map((t) => ({ tile: t.tile, tribe: null, troops: STARTING_GARRISON }))
    const s = kit.strings(locale)
    const svg = renderMapSvg({ tiles, armies, ships: [], besieged: [] }, [], {
      label: fill(s.setupMapLabel!, { name: mapNameIn(s, map.id, map.name) }, languageOf(s)),
      words: mapWords(s),
      places: placeLabel(map, locale),
    })
    // The same zoom buttons as the campaign's other maps: the map script starts a phone zoomed in.
    const button = (zoom: string, text: string, label: string) =>
      `<button type="button" data-zoom="${zoom}" aria-label="${label}" title="${label}">${text}</button>`
    const tools = `<div class="map-tools" role="toolbar" aria-label="${s.ui_mapTools}" hidden>${button('in', '+', s.ui_zoomIn!)}${button('out', '−', s.ui_zoomOut!)}<button type="button" data-zoom="fit">${s.ui_fit}</button></div>`
    return `<figure class="setup-map">${tools}${svg}<figcaption>${s.setupMapCaption}</figcaption></figure>`
  })
}
