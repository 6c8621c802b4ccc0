// #49 item 9: what pages show of dates and zones reads as words, not codes: an absence's dates
// ("7 December", "7 de diciembre"), a practice game's fixed-offset zone ("UTC−11", not
// "Etc/GMT+11", whose sign IANA counts the other way), El Mapa's "1 troop".
import Handlebars from 'handlebars'
import t from 'tap'
import { CATALOGUE } from '../../src/lib/catalogue.ts'
import { registerHelpers, zoneName } from '../../src/lib/page-helpers.ts'
import { fill } from '../../src/lib/fill.ts'

const hb = Handlebars.create()
registerHelpers(hb)

t.test('#49 a date in words in the reader language', async (t) => {
  const page = hb.compile('{{date from}} – {{date to}}')
  t.equal(page({ locale: 'en', from: '2026-12-07', to: '2027-01-02' }), '7 December – 2 January')
  t.equal(page({ locale: 'es', from: '2026-12-07', to: '2027-01-02' }), '7 de diciembre – 2 de enero')
  t.equal(page({ locale: 'en', from: 'soon', to: '' }), 'soon – ', 'what is no date is shown as it is')
})

t.test('#49 a time zone as a person reads it', async (t) => {
  t.equal(zoneName('Etc/GMT+11'), 'UTC−11', 'IANA counts west as positive: eleven hours behind UTC')
  t.equal(zoneName('Etc/GMT-3'), 'UTC+3')
  t.equal(zoneName('Etc/UTC'), 'UTC')
  t.equal(zoneName('America/New_York'), 'America/New York')
  t.equal(zoneName('Europe/Madrid'), 'Europe/Madrid')
  t.equal(hb.compile('{{zone z}}')({ z: 'Etc/GMT+11' }), 'UTC−11', 'through the page helper')
})

t.test('#49 El Mapa counts troops in the plural of its count', async (t) => {
  t.equal(fill(CATALOGUE.en.m_troopsCount!, { n: 1 }, 'en'), '1 troop')
  t.equal(fill(CATALOGUE.en.m_troopsCount!, { n: 3 }, 'en'), '3 troops')
  t.equal(fill(CATALOGUE.es.m_troopsCount!, { n: 1 }, 'es'), '1 tropa')
})
