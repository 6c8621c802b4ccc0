// The load generator of bench/orders.ts, in a worker thread so that the
// clients' own work does not queue behind the server on one event loop.
// Plain JavaScript: a worker gets no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads'

const { base, players, homes } = workerData
parentPort.on('message', async ({ forward, floor }) => {
  if (floor) {
    // The HTTP floor: GET /health (one trivial query) with the same clients.
    const t0 = performance.now()
    let n = 0
    await Promise.all(players.map(async () => {
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${base}/health`)
        await res.arrayBuffer()
        n++
      }
    }))
    parentPort.postMessage({ n, busy: performance.now() - t0 })
    return
  }
  const latencies = []
  let accepted = 0
  let refused = 0
  const t0 = performance.now()
  await Promise.all(players.map(async (p) => {
    for (const [city, next] of homes) {
      for (let k = 0; k < 5; k++) {
        const order = forward ? { type: 'move', from: city, troops: 1, to: next } : { type: 'move', from: next, troops: 1, to: city }
        const s = performance.now()
        const res = await fetch(`${base}/api/campaigns/${p.campaign}/orders`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` }, body: JSON.stringify({ order }),
        })
        await res.arrayBuffer()
        latencies.push(performance.now() - s)
        if (res.status === 200) accepted++
        else refused++
      }
    }
  }))
  parentPort.postMessage({ latencies, accepted, refused, busy: performance.now() - t0 })
})
