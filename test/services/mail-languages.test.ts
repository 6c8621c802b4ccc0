// Every mail of every kind, in both languages (#30): each kind and each of its variants (a
// scene's events, a GM's news, a replacement's two sides, each game's own mails) is rendered
// for an English and a Spanish reader, and the Spanish one holds no English word (nor the
// English one a Spanish word), links and the names people chose aside.
import t from 'tap'
import { ACCOUNT_MAIL_KINDS, MAIL_KINDS, type MailKind } from '../../src/db/outbox.ts'
import { rulesetIds } from '../../src/engine/index.ts'
import { mailTemplates } from '../../src/services/mail-templates.ts'

const ENGLISH =
  /\b(the|your|you|and|was|has|will|with|this|that|window|tribe|opens|game master|turn|week|trade|scene|away|joined|asks|missed|there|new|messages)\b/i
const SPANISH = /\b(tu|tus|el|los|las|del|ventana|tribu|está|ha|han|que|semana|intercambio|escena|jugador|turno|máster|hay|mensajes|nuevos)\b/i

/** The variants a kind's templates tell apart. */
const VARIANTS: Partial<Record<MailKind, Record<string, unknown>[]>> = {
  scene: [
    ...['opened', 'message', 'ratified', 'to_ratify'].map((event) => ({ event })),
    // A failed trade's reason, as the engine gave it in English, said in the reader's language.
    { event: 'failed', reason: '5,5 no longer belongs to ana', refusal: { code: 'trade/asset_not_owned', message: '5,5 no longer belongs to ana' } },
    { event: 'proposed', giver: true },
    { event: 'proposed', giver: false },
  ],
  gm_news: [...['joined', 'join_request', 'absence', 'missed', 'left', 'gm_handed'].map((event) => ({ event })), { event: 'bot_missed', missed: 3 }],
  player_replaced: [{ role: 'new' }, { role: 'former' }],
  stand_in: [
    { role: 'player' },
    { role: 'standIn' },
    { role: 'player', namedBy: 'player' },
    { role: 'standIn', namedBy: 'player', coPlayer: { ownTribe: 'Bahia', weekday: 'friday' } },
  ],
  campaign_started: [{ weekday: 'saturday', tickZero: '2026-12-06T19:00:00Z' }],
  // Open Wars' first round after the muster: the new weekday (W3.7, #49).
  payout: [{}, { round: 1, mustered: { weekday: 'wednesday' } }],
  window_open: [
    { standIn: false },
    { standIn: true },
    // The "your day" figures (#30): a game's words for what is spent, and armies that can move.
    { standIn: false, sentAt: '2026-12-07T00:05:00Z', turn: { spendable: [{ key: 'spendResources', amount: 40 }], movable: 2 } },
    { standIn: false, sentAt: '2026-12-07T00:05:00Z', turn: { spendable: [{ key: 'c_good_oil', amount: 1 }], movable: 0 } },
  ],
  reminder: [{ standIn: false }, { standIn: true }],
  invitation: [{ member: true }, { member: false }],
  digest: [{ eliminated: true }, { eliminated: false }],
  delivery_dropped: [
    { channel: 'push', what: 'Pixel', since: '2026-12-01T09:00:00Z' },
    { channel: 'push', what: '', since: '2026-12-01T09:00:00Z' },
    { channel: 'webhook', what: 'https://bot.example/hook', since: '2026-12-01T09:00:00Z' },
  ],
}

const context = (locale: 'en' | 'es', ruleset: string, extra: Record<string, unknown>) => ({
  locale,
  ruleset,
  campaignName: 'Mesa',
  campaignUrl: 'https://ww.example/campaigns/c1',
  settingsUrl: 'https://ww.example/me/notifications',
  unsubscribeUrl: 'https://ww.example/unsubscribe?token=x',
  timeZone: 'Europe/Madrid',
  userTimeZone: 'Europe/Madrid',
  tribeName: 'Astures',
  standInName: 'Sam',
  sceneTitle: 'Bahia',
  sceneUrl: 'https://ww.example/campaigns/c1/scenes/s1',
  weekday: 'monday',
  from: '2026-12-07',
  to: '2026-12-08',
  opensAt: '2026-12-07T00:00:00Z',
  closesAt: '2026-12-07T20:00:00Z',
  hours: 3,
  week: 2,
  weekLimit: 4,
  winner: 'Astures',
  gmName: 'Ana',
  invitationUrl: 'https://ww.example/invitations/t1',
  url: 'https://ww.example/reset-password?token=t1',
  expiresAt: '2026-12-07T21:00:00Z',
  reason: '',
  ...extra,
})

const words = (text: string) => text.replace(/https?:\/\/\S+/g, ' ').replace(/\b(Mesa|Astures|Sam|Bahia|Ana|Pixel|Europe\/Madrid|Weekday Wars|El Mapa)\b/g, ' ')

t.test('every kind of mail, each variant, for each game, in English and in Spanish, holds no word of the other language', async (t) => {
  const templates = mailTemplates()
  let rendered = 0
  for (const ruleset of rulesetIds()) {
    // An account's own mails (#51) too: they come with no campaign, whatever game the reader plays.
    for (const kind of [...MAIL_KINDS, ...ACCOUNT_MAIL_KINDS]) {
      for (const variant of VARIANTS[kind as MailKind] ?? [{}]) {
        const es = templates.render(kind, 'es', context('es', ruleset, variant))
        const en = templates.render(kind, 'en', context('en', ruleset, variant))
        const label = `${ruleset} ${kind} ${JSON.stringify(variant)}`
        for (const [part, text] of [
          ['subject', es.subject],
          ['text', es.text],
        ] as const) {
          const found = ENGLISH.exec(words(text))
          t.equal(found?.[0] ?? null, null, `${label}: no English in the Spanish ${part}`)
        }
        for (const [part, text] of [
          ['subject', en.subject],
          ['text', en.text],
        ] as const) {
          const found = SPANISH.exec(words(text))
          t.equal(found?.[0] ?? null, null, `${label}: no Spanish in the English ${part}`)
        }
        t.not(es.text.trim(), en.text.trim(), `${label}: the two are different texts`)
        // The detectors find their own language in this very mail: a check that can fail.
        t.match(words(en.subject + ' ' + en.text), ENGLISH, `${label}: the English mail reads as English`)
        t.match(words(es.subject + ' ' + es.text), SPANISH, `${label}: the Spanish mail reads as Spanish`)
        rendered += 2
      }
    }
  }
  t.ok(rendered >= 2 * 2 * (MAIL_KINDS.length + ACCOUNT_MAIL_KINDS.length), `${rendered} mails rendered`)
})

t.test("a failed trade's reason is said in the reader's language, not the engine's English", async (t) => {
  const templates = mailTemplates()
  const failed = {
    event: 'failed',
    reason: '5,5 no longer belongs to ana',
    refusal: { code: 'trade/asset_not_owned', message: '5,5 no longer belongs to ana' },
  }
  const es = templates.render('scene', 'es', context('es', rulesetIds()[0]!, failed))
  const en = templates.render('scene', 'en', context('en', rulesetIds()[0]!, failed))
  t.match(es.text, /ha fallado y no se ha movido nada: Algo de lo que se da ya no es de la tribu que lo da\./)
  t.notMatch(es.text, /no longer belongs/)
  t.match(en.text, /failed and nothing moved: 5,5 no longer belongs to ana/, 'the English reader keeps the particulars')
})

t.test("each game's window mail says how its own turn goes (R4.4, G2.6), never another game's", async (t) => {
  const templates = mailTemplates()
  const weekday = templates.render('window_open', 'en', context('en', 'weekly-turn', { standIn: false }))
  const conquest = templates.render('window_open', 'en', context('en', 'conquest', { standIn: false }))
  const conquista = templates.render('window_open', 'es', context('es', 'conquest', { standIn: false }))
  t.match(weekday.text, /Recruit first, then move, attack and sail \(R4\.4\)\./, 'the weekday game: its phases')
  t.match(conquest.text, /each troop, plane and ship acts once \(G2\.4, G2\.6\)/, 'world conquest: its own rule')
  t.notMatch(conquest.text + conquest.html, /R4\.4|sail/, 'and none of the weekday game’s words')
  t.match(conquista.text, /cada tropa, avión y barco actúa una vez/, 'in Spanish too')
  t.notMatch(conquista.text, /navega|R4\.4/)
  const unknown = templates.render('window_open', 'en', context('en', 'no-such-game', { standIn: false }))
  t.notMatch(unknown.text, /R4\.4|G2\.4/, 'a game with no line of its own gets none')
})

t.test("each game's window mail counts what can still move in its own words, as its your-day card does", async (t) => {
  const templates = mailTemplates()
  const turn = { spendable: [], movable: 3 }
  const said = (locale: 'en' | 'es', ruleset: string) => templates.render('window_open', locale, context(locale, ruleset, { standIn: false, turn }))
  t.match(said('en', 'weekly-turn').text, /3 armies can still move\./, 'the weekday game: armies')
  t.match(said('en', 'conquest').text, /3 territories have troops that can still move\./, 'world conquest: territories with troops')
  t.match(said('en', 'openwars').text, /3 locations have units that can still move\./, 'Open Wars: locations with units')
  t.match(said('en', 'elmapa').text, /3 armies can still move\./, 'El Mapa: armies')
  t.match(said('es', 'conquest').html, /<li>3 territorios tienen tropas que pueden moverse todavía\.<\/li>/, 'in Spanish, in the HTML part too')
  t.notMatch(said('en', 'conquest').text + said('en', 'openwars').text, /armies/, 'no game is told of armies it does not have')
  const unknown = said('en', 'no-such-game')
  t.notMatch(unknown.text + unknown.html, /can still move|<li><\/li>/, 'a game with no words of its own gets no line, and no empty item')
})

t.test('a reminder and a pause mail speak of sieges only where the game has them (R9)', async (t) => {
  const templates = mailTemplates()
  for (const locale of ['en', 'es'] as const) {
    const weekday = templates.render('reminder', locale, context(locale, 'weekly-turn', { standIn: false }))
    t.match(
      weekday.text,
      locale === 'en' ? /any siege on your cities is checked \(R9\)/ : /se comprueban los asedios de tus ciudades \(R9\)/,
      `the weekday game's reminder (${locale})`,
    )
    for (const ruleset of rulesetIds().filter((id) => id !== 'weekly-turn')) {
      const reminder = templates.render('reminder', locale, context(locale, ruleset, { standIn: false }))
      const paused = templates.render('campaign_paused', locale, context(locale, ruleset, {}))
      t.notMatch(reminder.text + reminder.html, /siege|asedio|R9/, `${ruleset}'s reminder (${locale}): no siege`)
      t.notMatch(paused.text + paused.html, /siege|asedio|nothing is paid|no se paga/, `${ruleset}'s pause mail (${locale}): none of the weekday game's words`)
    }
  }
})

t.test("an invitation names its campaign's game and says what it is, in the reader's language (#49)", async (t) => {
  const templates = mailTemplates()
  const conquest = templates.render('invitation', 'en', context('en', 'conquest', { member: true }))
  t.match(conquest.text, /The game: World conquest \(42 territories, secret objectives\)\. Conquer a world of 42 territories/)
  t.match(conquest.html, /The game: <strong>World conquest/)
  const mapa = templates.render('invitation', 'es', context('es', 'elmapa', { member: false }))
  t.match(mapa.text, /El juego: El Mapa .*Explora casillas boca abajo/)
  const weekday = templates.render('invitation', 'en', context('en', 'weekly-turn', { member: true }))
  t.match(weekday.text, /The game: Weekday Wars \(hex map, one weekday each\)\. Recruit, march, sail and attack/)
  t.notMatch(templates.render('invitation', 'en', context('en', 'no-such-game', { member: true })).text, /The game:/, 'a game unknown here: no line')
})
