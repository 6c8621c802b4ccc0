// A campaign with weeks of history, played through the services on the app's
// test clock as players would: each week the Monday and the Wednesday tribe
// (test/helpers/many.ts) give one order in their window, and the sweep does the
// calendar (windows, ticks, dice, ledger rows, mails). The tick bench clones it.
import type { FastifyInstance } from 'fastify'
import { hmacRng, WEEKDAYS, type Weekday } from '../../src/engine/index.ts'
import { applyOrder, type GameState, type Order } from '../../src/engine/games/weekday/index.ts'

const DAY_MS = 86_400_000

/**
 * Plays `weeks` weeks from the clock's instant (a Sunday morning), ending on the
 * Sunday morning `weeks` weeks later; answers the orders given.
 */
export async function playWeeks(app: FastifyInstance, campaignId: string, weeks: number, players: { userId: string; weekday: Weekday }[]): Promise<number> {
  const sunday = app.clock.now().getTime()
  let orders = 0
  for (let week = 0; week < weeks; week++) {
    const start = sunday + week * 7 * DAY_MS
    for (const { userId, weekday } of [...players].sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday))) {
      const day = WEEKDAYS.indexOf(weekday)
      // Noon UTC: inside a 00:00–20:00 Madrid window, summer or winter.
      app.clock.set(new Date(start + (day + 1) * DAY_MS + 2 * 3_600_000))
      await sweep(app)
      const { state } = await app.campaigns.snapshot(campaignId)
      const tribe = (state as GameState).tribes.find((t) => t.weekday === weekday && !t.eliminated)
      const order = tribe && oneMove(state as GameState, tribe.id)
      if (!order) continue
      await app.campaigns.orders(await app.accounts.claims(userId), campaignId, { orders: [order] }, undefined)
      orders++
    }
    app.clock.set(new Date(start + 7 * DAY_MS))
    await sweep(app)
  }
  return orders
}

async function sweep(app: FastifyInstance) {
  const result = await app.clockwork.sweep()
  if (result.failed) throw new Error(`a sweep failed for ${result.failed} campaigns`)
}

/** One troop out of the tribe's largest army to a tile where it only moves (no battle), if there is one. */
function oneMove(state: GameState, tribe: string): Order | undefined {
  const armies = Object.entries(state.armies)
    .filter(([, a]) => a.tribe === tribe && a.troops > 1)
    .sort(([, a], [, b]) => b.troops - a.troops)
  for (const [from] of armies) {
    for (const tile of state.map.tiles) {
      const order: Order = { type: 'move', from, troops: 1, to: `${tile.q},${tile.r}` }
      const tried = applyOrder(state, tribe, order, hmacRng)
      if (tried.ok && tried.events.every((e) => e.type === 'moved' || e.type === 'order')) return order
    }
  }
  return undefined
}
