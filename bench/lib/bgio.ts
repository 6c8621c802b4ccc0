// boardgame.io 0.50 with bgio-postgres as the benches run it (#32, #52): its server in a process
// of its own (bench/lib/bgio-server.mjs) and its matches made through its lobby API.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../../test/helpers/test-support.ts'
import { listening } from './proc.ts'

const root = path.resolve(import.meta.dirname, '../..')
const GAME = 'bench'

export interface Match {
  matchID: string
  credentials: string
}

/** Matches made and joined through boardgame.io's lobby API, as its clients make them. */
export async function createMatches(base: string, n: number): Promise<Match[]> {
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const out: Match[] = []
  for (let i = 0; i < n; i++) {
    const { matchID } = await post<{ matchID: string }>(`/games/${GAME}/create`, { numPlayers: 2 })
    const { playerCredentials } = await post<{ playerCredentials: string }>(`/games/${GAME}/${matchID}/join`, { playerID: '0', playerName: `p${i}` })
    await post(`/games/${GAME}/${matchID}/join`, { playerID: '1', playerName: `q${i}` })
    out.push({ matchID, credentials: playerCredentials })
  }
  return out
}

/** boardgame.io's server on the database at `url`: its socket port (`base`) and its lobby's, which also takes moves over HTTP (`lobby`). */
export async function startBgio(url: string, log: (m: string) => void) {
  const port = await freePort()
  const apiPort = await freePort()
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bgio-server.mjs')], {
    cwd: root,
    // production: boardgame.io logs nothing per action, as deployed.
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      API_PORT: String(apiPort),
      DATABASE_URL: url,
      POOL: process.env.BENCH_POOL ?? '10',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await listening(child, 'the boardgame.io server')
  log(`server: node bench/lib/bgio-server.mjs, pid ${child.pid}, port ${port}`)
  return { child, pid: child.pid!, base: `http://127.0.0.1:${port}`, lobby: `http://127.0.0.1:${apiPort}` }
}
