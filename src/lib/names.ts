// Names people choose (campaigns, tribes, players, scenes): stored in Unicode
// NFC and trimmed, refused when they hold characters nobody can see, and
// compared by their look (a Cyrillic "А" is the Latin "A"), so two tribes of
// one campaign never look alike.
import { remove as latinLookAlikes } from 'confusables'
import { AppError } from './errors.ts'

// Control, format (zero-width joiners, bidi marks), private-use and unassigned
// characters, and the fillers that render as nothing.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029\u115F\u1160\u3164\uFFA0\u034F\u17B4\u17B5\u180B-\u180F\uFE00-\uFE0F]/u

/** The name as stored: NFC, trimmed, inner runs of spaces made one. */
export function cleanName(raw: string, field: string): string {
  const name = raw.normalize('NFC').trim().replace(/\s+/gu, ' ')
  if (INVISIBLE.test(name))
    throw new AppError(400, 'name/invisible_character', `${field} holds a character that cannot be seen (such as a zero-width space); type it again`)
  if (!name) throw new AppError(400, 'name/blank', `${field} must not be blank`)
  return name
}

/** What a name looks like: look-alike letters as Latin, no accents, case, spaces or punctuation. */
export function nameSkeleton(name: string): string {
  return latinLookAlikes(name.normalize('NFKC'))
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}_]/gu, '')
}

/**
 * Text with every address or link in it (a URL, www.…, a domain, a mail address) replaced by
 * "…": what a GM wrote, as a stranger's invitation mail may carry it (#30), for a spammer's
 * payload is its link.
 */
export function withoutLinks(text: string): string {
  return text.replace(/\S*(?:[a-z][a-z0-9+.-]*:\/\/|www\.|@)\S*|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b\S*/gi, '…')
}

/** A note a person wrote for a mail (#30): plain words, no control characters, spaces collapsed; null when empty. */
export function plainNote(note: string | undefined): string | null {
  return (
    note
      ?.replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || null
  )
}
