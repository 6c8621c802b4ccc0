// R1.5 in mails: the data holds each tile's label in both languages, and the mail is written in
// its reader's; a mail without labels keeps the coordinates.
import t from 'tap'
import { placeLabels } from '../../src/engine/kernel/index.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'
import { mailTemplates } from '../../src/services/mail-templates.ts'

const mails = mailTemplates()
const base = {
  ruleset: 'weekly-turn',
  tribeName: 'Aztecas',
  campaignName: 'C',
  day: '2026-12-07T19:00:00Z',
  timeZone: 'Europe/Madrid',
  userTimeZone: 'Europe/Madrid',
  attacks: 1,
  troopsLost: 2,
  placesLost: ['3,3', '2,0', '3,1'],
  shipsLost: [],
  campaignUrl: 'http://x',
  settingsUrl: 'http://x/s',
  unsubscribeUrl: 'http://x/u',
}

t.test('R1.5 the digest names the lost tiles in its reader language', async (t) => {
  const places = placeLabels(bundledMap('coast-3')!.names, base.placesLost)
  const en = mails.render('digest', 'en', { ...base, locale: 'en', places })
  t.match(en.text, /tiles lost: Oakmere, Highport Bay \(2,0\), 3,1/)
  t.match(en.html, /Tiles lost: Oakmere, Highport Bay \(2,0\), 3,1/)
  const es = mails.render('digest', 'es', { ...base, locale: 'es', places })
  t.match(es.text, /casillas perdidas: Robledo, Bahía de Puertoalto \(2,0\), 3,1/)
  t.match(mails.render('digest', 'en', { ...base, locale: 'en' }).text, /tiles lost: 3,3, 2,0, 3,1/, 'an older mail without labels')
})

t.test("a game without a digest of its own gets the platform's: its losses in neutral words (#48)", async (t) => {
  const conquest = { ...base, ruleset: 'conquest', placesLost: ['arn'], shipsLost: ['s1'], siegeLosses: 2 }
  for (const locale of ['en', 'es'] as const) {
    const mail = mails.render('digest', locale, { ...conquest, locale })
    t.match(mail.text, locale === 'en' ? /- lost: arn\n/ : /- perdido: arn\n/, `${locale}: the places lost`)
    t.notMatch(mail.text + mail.html, /tile|casilla|ship|barco|siege|asedio|R9|R7/i, `${locale}: no word or rule of the weekday game`)
  }
  const weekday = mails.render('digest', 'en', { ...base, shipsLost: ['s1'], siegeLosses: 2, troopsLost: 3, locale: 'en' })
  t.match(
    weekday.text,
    /troops lost: 3 \(2 to sieges, R9\)\n- tiles lost: 3,3, 2,0, 3,1\n- ships lost: s1/,
    "the weekday game's own digest says its ships and sieges",
  )
  t.equal(weekday.subject, 'C: Aztecas was attacked today', 'under the same subject')
})
