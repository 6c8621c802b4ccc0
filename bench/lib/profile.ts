// Where a bench's time goes: a CPU profile of this process over one call
// (node:inspector, so that setup such as cloning stays out of it), summed by
// function and by place (our src/, a package, node itself, GC, idle), and
// PostgreSQL's own account of the statements (pg_stat_statements, loaded by
// lib/server.ts and counting only while a bench turns it on).
import { mkdir, writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import path from 'node:path'
import type pg from 'pg'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

export interface CpuSummary {
  totalMs: number
  byPlace: [string, number][]
  byFunction: [string, number][]
}

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Runs `fn` under the V8 profiler; the profile goes to `file` (open it in Chrome's
 * DevTools), its summary is answered: of the samples up to `until()` (a
 * performance.now() instant) when it answers one, to leave out what came after.
 */
export async function cpuProfile<T>(
  file: string,
  fn: () => Promise<T>,
  until: () => number | undefined = () => undefined,
): Promise<{ result: T; summary: CpuSummary }> {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 1000 })
  await session.post('Profiler.start')
  const started = performance.now()
  let result: T
  let profile: unknown
  try {
    result = await fn()
  } finally {
    profile = (await session.post('Profiler.stop')).profile
    session.disconnect()
  }
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(profile))
  const end = until()
  return { result, summary: summarise(profile as unknown as Profile, end === undefined ? Infinity : end - started) }
}

function place(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)'
  const rel = url.replace(/^file:\/\//, '')
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(rel)
  if (pkg) return pkg[1]!
  if (rel.startsWith('node:')) return 'node:' + rel.slice(5).split('/')[0]
  return path.relative(root, rel).split('/').slice(0, 3).join('/')
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Self time by place and by function of the samples in the first `untilMs`. */
function summarise(profile: Profile, untilMs: number): CpuSummary {
  const hits = new Map<number, number>()
  let at = 0
  let totalMs = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i]! / 1000
    at += delta
    if (at > untilMs) break
    totalMs += delta
    hits.set(profile.samples[i]!, (hits.get(profile.samples[i]!) ?? 0) + delta)
  }
  const byPlace = new Map<string, number>()
  const byFunction = new Map<string, number>()
  for (const node of profile.nodes) {
    const ms = hits.get(node.id) ?? 0
    if (!ms) continue
    const { functionName, url, lineNumber } = node.callFrame
    const where = place(url, functionName)
    byPlace.set(where, (byPlace.get(where) ?? 0) + ms)
    const fn = `${functionName || '(anonymous)'} ${url ? `${path.relative(root, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : ''}`.trim()
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
  return { totalMs, byPlace: top(byPlace, 15), byFunction: top(byFunction, 25) }
}

export interface StatementRow {
  calls: number
  totalMs: number
  rows: number
  sharedHit: number
  sharedRead: number
  query: string
}

/** pg_stat_statements counts from here on (the extension made in `admin`'s database). */
export async function startStatements(admin: pg.Client) {
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
  await admin.query(`ALTER SYSTEM SET pg_stat_statements.track = 'top'`)
  await admin.query('SELECT pg_reload_conf()')
  // A reload reaches each backend when it next waits for a command: one round trip does it for this one.
  await admin.query('SELECT 1')
  await admin.query('SELECT pg_stat_statements_reset()')
}

/** What was counted since startStatements, costliest first; counting stops. */
export async function stopStatements(admin: pg.Client): Promise<StatementRow[]> {
  const { rows } = await admin.query<StatementRow>(
    `SELECT calls::int, total_exec_time AS "totalMs", rows::int, shared_blks_hit::int AS "sharedHit", shared_blks_read::int AS "sharedRead", query
     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC`,
  )
  await admin.query(`ALTER SYSTEM SET pg_stat_statements.track = 'none'`)
  await admin.query('SELECT pg_reload_conf()')
  return rows
}
