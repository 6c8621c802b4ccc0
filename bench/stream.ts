// `npm run bench -- stream`: the server's CPU for N scene messages (N changes of a campaign)
// with no live stream open, and with 200 (#45 item 4): the streams share the work of a change,
// so the ratio should stay near 1 (before, 107 idle streams doubled it). The server runs in
// this process and its CPU is read from /proc; the load is a process of its own
// (bench/stream-load.mjs): it opens the streams (195 of 39 spectators of the public campaign,
// which hear nothing of the scene, and 5 of its GM, which hear every message), posts the
// messages over HTTP one after another, and waits until each of the GM's streams heard them all.
// Runs alternate between 0 and 200 streams; each run's ratio is taken, then the median.
// BENCH_CHANGES=150  BENCH_STREAMS=200  BENCH_RUNS=3
import { fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from '../src/app.ts'
import type { GameState } from '../src/engine/games/weekday/index.ts'
import { cpuMs, cpuOf, cpuSince, family } from './lib/proc.ts'
import { benchConfig, benchServer, median } from './lib/server.ts'
import type { Bench } from './run.ts'

const CHANGES = Number(process.env.BENCH_CHANGES ?? 150)
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** The GM's streams, which hear every message (an account holds 5 at most). */
const HEARING = 5
const root = path.resolve(import.meta.dirname, '..')

interface Done {
  ms: number
  all: boolean
  heardMost: number
  heardLeast: number
}

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const app = await buildApp({ config: benchConfig(), databaseUrl: await db.database('bench_stream') })
  const postmaster = Number(readFileSync(path.join(root, '.data/bench-postgres/postmaster.pid'), 'utf8').split('\n')[0])
  try {
    app.clock.set(new Date('2026-11-30T09:00:00Z'))
    const register = (name: string) => app.accounts.register({ email: `${name}@bench.test`, password: 'bench-password', displayName: name })
    const gm = await register('gm')
    const c = await app.campaigns.create(gm.id, { name: 'Streamed', mapId: 'coast-3', public: true })
    const players: string[] = []
    for (const [i, weekday] of (['monday', 'wednesday'] as const).entries()) {
      const user = await register(`p${i}`)
      const inv = await app.campaigns.invite(await app.campaigns.access(c.id, gm.id), gm.id)
      players.push((await app.campaigns.accept(inv.token, user.id, { tribeName: `Tribe ${i + 1}`, weekday })).tribe.id)
    }
    const access = await app.campaigns.access(c.id, gm.id)
    const { order } = await app.campaigns.start(access)
    const { state } = await app.campaigns.snapshot(c.id)
    const cities = (state as GameState).map.tiles.filter((t) => t.city).map((t) => `${t.q},${t.r}`)
    for (const tribeId of [...order, ...[...order].reverse()]) await app.campaigns.pick(access, { tribeId, city: cities.shift()! })
    const scene = await app.scenes.open(await app.campaigns.access(c.id, gm.id), { title: 'Truce', tribes: players })
    const spectators: string[] = []
    for (let i = 0; i < Math.ceil((STREAMS - HEARING) / 5); i++) spectators.push(await app.issueToken((await register(`s${i}`)).id))
    const gmToken = await app.issueToken(gm.id)
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    log(`a public campaign with a scene; ${spectators.length} spectators`)

    // 20 streams an address (STREAMS_PER_ADDRESS's default): 200 come from ten loopback addresses.
    const streams = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        token: i < HEARING ? gmToken : spectators[Math.floor((i - HEARING) / 5)]!,
        hears: i < HEARING,
        from: `127.0.0.${2 + Math.floor(i / 20)}`,
      }))
    const run = async (count: number) => {
      const child = fork(path.join(root, 'bench/stream-load.mjs'), [
        JSON.stringify({
          streamUrl: `${address}/api/campaigns/${c.id}/stream`,
          postUrl: `${address}/api/campaigns/${c.id}/scenes/${scene.id}/messages`,
          postToken: gmToken,
          changes: CHANGES,
          streams: streams(count),
        }),
      ])
      const said = <T>(key: string) =>
        new Promise<T>((resolve, reject) => {
          child.once('message', (m: Record<string, unknown>) => (m.error ? reject(new Error(String(m.error))) : resolve(m[key] as T)))
          child.once('exit', (code) => reject(new Error(`the load exited (${code})`)))
        })
      try {
        await said<number>('ready')
        // A beat or two with the streams open and idle before the measure starts.
        await new Promise((resolve) => setTimeout(resolve, 1000))
        const pgBefore = cpuOf(family(postmaster))
        const before = cpuMs(process.pid)
        child.send('go')
        const done = await said<Done>('done')
        const nodeMs = cpuMs(process.pid) - before
        const pgMs = cpuSince(pgBefore, family(postmaster))
        if (!done.all) throw new Error(`with ${count} streams, a stream that reads the scene heard ${done.heardLeast} of ${CHANGES} messages`)
        if (count && done.heardMost !== CHANGES) throw new Error(`with ${count} streams, a stream heard ${done.heardMost} scene events for ${CHANGES} messages`)
        log(`${count} streams: ${CHANGES} messages in ${Math.round(done.ms)} ms, server ${Math.round(nodeMs)} ms CPU, PostgreSQL ${Math.round(pgMs)} ms`)
        return { nodeMs, pgMs }
      } finally {
        child.send('close')
        await new Promise((resolve) => child.once('exit', resolve))
      }
    }

    await run(STREAMS) // warm-up: prepared statements, JIT, the streams' first reads
    const none: { nodeMs: number; pgMs: number }[] = []
    const many: { nodeMs: number; pgMs: number }[] = []
    for (let i = 0; i < RUNS; i++) {
      none.push(await run(0))
      many.push(await run(STREAMS))
    }
    const x = { clients: STREAMS }
    const runs = `median of ${RUNS} runs, alternated`
    report('node_cpu_ms_no_streams', median(none.map((r) => r.nodeMs)), 'ms', { note: `server CPU for ${CHANGES} scene messages, no stream open; ${runs}` })
    report('node_cpu_ms_with_streams', median(many.map((r) => r.nodeMs)), 'ms', {
      ...x,
      note: `the same with ${STREAMS} streams open (${HEARING} hear every message, the rest none); ${runs}`,
    })
    report('node_cpu_ratio', median(many.map((r, i) => r.nodeMs / none[i]!.nodeMs)), 'ratio', { ...x, note: 'run by run, then the median; goal near 1' })
    report('pg_cpu_ms_no_streams', median(none.map((r) => r.pgMs)), 'ms', { note: 'PostgreSQL CPU in the same runs' })
    report('pg_cpu_ms_with_streams', median(many.map((r) => r.pgMs)), 'ms', x)
  } finally {
    await app.close()
    await db.stop()
  }
}

export default bench
