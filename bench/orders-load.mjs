// The orders bench's load generator, run by bench/orders.ts as a process of
// its own (never inside the server's): autocannon with one campaign at a time
// per connection, so that no two connections send orders to one campaign and
// every order sent is one the engine accepts. Reads its job as JSON on argv[2]
// and prints autocannon's result as JSON on stdout. `route` (default: the orders
// route) lets the same load hit the floor server (bench/floor-server.mjs).
import autocannon from 'autocannon'

const job = JSON.parse(process.argv[2])
const { url, token, campaigns, orders, connections, seconds } = job
const route = job.route ?? '/api/campaigns/{campaign}/orders'
let slots = 0

const result = await autocannon({
  url,
  connections,
  duration: seconds,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  requests: [
    {
      method: 'POST',
      setupRequest(request, context) {
        if (context.slot === undefined) {
          context.slot = slots++
          context.sent = 0
        }
        // Connection k sends to campaigns k, k + C, k + 2C …, each order of the list in turn.
        const round = Math.floor(context.sent / orders.length)
        const campaign = campaigns[(context.slot + round * connections) % campaigns.length]
        const order = orders[context.sent % orders.length]
        context.sent++
        return { ...request, path: route.replace('{campaign}', campaign), body: JSON.stringify({ order }) }
      },
    },
  ],
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
