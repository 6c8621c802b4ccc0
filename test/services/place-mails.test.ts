// R1.5 in mails: the data holds each tile's label in both languages, and the mail is written in
// its reader's; a mail without labels keeps the coordinates.
import t from 'tap'
import { placeLabels } from '../../src/engine/kernel/index.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'
import { mailTemplates } from '../../src/services/mail-templates.ts'

const mails = mailTemplates()
const base = {
  tribeName: 'Aztecas',
  campaignName: 'C',
  day: '2026-12-07T19:00:00Z',
  timeZone: 'Europe/Madrid',
  userTimeZone: 'Europe/Madrid',
  attacks: 1,
  troopsLost: 2,
  tilesLost: ['3,3', '2,0', '3,1'],
  shipsLost: [],
  campaignUrl: 'http://x',
  settingsUrl: 'http://x/s',
  unsubscribeUrl: 'http://x/u',
}

t.test('R1.5 the digest names the lost tiles in its reader language', async (t) => {
  const places = placeLabels(bundledMap('coast-3')!.names, base.tilesLost)
  const en = mails.render('digest', 'en', { ...base, locale: 'en', places })
  t.match(en.text, /tiles lost: Oakmere, Highport Bay \(2,0\), 3,1/)
  t.match(en.html, /Tiles lost: Oakmere, Highport Bay \(2,0\), 3,1/)
  const es = mails.render('digest', 'es', { ...base, locale: 'es', places })
  t.match(es.text, /casillas perdidas: Robledo, Bahía de Puertoalto \(2,0\), 3,1/)
  t.match(mails.render('digest', 'en', { ...base, locale: 'en' }).text, /tiles lost: 3,3, 2,0, 3,1/, 'an older mail without labels')
})
