// A tile as a person reads it (R1.5, #27): "Highport", "North Sea (3,0)", or "3,0" on a map that
// names nothing there. Forms and the API still take coordinates; only what is read changes.
import { placeLabeller, type NamedPlace } from '../../engine/kernel/index.ts'

/** The labeller of one map in one language; built once per map (its names list), cheap to call per tile. */
export function placeLabel(map: { names?: readonly NamedPlace[] }, locale: 'en' | 'es'): (tile: string) => string {
  const label = placeLabeller(map.names)
  return (tile) => label(tile, locale)
}

const listed = new WeakMap<readonly NamedPlace[], Partial<Record<'en' | 'es', Record<string, string>>>>()

/** Every named tile's label, for the map's script: unnamed tiles are left out. Built once per map and language. */
export function placeLabels(map: { names?: readonly NamedPlace[] }, locale: 'en' | 'es'): Record<string, string> {
  if (!map.names?.length) return {}
  const byLocale = listed.get(map.names) ?? {}
  listed.set(map.names, byLocale)
  return (byLocale[locale] ??= labelsOf(map.names, locale))
}

function labelsOf(names: readonly NamedPlace[], locale: 'en' | 'es'): Record<string, string> {
  const label = placeLabeller(names)
  const out: Record<string, string> = {}
  for (const place of names) for (const tile of place.tiles) out[tile] = label(tile, locale)
  return out
}
