// Plays one window of a campaign with its game's bot:
//   npx openapi-typescript http://localhost:3000/docs/json -o examples/bots/api.ts
//   npx tsx examples/bots/main.ts http://localhost:3000 <email> <password> <campaign id>
// The campaign says its game (`ruleset`), which picks the bot.
import createClient from 'openapi-fetch'
import type { paths } from './api.ts'
import { conquest } from './conquest.ts'
import { elmapa } from './elmapa.ts'
import { openwars } from './openwars.ts'
import { playWindow, type Chooser, type Played } from './play.ts'
import { weekday } from './weekday.ts'

export const BOTS = { 'weekly-turn': weekday, conquest, openwars, elmapa } satisfies Record<string, Chooser>

/** The campaign's game, then one window of its bot. */
export async function playCampaign(baseUrl: string, email: string, password: string, campaignId: string): Promise<Played> {
  const api = createClient<paths>({ baseUrl })
  const login = await api.POST('/api/auth/login', { body: { email, password } })
  if (!login.data) throw new Error(`login: ${JSON.stringify(login.error)}`)
  const campaign = await api.GET('/api/campaigns/{id}', { params: { path: { id: campaignId } }, headers: { authorization: `Bearer ${login.data.token}` } })
  if (!campaign.data) throw new Error(`campaign: ${JSON.stringify(campaign.error)}`)
  return playWindow(baseUrl, email, password, campaignId, BOTS[campaign.data.ruleset])
}

const [baseUrl, email, password, campaignId] = process.argv.slice(2)
if (baseUrl && email && password && campaignId) console.log(JSON.stringify(await playCampaign(baseUrl, email, password, campaignId)))
