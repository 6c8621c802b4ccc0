// The stream bench's load, run by bench/stream.ts as a process of its own (never inside the
// server's), spoken to over IPC. Its job (JSON on argv[2]) names the streams to hold (a token and
// the loopback address to open each from, so that the caps per address let 200 in) and the scene
// messages to post. It opens the streams and says `ready` once each has heard its first version;
// on `go` it posts the messages one after another, then waits until every stream that may read
// them has heard them all (or a second, when none may), and answers what was heard; on `close`
// it ends its streams and exits.
import http from 'node:http'

const job = JSON.parse(process.argv[2])
const streams = []

function open({ token, from }) {
  return new Promise((resolve, reject) => {
    const stream = { scenes: 0, versions: 0, request: null, waiting: null }
    stream.request = http.get(job.streamUrl, { headers: { authorization: `Bearer ${token}` }, localAddress: from, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`a stream from ${from} was answered ${res.statusCode}`))
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.includes('event: scene')) stream.scenes++
          if (block.includes('event: version') && stream.versions++ === 0) resolve(stream)
          stream.waiting?.()
        }
      })
    })
    stream.request.on('error', (error) => (stream.closing ? undefined : reject(error)))
  })
}

async function post(n) {
  for (let i = 0; i < n; i++) {
    const res = await fetch(job.postUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${job.postToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: `Message ${i}` }),
    })
    if (res.status !== 201) throw new Error(`message ${i}: ${res.status} ${await res.text()}`)
  }
}

/** Until every stream that hears the scene has heard `n` more of it, or `ms` pass. */
function heard(before, n, ms) {
  const hearing = streams.filter((s, i) => job.streams[i].hears)
  return new Promise((resolve) => {
    const check = () => hearing.every((s) => s.scenes - before.get(s) >= n) && resolve(true)
    for (const s of hearing) s.waiting = check
    if (!hearing.length) return setTimeout(() => resolve(true), ms)
    check()
    setTimeout(() => resolve(false), ms)
  })
}

process.on('message', async (message) => {
  try {
    if (message === 'go') {
      const before = new Map(streams.map((s) => [s, s.scenes]))
      const started = performance.now()
      await post(job.changes)
      const all = await heard(before, job.changes, streams.some((s, i) => job.streams[i].hears) ? 30_000 : 1000)
      const scenes = streams.map((s) => s.scenes - before.get(s))
      process.send({ done: { ms: performance.now() - started, all, heardMost: Math.max(0, ...scenes), heardLeast: Math.min(...scenes) } })
    } else if (message === 'close') {
      for (const s of streams) ((s.closing = true), s.request.destroy())
      process.exit(0)
    }
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) })
  }
})

try {
  for (const s of job.streams) streams.push(await open(s))
  process.send({ ready: streams.length })
} catch (error) {
  process.send({ error: String(error?.stack ?? error) })
}
