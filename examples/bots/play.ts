// One window of a campaign, played by a bot from outside: written against the types
// openapi-typescript generates from the served document (./api.ts) and openapi-fetch, with no cast
// and no type of its own. The server's answers say their game in `ruleset`, so each game's bot
// narrows the board and the options to its game's shapes before it reads them.
import createClient from 'openapi-fetch'
import type { paths } from './api.ts'

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never
export type Board = Json<paths['/api/campaigns/{id}/state']['get']['responses'][200]>
export type Options = Json<paths['/api/campaigns/{id}/options']['get']['responses'][200]>
export type Order = NonNullable<Json<NonNullable<paths['/api/campaigns/{id}/orders']['post']['requestBody']>>['order']>

/** What a bot reads before each order: the board and the options as its tribe sees them, and how many orders it gave this window. */
export interface Turn {
  board: Board
  options: Options
  given: number
}

/** A game's bot: the next order of its window, or null to stop. */
export type Chooser = (turn: Turn) => Order | null

export interface Played {
  ruleset: string
  given: string[]
  /** What the orders caused, by type, as their answers said (each game's own events, typed). */
  caused: string[]
  refused: { type: string; code: string }[]
  events: string[]
}

/** Logs in, then gives the orders `choose` picks, reading the board and options again before each, `most` at the most. */
export async function playWindow(baseUrl: string, email: string, password: string, campaignId: string, choose: Chooser, most = 8): Promise<Played> {
  const api = createClient<paths>({ baseUrl })
  const login = await api.POST('/api/auth/login', { body: { email, password } })
  if (!login.data) throw new Error(`login: ${JSON.stringify(login.error)}`)
  const headers = { authorization: `Bearer ${login.data.token}` }
  const params = { path: { id: campaignId } }
  const played: Played = { ruleset: '', given: [], caused: [], refused: [], events: [] }
  for (let given = 0; given < most; given++) {
    const [board, options] = await Promise.all([
      api.GET('/api/campaigns/{id}/state', { params, headers }),
      api.GET('/api/campaigns/{id}/options', { params, headers }),
    ])
    if (!board.data || !options.data) throw new Error(`reading the campaign: ${JSON.stringify(board.error ?? options.error)}`)
    played.ruleset = board.data.ruleset
    const order = choose({ board: board.data, options: options.data, given })
    if (order === null) break
    const answer = await api.POST('/api/campaigns/{id}/orders', { params, headers, body: { order } })
    if (!answer.data) {
      // A refusal says why (a code and the rule's id): the bot stops here rather than guess.
      played.refused.push({ type: order.type, code: answer.error?.error.code ?? String(answer.response.status) })
      break
    }
    played.given.push(order.type)
    for (const event of answer.data.events) played.caused.push(event.type)
    if (order.type === 'endTurn') break
  }
  const events = await api.GET('/api/campaigns/{id}/events', { params: { ...params, query: { after: 0, limit: 500 } }, headers })
  if (!events.data) throw new Error(`events: ${JSON.stringify(events.error)}`)
  played.events = events.data.events.map((event) => event.type)
  return played
}

/** A game whose options are whole orders: the first offered of the `plays` types, in that order, `most` a window, then `endTurn`. */
export function firstOffered<Offered extends { type: string }>(offered: Offered[], plays: string[], given: number, most: number): Offered | null {
  const play = given < most ? plays.flatMap((type) => offered.filter((order) => order.type === type))[0] : undefined
  return play ?? offered.find((order) => order.type === 'endTurn') ?? null
}
