// A game's trade on the scene page (#49): each face lists what its transfer holds, field by field
// and of a kind the platform knows how to draw and read (ids to list, a number, named counts), with
// catalogue keys for its labels and for each asset in a sentence. The platform builds a line of
// inputs per transfer, reads them back into the game's transfer, and says a stored transfer in the
// reader's words ("ana gives 3 gold and r2c4 to ben") without knowing which game it draws.
import type { Strings } from './page-kit.ts'
import { languageOf } from '../lib/catalogue.ts'
import { fill } from '../lib/fill.ts'

interface FieldBase {
  /** The transfer's field, as its trade schema names it. */
  name: string
  /** Catalogue key of its label on the form (a list's label says how to write it). */
  label: string
}

/** Ids separated by spaces: places of the map, cards of a hand, ships. */
export interface ListField extends FieldBase {
  kind: 'list'
  /** Catalogue key of one of them in a sentence, its id (or name) as {x}; without it, the name alone. */
  item?: string
  /** Its ids are places of the map, read by their names (R1.5). */
  places?: boolean
  /** The trade map's taps put its ids here (only one field of a game's form). */
  taps?: boolean
  /** An id by its name in the reader's words (a card's). */
  nameOf?: (id: string, s: Strings) => string
}

/** A whole number of something, 0 or more; its item says it with its count as {n}. */
export interface NumberField extends FieldBase {
  kind: 'number'
  item: string
  max: number
}

/** Named counts in one field (El Mapa's resources): each part is a number field of its own. */
export interface CountsField extends FieldBase {
  kind: 'counts'
  parts: { name: string; label: string; item: string; max: number }[]
}

export type TradeField = ListField | NumberField | CountsField

/** A form field's name: the transfer's field (and part) with the line's number, e.g. gold1, resources-oro2. */
const inputName = (field: string, line: number, part?: string) => `${part ? `${field}-${part}` : field}${line}`

/** One line's inputs as the scene template draws them, labels in the reader's words. */
export function tradeInputs(fields: readonly TradeField[], s: Strings, line: number) {
  return fields.map((f) => {
    const base = { kind: f.kind, name: inputName(f.name, line), label: s[f.label] ?? f.label }
    if (f.kind === 'list') return { ...base, taps: f.taps ?? false }
    if (f.kind === 'number') return { ...base, max: f.max }
    return { ...base, parts: f.parts.map((p) => ({ name: inputName(f.name, line, p.name), label: s[p.label] ?? p.label, max: p.max })) }
  })
}

// Tile keys hold a comma (3,3), so lists are separated by spaces or semicolons.
const list = (v: string) =>
  v
    .split(/[\s;]+/)
    .map((x) => x.trim())
    .filter(Boolean)

// A count as typed: a whole number becomes one (0 gives nothing); anything else stays as typed for the shape check's 400.
const count = (v: string): number | string | undefined => (v === '' ? undefined : /^-?\d+$/.test(v) ? Number(v) || undefined : v)

/** What one line of the form gives, in the game's transfer shape (fields left empty are left out). */
export function readTransfer(fields: readonly TradeField[], field: (name: string) => string, line: number): Record<string, unknown> {
  const assets: Record<string, unknown> = {}
  for (const f of fields) {
    if (f.kind === 'list') {
      const ids = list(field(inputName(f.name, line)))
      if (ids.length) assets[f.name] = ids
    } else if (f.kind === 'number') {
      const n = count(field(inputName(f.name, line)))
      if (n !== undefined) assets[f.name] = n
    } else {
      const parts = Object.fromEntries(
        f.parts.flatMap((p) => {
          const n = count(field(inputName(f.name, line, p.name)))
          return n === undefined ? [] : [[p.name, n]]
        }),
      )
      if (Object.keys(parts).length) assets[f.name] = parts
    }
  }
  return assets
}

/** A stored transfer's assets in the reader's words, joined the language's way: "3 gold and r2c4". */
export function sayAssets(fields: readonly TradeField[], transfer: Record<string, unknown>, s: Strings, place: (id: string) => string): string {
  const locale = languageOf(s)
  const said: string[] = []
  const n = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0)
  for (const f of fields) {
    const value = transfer[f.name]
    if (value === undefined || value === null) continue
    if (f.kind === 'list') {
      for (const id of Array.isArray(value) ? value.map(String) : []) {
        const x = f.places ? place(id) : f.nameOf ? f.nameOf(id, s) : id
        said.push(f.item ? fill(s[f.item] ?? f.item, { x }, locale) : x)
      }
    } else if (f.kind === 'number') {
      if (n(value) > 0) said.push(fill(s[f.item] ?? f.item, { n: n(value) }, locale))
    } else {
      const counts = value as Record<string, unknown>
      for (const p of f.parts) if (n(counts[p.name]) > 0) said.push(fill(s[p.item] ?? p.item, { n: n(counts[p.name]) }, locale))
    }
  }
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(said)
}

/**
 * A game's small map of a trade (#49): the SVG it draws with the scene's tribes' places marked
 * (`owners`), under its label and with its caption saying what a tap does; null when none of
 * those tribes owns any of the places (`held`, each place's owner). A `wide` map, too dense to
 * tap when shrunk to a phone's width, keeps a width its places can be tapped at and scrolls sideways.
 */
export function tradeFigure(
  s: Strings,
  keys: { label: string; help: string; campaign: string },
  held: readonly (string | null | undefined)[],
  tribes: readonly string[],
  draw: (label: string, owners: ReadonlySet<string>) => string,
  options: { wide?: boolean } = {},
): string | null {
  const owners = new Set(tribes)
  if (!held.some((owner) => owner && owners.has(owner))) return null
  const label = fill(s[keys.label] ?? keys.label, { campaign: keys.campaign }, languageOf(s))
  return `<figure class="trade-map${options.wide ? ' wide' : ''}"><div class="trade-map-scroll">${draw(label, owners)}</div><figcaption>${s[keys.help] ?? keys.help}</figcaption></figure>`
}
