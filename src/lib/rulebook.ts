// The games' rule books (docs/RULES*.md and their Spanish twins) as HTML: an anchor per rule id, so
// an error, a form, the history or a players' guide can link to the rule it names (/rules#R8.3). A rule id is a letter of
// its book and a number (R8.3, G6.3); each book served says which ids it holds and where it is.
import MarkdownIt from 'markdown-it'

export interface RuleBook {
  /** The book's own title (its first heading), kept out of `html` so a page can put it first. */
  title: string
  html: string
  sections: { id: string; title: string }[]
  ids: string[]
}

// The books are ours, but raw HTML stays off: a rule book is text, never markup.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false })

// A loose list (items of several paragraphs) wraps each item's text in <p>.
const RULE_ITEM = /<li>(\n<p>)?<strong>([A-Z]\d+\.\d+)<\/strong>/g
// A rule named inside another rule's text, e.g. "(R7.3, R10.3)": not an item's own id, not code.
const CROSS_REFERENCE = /(?<![#">\w.])([A-Z]\d+\.\d+)(?![\w<])/g
const SECTION = /<h2>([A-Z]?\d+)\. ([^<]*)<\/h2>/g

/** Rule ids named in rendered text, linked to `book#id`; code is left alone. */
const linkIds = (html: string, book: string) =>
  html
    .split(/(<code>[^<]*<\/code>)/)
    .map((part) => (part.startsWith('<code>') ? part : part.replace(CROSS_REFERENCE, `<a href="${book}#$1">$1</a>`)))
    .join('')

/** The first heading of rendered Markdown, and the rest. */
function titled(html: string): { title: string; html: string } {
  const title = /^<h1>([^<]*)<\/h1>\n?/.exec(html)
  return { title: title?.[1] ?? '', html: title ? html.slice(title[0].length) : html }
}

export function renderRuleBook(markdown: string): RuleBook {
  const ids: string[] = []
  const sections: RuleBook['sections'] = []
  const html = linkIds(md.render(markdown), '')
    .replace(RULE_ITEM, (_all, p: string | undefined, id: string) => {
      ids.push(id)
      return `<li id="${id}">${p ?? ''}<a class="rule-id" href="#${id}"><strong>${id}</strong></a>`
    })
    .replace(SECTION, (_all, n: string, title: string) => {
      sections.push({ id: `s${n}`, title: `${n}. ${title}` })
      return `<h2 id="s${n}">${n}. ${title}</h2>`
    })
  return { ...titled(html), sections, ids }
}

/** A picture a guide's text asks for on a line of its own: `[[picture name]]`. */
const PICTURE = /<p>\[\[picture (\w+)\]\]<\/p>/g
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * A players' guide (docs/GUIDE*.md) as HTML: its pictures in place of their lines, each an SVG
 * with its caption, and the rule ids it names linked to the game's book at `rules`.
 */
export function renderGuide(markdown: string, pictures: Record<string, { svg: string; caption: string }>, rules: string): { title: string; html: string } {
  const html = linkIds(md.render(markdown), rules).replace(PICTURE, (_all, name: string) => {
    const picture = pictures[name]
    if (!picture) throw new Error(`the guide asks for a picture its game does not draw: ${name}`)
    return `<figure class="guide-picture">${picture.svg}<figcaption>${esc(picture.caption)}</figcaption></figure>`
  })
  return titled(html)
}

// Where each served book is, by the ids it holds.
const served = new Map<string, string>()
// Books announced but not yet rendered: rendering them all was a tenth of a start's CPU (#32),
// so it waits for the first rule link or rule page.
const unread: (() => void)[] = []

/** A book served at `base` (a page of its game's face), rendered when first needed: its rule ids link there from then on. */
export function serveRuleBook(base: string, book: () => RuleBook) {
  unread.push(() => {
    for (const id of book().ids) served.set(id, base)
  })
}

/** Where a rule id is explained (`/rules#R8.3`, `/rules/conquest#G6.3`); null for anything that is not the id of a served rule. */
export function ruleHref(rule: unknown): string | null {
  for (let read = unread.shift(); read; read = unread.shift()) read()
  const base = typeof rule === 'string' ? served.get(rule) : undefined
  return base === undefined ? null : `${base}#${rule}`
}
