// Every kind of notification, one campaign's life long (#30): each reaches the right people, and
// only them, by mail and by push to each of their devices, in each reader's language; and a
// notification whose event is obsolete before it leaves (a reminder for a turn already ended, a
// scene read before its mail went) never leaves. Everyone here has a phone subscribed, the
// outsider too, who must hear nothing.
import t from 'tap'
import { MAIL_KINDS, type MailKind } from '../../src/db/outbox.ts'
import { register } from '../helpers/app.ts'
import { call, setClock, type Table } from '../helpers/campaign.ts'
import { currentState, plantState } from '../helpers/db.ts'
import { notifiedApp } from '../helpers/notified-app.ts'

const SPANISH = /\b(tu|tus|el|los|las|del|ventana|tribu|está|ha|han|que|semana|escena|jugador|turno|máster|hay|te|en|de)\b/i
const ENGLISH = /\b(the|your|you|and|was|has|will|with|this|that|window|tribe|turn|week|scene|is|in|of)\b/i

t.test('each kind of notification reaches only its people, by mail and push, in their language, and never once obsolete', async (t) => {
  const { app, smtp, push } = await notifiedApp(t) // Monday 30 November, 10:00 in Madrid
  const people = {} as Record<string, { token: string; id: string; email: string; locale: 'en' | 'es'; device: string }>
  for (const [name, locale] of [
    ['gm', 'es'],
    ['ana', 'en'],
    ['ben', 'es'],
    ['cai', 'en'],
    ['sam', 'es'],
    ['dan', 'en'],
    ['outsider', 'es'],
  ] as const) {
    const user = await register(app, `${name}-${Math.random().toString(36).slice(2)}@example.com`)
    await app.prisma.user.update({ where: { id: user.user.id }, data: { locale } })
    const phone = push.device()
    t.equal((await call(app, user.token, 'POST', '/api/me/push/devices', phone.subscription)).status, 201)
    people[name] = { token: user.token, id: user.user.id, email: user.user.email, locale, device: phone.id }
  }
  const person = (name: string) => people[name]!
  const [gm, ana, ben, cai, sam, dan] = [person('gm'), person('ana'), person('ben'), person('cai'), person('sam'), person('dan')]
  // Ana's old tablet: its push service fails for it every time (#45). It is dropped in the end, and she is told.
  const tablet = push.device()
  push.failing.add(tablet.id)
  t.equal((await call(app, ana.token, 'POST', '/api/me/push/devices', { ...tablet.subscription, label: 'Tablet' })).status, 201)
  let clock = Date.parse('2026-11-30T09:00:00Z')
  /** Lets the sender run: the clock moves on a minute, or to a given instant. */
  const flush = async (iso?: string) => {
    clock = iso ? Date.parse(iso) : clock + 60_000
    await setClock(app, new Date(clock).toISOString())
  }
  const seen = new Set<MailKind>()
  /** The mails and pushes of a kind since the last look: to exactly `who`, in each one's language. */
  const only = (kind: MailKind, who: (typeof people)[string][], what: string) => {
    seen.add(kind)
    const mails = smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === kind)
    const pushes = push.received.filter((p) => p.message.kind === kind)
    t.same(
      mails.map((m) => m.to[0]).sort(),
      who.map((p) => p.email).sort(),
      `${kind}: mailed to ${who.length ? who.map(nameOf).join(', ') : 'nobody'} (${what})`,
    )
    t.same(pushes.map((p) => p.device).sort(), who.map((p) => p.device).sort(), `${kind}: pushed to their phones only`)
    for (const person of who) {
      const mail = mails.find((m) => m.to[0] === person.email)
      const pushed = pushes.find((p) => p.device === person.device)
      if (!mail || !pushed) continue
      t.equal(pushed.message.title, mail.subject, `${kind}: ${nameOf(person)}'s push says what the mail says`)
      const [own, other] = person.locale === 'es' ? [SPANISH, ENGLISH] : [ENGLISH, SPANISH]
      t.match(`${mail.subject} ${mail.text}`, own, `${kind}: in ${nameOf(person)}'s language (${person.locale})`)
      if (person.locale === 'es') t.notMatch(mail.subject, /\b(the|your|is|has|window|turn)\b/i, `${kind}: no English in the Spanish subject`)
      else t.notMatch(mail.subject, other === SPANISH ? /\b(tu|está|ventana|turno|semana)\b/i : /$^/, `${kind}: no Spanish in the English subject`)
    }
    smtp.mails.splice(0, smtp.mails.length, ...smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] !== kind))
    push.received.splice(0, push.received.length, ...push.received.filter((p) => p.message.kind !== kind))
  }
  const nameOf = (person: (typeof people)[string]) => Object.entries(people).find(([, p]) => p === person)![0]

  // ---- invitation, gm_news (joins) ----
  const created = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Mesa', mapId: 'coast-3', weekLimit: 1 })
  const id = created.body.id as string
  const table: Table = { id, gm: gm.token, players: {} }
  const invited = await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`, { email: ana.email })
  t.equal(invited.status, 201)
  await flush()
  only('invitation', [ana], 'an invitation to a member’s address reaches her account and phone')
  const join = async (person: (typeof people)[string], name: string, weekday: string, token?: string) => {
    const inv = token ?? (await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`)).body.token
    const res = await call(app, person.token, 'POST', `/api/invitations/${inv}/accept`, { tribeName: name, weekday })
    t.equal(res.status, 201, `${name} joins`)
    table.players[nameOf(person)] = { token: person.token, tribeId: res.body.tribe.id, userId: person.id }
  }
  const anaInvitation = invited.body.token as string
  await join(ana, 'Astures', 'monday', anaInvitation)
  await join(ben, 'Bracari', 'wednesday')
  await join(cai, 'Cantabros', 'friday')
  await flush()
  only('gm_news', [gm, gm, gm], 'three joins reach the GM alone')

  // ---- draft_pick: the player on the clock ----
  const started = await call(app, gm.token, 'POST', `/api/campaigns/${id}/draft/start`)
  t.equal(started.status, 200)
  const order = started.body.order as string[]
  await flush()
  const first = Object.values(people).find((p) => table.players[nameOf(p)]?.tribeId === order[0])!
  only('draft_pick', [first], 'the first on the clock')
  const state = (await call(app, gm.token, 'GET', `/api/campaigns/${id}/state`)).body
  const wanted: Record<string, string[]> = { [table.players.ana!.tribeId]: ['2,1', '3,3'] }
  const free = state.map.tiles.filter((x: { city: boolean; tile: string }) => x.city && !['2,1', '3,3'].includes(x.tile)).map((x: { tile: string }) => x.tile)
  for (const tribeId of [...order, ...[...order].reverse()]) {
    const city = wanted[tribeId]?.shift() ?? free.shift()
    t.equal((await call(app, gm.token, 'POST', `/api/campaigns/${id}/draft/picks`, { choice: city, tribeId })).status, 200)
  }
  await flush()
  only('draft_pick', [], 'each later pick was made before its mail could leave: none is sent once obsolete')
  // Ana's Monday window opened with the draft's last pick, which she watched: no mail for it.
  only('window_open', [], 'no window mail for a window the draft opened')

  // ---- digest: ana attacks a ben army planted next to her city; ben hears of his losses ----
  const planted = await currentState<{ armies: Record<string, unknown>; owners: (string | null)[] }>(app.pg, id)
  planted.armies['4,3'] = { tribe: table.players.ben!.tribeId, troops: 1, mp: 2 }
  planted.owners[23] = table.players.ben!.tribeId
  await plantState(app.pg, id, planted)
  t.equal((await call(app, ana.token, 'POST', `/api/campaigns/${id}/orders`, { order: { type: 'move', from: '3,3', troops: 4, to: '4,3' } })).status, 200)
  await flush('2026-12-01T08:00:00Z') // Tuesday morning: Monday's digest
  only('digest', [ben], 'the attacked tribe, not the attacker')

  // ---- window_open, reminder; a turn ended early gets no reminder ----
  await flush('2026-12-01T23:05:00Z') // Wednesday 00:05: ben's window
  only('window_open', [ben], "ben's day")
  await flush('2026-12-02T16:05:00Z') // 17:05, three hours before the close
  only('reminder', [ben], 'ben has not played')
  await flush('2026-12-03T09:00:00Z') // Thursday: ben let his Wednesday pass
  only('gm_news', [gm], 'a missed window reaches the GM alone')
  await flush('2026-12-03T23:05:00Z') // Friday 00:05: cai's window
  only('window_open', [cai], "cai's day")
  t.equal((await call(app, cai.token, 'POST', `/api/campaigns/${id}/orders`, { order: { type: 'endTurn' } })).status, 200)
  await flush('2026-12-04T16:05:00Z')
  only('reminder', [], 'cai ended his turn: his reminder is obsolete')

  // ---- gm_news (absence), stand_in ----
  const absence = await call(app, ana.token, 'POST', `/api/campaigns/${id}/absences`, { from: '2026-12-07', to: '2026-12-08' })
  t.equal(absence.status, 201)
  await flush()
  only('gm_news', [gm], 'an absence reaches the GM, not the other players')
  t.equal((await call(app, gm.token, 'PUT', `/api/campaigns/${id}/absences/${absence.body.id}/stand-in`, { email: sam.email })).status, 200)
  await flush()
  only('stand_in', [ana, sam], 'the absent player and the stand-in, each their own text')

  // ---- scene: opened; a message read before its mail leaves is not mailed ----
  const scene = await call(app, gm.token, 'POST', `/api/campaigns/${id}/scenes`, {
    title: 'Paz',
    tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId],
  })
  t.equal(scene.status, 201)
  await flush()
  only('scene', [ana, ben], "the scene's tribes, not cai")
  t.equal((await call(app, ben.token, 'POST', `/api/campaigns/${id}/scenes/${scene.body.id}/messages`, { body: 'Paz por el puerto' })).status, 201)
  t.equal((await call(app, ana.token, 'GET', `/api/campaigns/${id}/scenes/${scene.body.id}`)).status, 200, 'ana reads it at once')
  await flush(new Date(clock + 2 * 3600_000).toISOString())
  only('scene', [gm], "the message: ana read it before its mail left, so only the GM's goes")

  // ---- campaign_paused, campaign_resumed ----
  t.equal((await call(app, gm.token, 'POST', `/api/campaigns/${id}/pause`)).status, 200)
  await flush()
  only('campaign_paused', [ana, ben, cai], 'every player, not the GM who paused')
  t.equal((await call(app, gm.token, 'POST', `/api/campaigns/${id}/resume`)).status, 200)
  await flush()
  only('campaign_resumed', [ana, ben, cai], 'every player')

  // ---- payout: the draft week's tick ----
  await flush('2026-12-06T19:05:00Z')
  only('payout', [ana, ben, cai], 'each player gets the payout')

  // ---- invitation (take-over), player_replaced ----
  const takeOver = await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`, { tribeId: table.players.cai!.tribeId, email: dan.email })
  t.equal(takeOver.status, 201)
  await flush()
  only('invitation', [dan], 'the take-over invitation')
  t.equal((await call(app, dan.token, 'POST', `/api/invitations/${takeOver.body.token}/accept`, {})).status, 201)
  await flush()
  only('player_replaced', [dan, cai], 'the new player and the former one')

  // ---- game_over: the end of week 1, the only one counted (R2.6) ----
  await flush('2026-12-13T19:05:00Z')
  only('game_over', [gm, ana, ben, dan], 'every member, the former player no longer')
  only('payout', [], 'no payout after the end')

  // ---- tribe_removed: a campaign in setup ----
  const other = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Otra', mapId: 'coast-3' })
  const inv = await call(app, gm.token, 'POST', `/api/campaigns/${other.body.id}/invitations`)
  const squat = await call(app, ben.token, 'POST', `/api/invitations/${inv.body.token}/accept`, { tribeName: 'Okupas', weekday: 'monday' })
  t.equal((await call(app, gm.token, 'DELETE', `/api/campaigns/${other.body.id}/tribes/${squat.body.tribe.id}`)).status, 204)
  await flush()
  only('tribe_removed', [ben], 'the removed tribe’s player')
  smtp.mails.splice(0, smtp.mails.length, ...smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] !== 'gm_news'))
  push.received.splice(0, push.received.length, ...push.received.filter((p) => p.message.kind !== 'gm_news'))

  // ---- delivery_dropped: ana's tablet failed every push for days ----
  only('delivery_dropped', [ana], 'the owner of the device that kept failing, on the phone that works')
  t.ok(push.asked(tablet.id) >= 3, `the tablet was tried ${push.asked(tablet.id)} times, resting between`)

  // ---- campaign_started: a game whose setup comes before tick 0 (#49) ----
  const world = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Mundo', ruleset: 'conquest' })
  for (const [person, name, weekday] of [
    [ben, 'Norte', 'tuesday'],
    [cai, 'Sur', 'thursday'],
  ] as const) {
    const link = await call(app, gm.token, 'POST', `/api/campaigns/${world.body.id}/invitations`)
    t.equal((await call(app, person.token, 'POST', `/api/invitations/${link.body.token}/accept`, { tribeName: name, weekday })).status, 201)
  }
  t.equal((await call(app, gm.token, 'POST', `/api/campaigns/${world.body.id}/draft/start`)).status, 200)
  await flush()
  only('gm_news', [gm, gm], 'two joins reach the GM alone')
  only('campaign_started', [ben, cai], 'every player, when a game whose setup comes first starts')

  t.same(
    MAIL_KINDS.filter((kind) => !seen.has(kind)),
    [],
    'every kind of notification was checked',
  )
  t.same(
    smtp.mails.map((m) => `${m.headers['x-weekday-wars-kind']} to ${m.to[0]}`),
    [],
    'and nothing else was sent',
  )
  t.equal(push.received.filter((p) => p.device === people.outsider!.device).length, 0, 'the outsider heard nothing')
})
