// CPU time and resident memory of processes, read from /proc (Linux), so a
// bench can say what one request costs the server and the database.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { execFileSync, type ChildProcessByStdio, type ChildProcessWithoutNullStreams } from 'node:child_process'
import type { Readable } from 'node:stream'

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100

/** Two fields of /proc/<pid>/stat after the command (utime + stime, or cutime + cstime), in ms; 0 when it is gone. */
function statMs(pid: number, first: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[first]) + Number(fields[first + 1])) / TICKS) * 1000
  } catch {
    return 0
  }
}

/** utime + stime of one process, in ms; 0 when it is gone. */
export function cpuMs(pid: number): number {
  return statMs(pid, 11)
}

/**
 * CPU of a process's children that ended and were waited for (cutime + cstime), in ms:
 * PostgreSQL's backends of short-lived connections (pgbench's) are gone when a run ends,
 * and their CPU is only found in the postmaster's account of them.
 */
export function endedChildrenCpuMs(pid: number): number {
  return statMs(pid, 13)
}

/** A process and all its children (PostgreSQL's postmaster and its backends). */
export function family(pid: number): number[] {
  const out = [pid]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) out.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return out
}

/** CPU ms of a set of processes, by pid, so that a later reading can subtract per process. */
export function cpuOf(pids: number[]): Map<number, number> {
  return new Map(pids.map((p) => [p, cpuMs(p)]))
}

export function cpuSince(before: Map<number, number>, pids: number[]): number {
  return pids.reduce((sum, p) => sum + Math.max(0, cpuMs(p) - (before.get(p) ?? 0)), 0)
}

/**
 * The local TCP ports of a process's sockets: its PostgreSQL backends are those whose
 * `client_port` is one of them, so that two servers on one PostgreSQL can each be charged
 * their own backends' CPU (bench/compare.ts, BENCH_TOGETHER).
 */
export function tcpPortsOf(pid: number): number[] {
  const inodes = new Set<string>()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (socket) inodes.add(socket[1]!)
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    // sl, local address:port, remote address:port, state, queues, timer, retransmits, uid, timeout, inode
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/)
      if (columns.length > 9 && inodes.has(columns[9]!)) ports.push(parseInt(columns[1]!.split(':')[1]!, 16))
    }
  }
  return ports
}

/** Resident memory of a process in MB (VmRSS). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : 0
}

/**
 * Resolves once a server process started by a bench says "listening on"; rejects if it exits
 * first. Then the lines it logs at error level or above (pino's 50 and 60) go to the bench's
 * stderr: a request answered 500 under load says why.
 */
export function listening(child: ChildProcessWithoutNullStreams | ChildProcessByStdio<null, Readable, null>, name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let out = ''
    let up = false
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      if (up) {
        for (const line of text.split('\n')) if (/"level":(50|60)\b/.test(line)) process.stderr.write(`${name}: ${line.slice(0, 2000)}\n`)
        return
      }
      out += text
      if (out.includes('listening on')) {
        up = true
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening:\n${out}`)))
  })
}
