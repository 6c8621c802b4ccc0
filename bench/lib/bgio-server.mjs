// The bgio bench's server: boardgame.io 0.50's own Server (Koa, socket.io and
// the lobby API) storing in PostgreSQL through bgio-postgres, run by
// bench/bgio.ts as a process of its own, the way our server runs in the orders
// bench. Env: PORT (sockets), API_PORT (lobby), DATABASE_URL, POOL (Sequelize's pool, our server's
// DATABASE_POOL_SIZE default of 10 unless told). Prints "listening on" when
// ready.
//
// Beside its socket.io transport, the lobby's port takes a move over HTTP
// (POST /games/bench/:id/move, JSON { playerID, credentials, stateID, cell }),
// so that the orders bench drives it with the same load generator as our
// orders (#52): boardgame.io's own Master plays the move with the server's
// storage and credentials check, as its socket transport does, and the answer
// (the new stateID) comes once the move is stored.
import { createRequire } from 'node:module'

// boardgame.io 0.50 has no "exports" map: its subpaths are folders that only require() resolves.
const require = createRequire(import.meta.url)
const { INVALID_MOVE } = require('boardgame.io/core')
const { Server } = require('boardgame.io/server')
const { Master } = require('boardgame.io/master')
const { ProcessGameConfig } = require('boardgame.io/internal')
const { PostgresStore } = require('bgio-postgres')

const CELLS = 100

/**
 * A state about the size of a small weekday campaign's: 2 players, a board of
 * 100 cells (an owner and troops each) and a counter. Every move changes one
 * cell and is legal for any cell on the board, so that each one the load sends
 * is accepted and written; the current player may move again and again in its
 * turn (boardgame.io's default turn has no move limit), as our Monday tribe
 * does in its window. Undo is off, as our game has none: with it on,
 * boardgame.io keeps a copy of G per move of the turn in the state, and a turn
 * that never ends grows the stored state by a board per move.
 */
const game = {
  name: 'bench',
  disableUndo: true,
  setup: () => ({ cells: Array.from({ length: CELLS }, () => ({ owner: null, troops: 0 })), counter: 0 }),
  moves: {
    mark: ({ G, playerID }, cell) => {
      if (!Number.isInteger(cell) || cell < 0 || cell >= CELLS) return INVALID_MOVE
      G.cells[cell] = { owner: playerID, troops: G.cells[cell].troops + 1 }
      G.counter += 1
    },
  },
}

const db = new PostgresStore(process.env.DATABASE_URL, {
  // Sequelize prints every statement unless told not to.
  logging: false,
  pool: { max: Number(process.env.POOL ?? 10), min: 0 },
})
const server = Server({ games: [game], db, origins: [] })
const played = ProcessGameConfig(game)
const MAKE_MOVE = 'MAKE_MOVE'
server.router.post('/games/bench/:id/move', async (ctx) => {
  const chunks = []
  for await (const chunk of ctx.req) chunks.push(chunk)
  const { playerID, credentials, stateID, cell } = JSON.parse(Buffer.concat(chunks).toString())
  let next
  // No sockets here: the transport only hands back the state the move made.
  const transport = { send: () => {}, sendAll: ({ args }) => (next = args[1] ?? next) }
  const master = new Master(played, db, transport, server.auth)
  const refused = await master.onUpdate({ type: MAKE_MOVE, payload: { type: 'mark', args: [cell], playerID, credentials } }, stateID, ctx.params.id, playerID)
  if (refused || !next) {
    ctx.status = 409
    ctx.body = { error: refused?.error ?? 'move not played' }
    return
  }
  ctx.body = { stateID: next._stateID }
})
// Both apps listen on the loopback only, as our server does (HOST=127.0.0.1):
// koa-socket-2 replaces the game app's listen, and the lobby's app is made inside run().
const listen = server.app.listen.bind(server.app)
server.app.listen = (port, callback) => listen(port, '127.0.0.1', callback)
const Koa = createRequire(require.resolve('boardgame.io/server'))('koa')
const koaListen = Koa.prototype.listen
Koa.prototype.listen = function (port, callback) {
  return koaListen.call(this, port, '127.0.0.1', callback)
}
// The lobby runs on a port of its own (boardgame.io's apiPort option): on the
// game server's port it answers 404 to everything, because koa-socket-2 makes
// that server's handler before the lobby's routes are added and koa-compose
// 4.2 copies the middleware list when the handler is made.
await server.run({ port: Number(process.env.PORT), lobbyConfig: { apiPort: Number(process.env.API_PORT) } })
console.log(`listening on 127.0.0.1:${process.env.PORT}, lobby on ${process.env.API_PORT}`)
