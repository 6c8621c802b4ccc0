// The draft (R3): the GM starts it, the order is drawn with the dice, and
// the tribes (or a GM for them) pick cities in snake order.
import { botRandom, nextBotOrder, rulesetOf, type Weekday } from '../engine/index.ts'
import type { CampaignRow } from '../db/campaigns.ts'
import { playersOf, type PlayerRow } from '../db/log.ts'
import { dropUnsent } from '../db/outbox.ts'
import { expireJoinInvitations, lockCampaign, tribesOf } from '../db/campaigns.ts'
import { keepCampaignMap, lastSeq } from '../db/snapshots.ts'
import { transaction, type Sql } from '../db/sql.ts'
import { firstTickAtOrAfter, weekTickOf } from '../lib/calendar.ts'
import { commitmentOf, newSeed } from '../lib/dice.ts'
import { AppError } from '../lib/errors.ts'
import { requireGm, type Access } from './access.ts'
import { commitWeek, startCalendar } from './calendar-work.ts'
import type { ServiceDeps } from './deps.ts'
import { openCurrentWindows, type Locked } from './locked.ts'
import { mapById } from './maps.ts'
import { engineRefusal, hashOf, save, Working } from './working.ts'

/** Tells the player whose pick it is now, by mail when they want "your window is open" mails (R3.2). */
function tellOnTheClock(campaign: CampaignRow, w: Working, players: PlayerRow[]) {
  const view = w.view
  const tribeId = view.status === 'draft' ? view.draft?.onTheClock : null
  if (!tribeId) return
  const player = players.find((p) => p.tribeId === tribeId)
  const tribe = view.tribes.find((t) => t.id === tribeId)!
  if (!player?.wantsWindowOpen) return
  w.mails.push({
    userId: player.userId,
    kind: 'draft_pick',
    period: `draft/${view.draft!.picks}`,
    data: { campaignId: campaign.id, campaignName: campaign.name, timeZone: campaign.timeZone, tribeName: tribe.name },
  })
}

/**
 * In a game whose setup comes before tick 0 (no window opens until then), every player hears that
 * the campaign has started: their tribe and weekday, and tick 0's day (#49). A game may say more in
 * its own mail of this kind (Open Wars: the starting army, and weekdays dealt anew at the muster).
 * A draft says it with its "your pick" mails.
 */
function tellStarted(campaign: CampaignRow, w: Working, players: PlayerRow[]) {
  const notBefore = w.rules.tickZeroNotBefore?.(w.state) ?? null
  if (notBefore === null) return
  const tickZero = firstTickAtOrAfter(campaign.timeZone, new Date(notBefore)).toISOString()
  const view = w.view
  for (const player of players) {
    const tribe = view.tribes.find((t) => t.id === player.tribeId)
    if (!tribe) continue
    w.mails.push({
      userId: player.userId,
      kind: 'campaign_started',
      period: 'start',
      data: { campaignId: campaign.id, tribeName: tribe.name, weekday: tribe.weekday, tickZero },
    })
  }
}

function startRunning(campaign: CampaignRow, w: Working, now: Date, players: PlayerRow[]) {
  w.campaignStatus = 'running'
  openCurrentWindows(campaign, w, now)
  startCalendar(campaign, w, now, players)
}

/**
 * While the tribe on the clock is one the game's bot plays (a seat the GM gave it, a tribe handed
 * to it, #50), the bot picks at once, as a person's pick is made: with its instant (R2.6), logged,
 * and said in the chronicle. A pick the bot cannot make is left to the GM.
 */
function botPicks(campaign: CampaignRow, w: Working, now: Date, players: PlayerRow[]) {
  const { draftPick, draftChoiceOf } = w.rules
  if (!draftPick || !draftChoiceOf) return
  const bots = new Set(players.filter((p) => p.bot).map((p) => p.tribeId))
  const when = { at: now.getTime(), weekTick: weekTickOf(campaign.timeZone, now).getTime() }
  for (;;) {
    const draft = w.view.status === 'draft' ? w.view.draft : null
    const tribe = draft?.onTheClock
    if (!draft || !tribe || !bots.has(tribe)) return
    const order = nextBotOrder(w.rules, w.state, tribe, botRandom(`${w.view.seed}/bot/${tribe}/draft/${draft.picks}`), 0)
    const choice = order === null ? null : draftChoiceOf(order)
    if (choice === null) return
    try {
      w.order(tribe, draftPick(choice, when), now, 'pick')
    } catch (e) {
      if (e instanceof AppError) return
      throw e
    }
    w.note('order.bot', { tribe, orders: 1 }, now)
  }
}

/**
 * After the start or a pick: the bot's picks, then the campaign runs (the last pick, R3.5) or the
 * next tribe on the clock hears it is. `players` as read once under the campaign's lock.
 */
function afterPick(campaign: CampaignRow, w: Working, now: Date, players: PlayerRow[]) {
  botPicks(campaign, w, now, players)
  if (w.view.status === 'running') {
    // The last pick starts the campaign (R3.5): the first week's dice, then the calendar.
    commitWeek(w, w.view.period, now)
    startRunning(campaign, w, now, players)
  } else {
    tellOnTheClock(campaign, w, players)
  }
}

export function draftService({ db, clock }: ServiceDeps, locked: Locked) {
  return {
    async start(a: Access) {
      requireGm(a, 'start the campaign')
      // Read before the transaction: it takes no second connection while it holds one (#25).
      const uploaded = rulesetOf(a.campaign.ruleset).fixedMap ? undefined : await mapById(db, a.campaign.mapId)
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (campaign.status !== 'setup') throw new AppError(409, 'draft/already_started', 'The draft has already started', 'R3.1')
        const tribes = await tribesOf(sql, campaign.id)
        if (tribes.length < 2) throw new AppError(409, 'draft/too_few_tribes', `A campaign needs 2 to 7 tribes; it has ${tribes.length}`, 'R2.1')
        const seed = newSeed()
        const rules = rulesetOf(campaign.ruleset)
        const fixed = rules.fixedMap?.map
        const map = fixed ?? uploaded!
        // A game's own board ships with the server; an uploadable map is kept as it was at the start.
        if (!fixed) await keepCampaignMap(sql, campaign.id, hashOf(rules, map as { id: string; name: string }), map)
        const created = rules.createGame({
          map,
          tribes: tribes.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday as Weekday })),
          seed,
          secretSeed: newSeed(),
          limit: campaign.weekLimit,
          version: campaign.rulesetVersion,
        })
        if (!created.ok) throw engineRefusal(created.error)
        const now = clock.now()
        // Nobody joins a started campaign: its open invitations lapse now rather than stay "pending" (#30).
        await expireJoinInvitations(sql, campaign.id, now)
        const w = new Working(created.state, 0, now, 'draft', await lastSeq(sql, campaign.id))
        // The draw's seed is committed and revealed at once: the order is public anyway (R3.1).
        w.dice.push({ week: 0, seed, committedAt: now, revealedAt: now })
        w.note('dice.committed', { week: 0, commitment: commitmentOf(seed) }, now)
        w.system(w.rules.actions.start(now.getTime()), now)
        w.note('dice.revealed', { week: 0, seed, commitment: commitmentOf(seed) }, now)
        const players = await playersOf(sql, campaign.id)
        tellStarted(campaign, w, players)
        // A game with no draft runs at once; its week 0 is the start's, whose seed is this one.
        if (w.view.status === 'running') startRunning(campaign, w, now, players)
        else afterPick(campaign, w, now, players)
        const version = await save(sql, campaign, w, now, { created: true })
        return { version, order: w.view.draft?.order ?? [] }
      })
    },

    async pick(a: Access, input: { choice?: string | undefined; city?: string | undefined; tribeId?: string | undefined }) {
      // Who may pick comes first: a spectator hears that, whatever the body says.
      if (a.role === 'spectator') throw new AppError(403, 'draft/not_a_player', 'Only the tribe on the clock or a game master may pick', 'R3.4')
      if (input.choice && input.city && input.choice !== input.city)
        throw new AppError(400, 'draft/choice_conflict', `A pick names one place: choice ${input.choice} and city ${input.city} differ`, 'R3.4')
      const choice = input.choice ?? input.city
      if (!choice) throw new AppError(400, 'draft/choice_required', 'A pick names the place it takes in choice', 'R3.4')
      const tribeId = a.role === 'gm' ? input.tribeId : a.tribeId
      if (a.role === 'gm' && !tribeId) throw new AppError(400, 'draft/tribe_required', 'A game master picking for a tribe names it in tribeId', 'R3.4')
      if (a.role === 'player' && input.tribeId && input.tribeId !== a.tribeId)
        throw new AppError(403, 'orders/not_your_tribe', 'You pick only for your own tribe', 'R2.3')
      return locked.plain(a.campaign.id, async (sql, campaign, w, now) => {
        if (campaign.status !== 'draft')
          throw new AppError(409, 'draft/not_drafting', `There is no draft going on (the campaign is ${campaign.status})`, 'R3.2')
        if (!w.rules.draftPick) throw new AppError(409, 'draft/not_drafting', 'This game starts without a draft', 'R3.2')
        // R2.6: the game has no clock; a draft ending on a Sunday evening has had its week's tick.
        const when = { at: now.getTime(), weekTick: weekTickOf(campaign.timeZone, now).getTime() }
        const events = w.order(tribeId!, w.rules.draftPick(choice, when), now, 'pick')
        // A "your pick" mail not sent yet is stale now (a GM may have picked for that tribe).
        await dropUnsent(sql, campaign.id, 'draft_pick', 'the pick was made', now)
        afterPick(campaign, w, now, await playersOf(sql, campaign.id))
        const version = await save(sql, campaign, w, now)
        return { version, ruleset: campaign.ruleset, events }
      })
    },
  }
}
