// The orders bench's load generator where wrk is not installed (bench/lib/load.ts; wrk runs
// bench/orders-load.lua, the same patterns), run as a process of its own (never inside the
// server's), in one of these patterns:
// - `in-a-row` (the default): one campaign at a time per connection, each
//   campaign's orders in a row, so that no two connections send orders to one
//   campaign and every order sent is one the engine accepts;
// - `round-robin`: every request goes to the next campaign of a ring of `ring`
//   campaigns, its next order, as a thousand groups playing at once would send
//   them (#52): a campaign's next order comes a whole ring later, long after its
//   last one was answered. When the ring's orders are spent the next ring of
//   the fleet takes over;
// - `bgio`: boardgame.io's moves over HTTP (bench/lib/bgio-server.mjs), one
//   match per connection in flight, each move on the stateID its last one
//   answered, as a player's client sends them;
// - `get`: a GET of the route (the /health baseline).
// Reads its job as JSON on argv[2] and prints autocannon's result as JSON on
// stdout. `route` (default: the orders route) lets the same load hit the floor
// server (bench/floor-server.mjs).
import autocannon from 'autocannon'

const job = JSON.parse(process.argv[2])
const { url, token, campaigns, orders, connections, seconds } = job
const route = job.route ?? '/api/campaigns/{campaign}/orders'
let campaignsTaken = 0

// autocannon gives each connection the list of requests in turn and clears its context
// after the last one: so the list is one campaign's orders, and its first request takes
// the next campaign no connection has had yet (a player sending a turn's orders in a row).
const inARow = orders.map((order, index) => ({
  method: 'POST',
  setupRequest(request, context) {
    if (index === 0 || context.campaign === undefined) context.campaign = campaigns[campaignsTaken++ % campaigns.length]
    return { ...request, path: route.replace('{campaign}', context.campaign), body: JSON.stringify({ order }) }
  },
}))

const ring = Math.min(job.ring ?? 1000, campaigns.length)
let sent = job.firstTurn ?? 0
const roundRobin = [
  {
    method: 'POST',
    setupRequest(request) {
      const turn = sent++
      const lap = Math.floor(turn / ring)
      // A ring's campaigns each take the next of their orders per lap; then the next ring.
      const first = (Math.floor(lap / orders.length) * ring) % campaigns.length
      const campaign = campaigns[(first + (turn % ring)) % campaigns.length]
      return { ...request, path: route.replace('{campaign}', campaign), body: JSON.stringify({ order: orders[lap % orders.length] }) }
    },
  },
]

// autocannon resets a connection's context after its last request: a match waiting for its next
// move waits here, with the stateID its last move answered, until a connection takes it.
const idle = (job.matches ?? []).map((match) => ({ ...match, stateID: 0 }))
let cell = 0
const bgio = [
  {
    method: 'POST',
    setupRequest(request, context) {
      const match = idle.shift()
      context.match = match
      const body = { playerID: match.playerID, credentials: match.credentials, stateID: match.stateID, cell: cell++ % 100 }
      return { ...request, path: `/games/bench/${match.matchID}/move`, body: JSON.stringify(body) }
    },
    onResponse(status, body, context) {
      const match = context.match
      if (status === 200) match.stateID = JSON.parse(body).stateID
      idle.push(match)
    },
  },
]

// `amount` (instead of `seconds`) sends that many requests; `firstTurn` starts the round-robin
// that far into the ring's laps (bench/orders.ts's ringLaps: the first lap unmeasured).
const result = await autocannon({
  url,
  connections,
  // autocannon ends a run at its next sample, so a run by count lasts a whole number of its
  // samples: samples of 20 ms rather than 1 s keep that from the rate (9,000 orders in 2.2 s were
  // reported as 3.01 s).
  ...(job.amount ? { amount: job.amount, sampleInt: 20 } : { duration: seconds }),
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  requests: job.pattern === 'round-robin' ? roundRobin : job.pattern === 'bgio' ? bgio : job.pattern === 'get' ? [{ method: 'GET', path: route }] : inARow,
})
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    seconds: result.duration,
  }) + '\n',
)
