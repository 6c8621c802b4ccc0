// Who may join a campaign and how a tribe is founded (R2.1, R2.3): shared by the invitations,
// the open listing's join and its requests, and the naming of a stand-in.
import { WEEKDAYS, type Weekday } from '../engine/index.ts'
import { userById } from '../db/accounts.ts'
import { gmAddresses, insertMembership, insertTribe, rolesOf, setTribeBot, tribesOf, type CampaignRow } from '../db/campaigns.ts'
import { appendEvents } from '../db/log.ts'
import { queueMails } from '../db/outbox.ts'
import type { Sql } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { mailboxOf } from '../lib/mailbox.ts'
import { cleanName, nameSkeleton } from '../lib/names.ts'
import { gmNews } from './gm-news.ts'
import { capacityOf } from './maps.ts'

const COLOURS = ['#c0392b', '#2471a3', '#229954', '#d68910', '#7d3c98', '#17a589', '#5d6d7e']

function isoWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value)
}

/**
 * A GM cannot play, nor through a second account whose address reaches the GM's mailbox
 * (it would show the GM a tribe's secrets); nobody plays two tribes of one campaign.
 */
export async function mayPlay(sql: Sql, campaignId: string, userId: string, who: 'you' | string) {
  const roles = await rolesOf(sql, campaignId, userId)
  if (roles.includes('gm')) throw new AppError(409, 'tribe/gm_cannot_play', 'A game master does not play a tribe', 'R2.3')
  if (roles.includes('player'))
    throw new AppError(409, 'tribe/already_playing', who === 'you' ? 'You already play a tribe in this campaign' : `${who} already plays a tribe here`, 'R2.1')
  const user = await userById(sql, userId)
  const gms = (await gmAddresses(sql, campaignId)).map(mailboxOf)
  if (user && gms.includes(mailboxOf(user.email))) {
    throw new AppError(
      409,
      'tribe/gm_mailbox',
      who === 'you'
        ? "Your address reaches the game master's mailbox: a game master does not play a tribe here"
        : `${who} reaches the game master's mailbox: a game master does not play a tribe here`,
      'R2.3',
    )
  }
}

/**
 * Who may stand in for an absent tribe's player: anyone who may play here (mayPlay), or a player
 * of another tribe of the campaign (#49: friends cover for each other), never the absent tribe's
 * own player. Answers the stand-in's own tribe when they are a co-player.
 */
export async function mayStandIn(
  sql: Sql,
  campaignId: string,
  userId: string,
  who: string,
  absentTribeId: string,
): Promise<{ id: string; name: string } | null> {
  const roles = await rolesOf(sql, campaignId, userId)
  if (!roles.includes('player') || roles.includes('gm')) {
    await mayPlay(sql, campaignId, userId, who)
    return null
  }
  const own = (await tribesOf(sql, campaignId)).find((t) => t.userId === userId)
  if (!own) {
    await mayPlay(sql, campaignId, userId, who)
    return null
  }
  if (own.id === absentTribeId) throw new AppError(409, 'absence/stand_in_self', `${who} plays this tribe already: a stand-in is someone else`)
  return { id: own.id, name: own.name }
}

/**
 * Checks a new tribe against the campaign's (R2.1): a weekday free, a name unlike the
 * others', room for it on the campaign's map in its game (a campaign that could not start
 * is never filled).
 */
export async function checkNewTribe(
  sql: Sql,
  campaign: Pick<CampaignRow, 'id' | 'ruleset' | 'mapId'>,
  input: { tribeName?: string | undefined; weekday?: string | undefined },
) {
  const weekday = input.weekday ?? ''
  if (!isoWeekday(weekday)) throw new AppError(400, 'tribe/bad_weekday', `"${weekday}" is not a weekday (monday … sunday)`, 'R2.1')
  const tribeName = cleanName(input.tribeName ?? '', 'tribeName')
  const tribes = await tribesOf(sql, campaign.id)
  const capacity = await capacityOf(sql, campaign)
  if (tribes.length >= capacity) throw new AppError(409, 'campaign/full', `This campaign is full: its game takes at most ${capacity} tribes on its map`, 'R2.1')
  const taken = tribes.find((t) => t.weekday === weekday)
  if (taken) throw new AppError(409, 'tribe/weekday_taken', `${weekday} already belongs to ${taken.name}`, 'R2.1')
  const alike = tribes.find((t) => nameSkeleton(t.name) === nameSkeleton(tribeName))
  if (alike)
    throw new AppError(
      409,
      'tribe/name_taken',
      alike.name === tribeName ? `A tribe is already called ${tribeName}` : `"${tribeName}" looks too much like the tribe ${alike.name}; choose another name`,
    )
  return { weekday, tribeName, tribes }
}

type NewTribe = { tribeName?: string | undefined; weekday?: string | undefined; colour?: string | undefined }

/** A new tribe (R2.1): a free weekday, a name unlike the others', a colour; its player, or none. */
async function newTribe(sql: Sql, campaign: CampaignRow, userId: string | null, input: NewTribe) {
  const { weekday, tribeName, tribes } = await checkNewTribe(sql, campaign, input)
  const colour = input.colour ?? COLOURS.find((c) => !tribes.some((t) => t.colour === c)) ?? COLOURS[0]!
  return insertTribe(sql, campaign.id, { name: tribeName, colour, weekday, userId })
}

/** A new tribe for the user (R2.1): a free weekday, a name unlike the others', a colour. */
export async function foundTribe(sql: Sql, campaign: CampaignRow, userId: string, input: NewTribe, now: Date) {
  const campaignId = campaign.id
  const tribe = await newTribe(sql, campaign, userId, input)
  await insertMembership(sql, campaignId, userId, 'player')
  await appendEvents(sql, campaignId, [{ type: 'tribe.joined', payload: { tribe: tribe.id, name: tribe.name, weekday: tribe.weekday }, week: 0, at: now }])
  await queueMails(sql, campaignId, await gmNews(sql, campaignId, 'joined', tribe.id, { tribeName: tribe.name, weekday: tribe.weekday }, now), now)
  return tribe
}

/**
 * An empty seat given to the game's bot (#50): a tribe checked as a player's is (R2.1), with no
 * player, played by the bot from the draft on, until a person takes it (an invitation to it).
 */
export async function seatBot(sql: Sql, campaign: CampaignRow, input: NewTribe, now: Date) {
  const tribe = await newTribe(sql, campaign, null, input)
  await setTribeBot(sql, campaign.id, tribe.id, 'seat')
  await appendEvents(sql, campaign.id, [
    { type: 'tribe.joined', payload: { tribe: tribe.id, name: tribe.name, weekday: tribe.weekday, bot: true }, week: 0, at: now },
  ])
  return { ...tribe, botReason: 'seat' }
}
