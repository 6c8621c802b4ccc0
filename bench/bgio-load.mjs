// The bgio bench's load generator, run by bench/bgio.ts as a process of its
// own: one socket.io connection per match, speaking boardgame.io 0.50's
// protocol as its client does (`sync`, then `update` with the action and the
// state's _stateID), player 0 sending the next move as soon as the server's
// `update` for the last one comes back. Each connection is one client with a
// match of its own, so no two clients wait on one match's queue.
//
// The server sends `update` before it writes the state, but it handles a
// match's actions one at a time (a queue per match) and the write is part of
// the handling: a move sent on an `update` is handled only once the move
// before it is stored. The bench checks the stored _stateID against the count
// after the run.
//
// Job on argv[2] as JSON: { base, game, matches: [{ matchID, credentials }], seconds }.
// Prints { moves, seconds, p50, p99, sent, inFlight, cpuMs } on stdout (cpuMs: this process's own CPU).
import { io } from 'socket.io-client'

const { base, game, matches, seconds } = JSON.parse(process.argv[2])
const latencies = []
let counting = false
let sending = true
let moves = 0
let sent = 0
let inFlight = 0

const sockets = await Promise.all(matches.map((m) => open(m)))
// Every client is synced before the clock starts: connecting is not a move.
const start = performance.now()
counting = true
for (const s of sockets) s.next()
await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
counting = false
sending = false
const elapsed = (performance.now() - start) / 1000
// The last moves sent are let finish, so the server is idle when the bench reads the database.
const deadline = Date.now() + 5000
while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
for (const s of sockets) s.socket.close()

latencies.sort((a, b) => a - b)
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0
process.stdout.write(
  JSON.stringify({
    moves,
    seconds: elapsed,
    p50: Math.round(at(50) * 10) / 10,
    p99: Math.round(at(99) * 10) / 10,
    sent,
    inFlight,
    cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  }) + '\n',
)
process.exit(0)

/** One client: connects, syncs as player 0, and from then on sends a move per `update`. */
function open({ matchID, credentials }) {
  const socket = io(`${base}/${game}`, { transports: ['websocket'], reconnection: false })
  let stateID = -1
  let counter = 0
  let sentAt = 0
  const next = () => {
    if (!sending) return
    const action = { type: 'MAKE_MOVE', payload: { type: 'mark', args: [counter % 100], playerID: '0', credentials } }
    sentAt = performance.now()
    inFlight++
    sent++
    socket.emit('update', action, stateID, matchID, '0')
  }
  return new Promise((resolve, reject) => {
    socket.on('connect_error', reject)
    socket.on('connect', () => socket.emit('sync', matchID, '0', credentials, 2))
    socket.on('sync', (id, { state }) => {
      if (id !== matchID) return
      stateID = state._stateID
      counter = state.G.counter
      resolve({ socket, next })
    })
    socket.on('update', (id, state) => {
      if (id !== matchID || state._stateID <= stateID) return
      stateID = state._stateID
      counter = state.G.counter
      inFlight--
      if (counting) {
        moves++
        latencies.push(performance.now() - sentAt)
      }
      next()
    })
  })
}
