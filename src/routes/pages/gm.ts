// The GM console: the roster, invitations (made, resent, revoked), the draft, pause and resume,
// replacing a player. Actions that cannot be undone ask for a ticked confirmation first.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { fill } from '../../lib/fill.ts'
import { nameSkeleton } from '../../lib/names.ts'
import { WEEKDAYS } from '../../engine/index.ts'
import { InviteBody, JoinBody, PickBody, ReplacePlayerBody } from '../../schemas/actions.ts'
import type { Access } from '../../services/access.ts'
import { faceOf, type GamePages } from '../../faces/index.ts'
import { confirmed, one, STRINGS, type Body, type PageKit, type Req, type Route } from './kit.ts'

/** What a finished action reports on the console (?done=…), one catalogue sentence each. */
const DONE = [
  'invited',
  'resent',
  'revoked',
  'draft',
  'picked',
  'paused',
  'resumed',
  'replaced',
  'recruiting',
  'joinAccepted',
  'joinDeclined',
  'tribeRemoved',
  'botPlays',
  'botStops',
  'botCover',
  'botSeat',
  'seatFreed',
  'groupInvited',
  'gmMail',
] as const
type Done = (typeof DONE)[number]
/** How the GMs hear of their players (#49); "auto" stores no choice. */
const GM_MAIL = ['auto', 'each', 'daily'] as const
type Extra = {
  error?: AppError
  /** What the GM typed in a form that was refused, shown again. */
  form?: Body
  invitation?: { url: string; mailedTo: string | null }
  done?: Done
  offer?: { email: string; tribeId: string; tribeName: string }
  group?: { from: { id: string; name: string }; invited: string[] }
}

/**
 * The empty-seat form (#50): the free weekdays, the first chosen (or the one typed), and the name
 * typed, or one offered ("Bot 3") that no tribe's name is like; null when every weekday is taken.
 */
function botSeatForm(tribes: { name: string; weekday: string }[], typed: Body | undefined, locale: 'en' | 'es') {
  const free = WEEKDAYS.filter((day) => !tribes.some((t) => t.weekday === day))
  if (free.length === 0) return null
  const chosen = typed ? one(typed.weekday) : free[0]
  const taken = new Set(tribes.map((t) => nameSkeleton(t.name)))
  let n = tribes.length + 1
  const offered = () => fill(STRINGS[locale].botSeatName!, { n }, locale)
  while (taken.has(nameSkeleton(offered()))) n++
  return { weekdays: free.map((weekday) => ({ weekday, selected: weekday === chosen })), tribeName: typed ? one(typed.tribeName) : offered() }
}

export function gmPages(fastify: FastifyInstance, kit: PageKit, games: (ruleset: string) => GamePages) {
  const { campaigns } = fastify
  const { render, requireUser, accessOf, campaignInfo, form } = kit

  async function gmPage(request: Req, reply: FastifyReply, a: Access, extra: Extra = {}) {
    if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', 'Only a game master may use the console', 'R2.3')
    const setup = a.campaign.status === 'setup'
    const [tribes, roster, joinRequests, pastGroups, inbox, gmMail] = await Promise.all([
      campaigns.get(a).then((c) => c.tribes),
      campaigns.roster(a),
      setup ? campaigns.joinRequests(a) : [],
      setup ? campaigns.pastGroups(a) : [],
      fastify.inbox.of(a.userId!, a.campaign.id),
      campaigns.gmMail(a),
    ])
    // The game's part of the console (the weekday game's draft pick for the tribe on the clock),
    // drawn by the game's own partial in its own words.
    const face = faceOf(a.campaign.ruleset)
    const game = (await games(a.campaign.ruleset).console?.(a)) ?? null
    const nameOf = (id: string | null) => tribes.find((t) => t.id === id)?.name ?? null
    const invitations = roster.invitations.map((i) => ({ ...i, tribeName: nameOf(i.tribeId), open: i.state !== 'revoked' }))
    return render(
      request,
      reply,
      'gm.hbs',
      {
        titleKey: 'console',
        campaign: campaignInfo(a),
        inbox,
        tab: 'gm',
        tribes,
        roster: roster.tribes,
        invitations,
        game,
        gamePartial: game ? `${face.folder}/console` : null,
        startLabel: face.start ?? 'startCampaign',
        joinRequests,
        pastGroups,
        recruiting: ['none', 'open', 'ask'].map((mode) => ({ mode, selected: (a.campaign.recruiting ?? 'none') === mode })),
        gmMail: GM_MAIL.map((mode) => ({ mode, selected: (gmMail ?? 'auto') === mode })),
        botCover: campaigns.botCover(a),
        // The weekdays an empty seat for the bot may take (#50), the first chosen, and a name to start from.
        botSeat: setup ? botSeatForm(tribes, extra.form, (await kit.viewer(request)).locale) : null,
        finished: a.campaign.status === 'finished',
        ...extra,
      },
      extra.error?.statusCode ?? 200,
    )
  }

  fastify.get('/campaigns/:id/gm', async (request: Req, reply) => {
    await requireUser(request)
    const done = DONE.find((d) => d === request.query.done)
    return gmPage(request, reply, await accessOf(request, request.params.id!), done ? { done } : {})
  })

  type Act = (a: Access, body: Body, extras: Body, userId: string, locale: 'en' | 'es') => Promise<Done | Extra>
  const gmActions: Record<string, [form: ReturnType<typeof form>, act: Act]> = {
    invitations: [
      form(InviteBody),
      async (a, body, _x, userId, locale) => {
        const chosen = one(body.locale)
        const made = await campaigns.invite(a, userId, {
          email: one(body.email) || undefined,
          tribeId: one(body.tribeId) || undefined,
          // The mail's language as the GM chose it (#30), else the page's.
          locale: chosen === 'en' || chosen === 'es' ? chosen : locale,
          note: one(body.note) || undefined,
        })
        return { invitation: made, done: 'invited' }
      },
    ],
    'invite-group': [
      form(undefined, { extras: ['fromCampaignId'] }),
      async (a, _b, extras, userId) => ({ group: await campaigns.inviteGroup(a, userId, one(extras.fromCampaignId)), done: 'groupInvited' }),
    ],
    draft: [form(), async (a) => (await campaigns.start(a), 'draft')],
    pick: [form(PickBody), async (a, body) => (await campaigns.pick(a, { choice: one(body.choice), tribeId: one(body.tribeId) || undefined }), 'picked')],
    pause: [form(undefined, { extras: ['confirm'] }), async (a, _b, extras) => (confirmed(extras), await campaigns.setPaused(a, true), 'paused')],
    resume: [form(), async (a) => (await campaigns.setPaused(a, false), 'resumed')],
    recruiting: [
      form(undefined, { extras: ['mode'] }),
      async (a, _b, extras) => {
        const mode = one(extras.mode)
        if (!['none', 'open', 'ask'].includes(mode)) throw new AppError(400, 'request/invalid', 'Choose how newcomers join: not listed, at once, or asking you')
        await campaigns.setRecruiting(a, mode === 'none' ? null : (mode as 'open' | 'ask'))
        return 'recruiting'
      },
    ],
    'gm-mail': [
      form(undefined, { extras: ['mode'] }),
      async (a, _b, extras) => {
        const mode = one(extras.mode)
        if (!GM_MAIL.includes(mode as (typeof GM_MAIL)[number]))
          throw new AppError(400, 'request/invalid', 'Choose how you hear of your players: each event, a daily digest, or by how busy the day is')
        await campaigns.setGmMail(a, mode === 'auto' ? null : (mode as 'each' | 'daily'))
        return 'gmMail'
      },
    ],
    'remove-tribe': [
      form(undefined, { extras: ['tribeId', 'confirm'] }),
      async (a, _b, extras) => {
        confirmed(extras)
        const { hadPlayer } = await campaigns.removeTribe(a, one(extras.tribeId))
        return hadPlayer ? 'tribeRemoved' : 'seatFreed'
      },
    ],
    'bot-cover': [
      form(undefined, { extras: ['absent', 'afterMissed'] }),
      async (a, _b, extras) => {
        const count = one(extras.afterMissed).trim()
        const afterMissed = count === '' ? null : Number(count)
        if (afterMissed !== null && !(Number.isInteger(afterMissed) && afterMissed >= 1 && afterMissed <= 10))
          throw new AppError(
            400,
            'request/invalid',
            'The windows missed in a row before the bot takes a tribe over: a whole number from 1 to 10, or empty for never',
          )
        await campaigns.setBotCover(a, { absent: one(extras.absent) === 'yes', afterMissed })
        return 'botCover'
      },
    ],
    'bot-seat': [
      form(JoinBody),
      async (a, body) => {
        await campaigns.addBotSeat(a, { tribeName: one(body.tribeName), weekday: one(body.weekday) })
        return 'botSeat'
      },
    ],
    bot: [
      form(undefined, { extras: ['tribeId', 'plays'] }),
      async (a, _b, extras) => {
        const plays = one(extras.plays) === 'yes'
        await campaigns.setBot(a, one(extras.tribeId), plays)
        return plays ? 'botPlays' : 'botStops'
      },
    ],
    replace: [
      form(ReplacePlayerBody, { extras: ['tribeId', 'confirm'] }),
      async (a, body, extras) => {
        confirmed(extras)
        await campaigns.replacePlayer(a, one(extras.tribeId), one(body.email))
        return 'replaced'
      },
    ],
  }
  for (const [name, [options, act]] of Object.entries(gmActions)) {
    fastify.post<Route>(`/campaigns/:id/gm/${name}`, options, async (request: Req, reply) => {
      const user = await requireUser(request)
      const a = await accessOf(request, request.params.id!)
      if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', 'Only a game master may use the console', 'R2.3')
      const extras = kit.extrasOf(request)
      try {
        const out = await act(a, request.body, extras, user.id, (await kit.viewer(request)).locale)
        if (typeof out === 'string') return reply.redirect(`/campaigns/${a.campaign.id}/gm?done=${out}`, 303)
        return gmPage(request, reply, await campaigns.access(a.campaign.id, user.id), out)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        const fresh = await campaigns.access(a.campaign.id, user.id)
        // Replacing with an address that has no account: offer to invite it to the tribe.
        if (name === 'replace' && error.code === 'user/not_found') {
          const tribe = (await campaigns.get(fresh)).tribes.find((t) => t.id === one(extras.tribeId))
          if (tribe) return gmPage(request, reply, fresh, { error, offer: { email: one(request.body.email), tribeId: tribe.id, tribeName: tribe.name } })
        }
        if (error.statusCode === 404 && error.code === 'campaign/not_found') throw error
        return gmPage(request, reply, fresh, { error, ...(name === 'bot-seat' ? { form: request.body } : {}) })
      }
    })
  }

  // A request to join, accepted (the tribe joins now) or declined.
  for (const decision of ['accept', 'decline'] as const) {
    fastify.post<Route>(`/campaigns/:id/gm/join-requests/:requestId/${decision}`, form(), async (request: Req, reply) => {
      await requireUser(request)
      const a = await accessOf(request, request.params.id!)
      try {
        await campaigns.decideJoinRequest(a, request.params.requestId!, decision === 'accept')
        return reply.redirect(`/campaigns/${a.campaign.id}/gm?done=${decision === 'accept' ? 'joinAccepted' : 'joinDeclined'}`, 303)
      } catch (error) {
        if (!(error instanceof AppError) || a.role !== 'gm') throw error
        return gmPage(request, reply, a, { error })
      }
    })
  }

  // Resend and revoke act on one invitation of the roster.
  for (const action of ['resend', 'revoke'] as const) {
    fastify.post<Route>(
      `/campaigns/:id/gm/invitations/:token/${action}`,
      form(undefined, { extras: action === 'revoke' ? ['confirm'] : [] }),
      async (request: Req, reply) => {
        const user = await requireUser(request)
        const a = await accessOf(request, request.params.id!)
        try {
          if (action === 'revoke') {
            confirmed(kit.extrasOf(request))
            await campaigns.revokeInvitation(a, request.params.token!)
          } else {
            await campaigns.resendInvitation(a, user.id, request.params.token!, (await kit.viewer(request)).locale)
          }
          return reply.redirect(`/campaigns/${a.campaign.id}/gm?done=${action === 'revoke' ? 'revoked' : 'resent'}`, 303)
        } catch (error) {
          if (!(error instanceof AppError) || a.role !== 'gm') throw error
          return gmPage(request, reply, a, { error })
        }
      },
    )
  }
}
