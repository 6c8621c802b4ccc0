// The pieces of `npm run backup` that need no database: the dump file's framing read back in any
// chunking, a file cut short, the tables' load order from their foreign keys, and the choice of a
// pg_dump by the server's major version.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import t from 'tap'
import { loadOrder, matchingTool, outOfOrder } from '../../src/db/dump-catalog.ts'
import { DUMP_FORMAT, DUMP_VERSION, DumpReader, endOfTable, headerLine, trailerLine, type DumpHeader } from '../../src/db/dump-file.ts'

const header: DumpHeader = {
  format: DUMP_FORMAT,
  version: DUMP_VERSION,
  takenAt: '2026-12-13T21:00:00.000Z',
  server: '18.4',
  migrations: [{ name: '20261122000000_init', checksum: 'abc' }],
  tables: [
    { name: 'empty', columns: ['id'] },
    { name: 'notes', columns: ['id', 'body'] },
    { name: 'last', columns: ['id'] },
  ],
  sequences: [],
}
// COPY's text: a backslash doubled, a newline escaped, so no row is the line `\.`.
const notes = '1\t\\\\.\n2\t.\n3\tline\\nbreak \\\\. \\.\n'
const last = '\\\\.\n'
const file = headerLine(header) + endOfTable + notes + endOfTable + last + endOfTable + trailerLine([{ name: 'notes', rows: 3, bytes: notes.length }])

/** The file's bytes in pieces of `size`, as a gunzip stream might hand them over. */
const inPieces = (text: string, size: number) => {
  const bytes = Buffer.from(text)
  const pieces: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size))
  return Readable.from(pieces)
}

async function readAll(reader: DumpReader, names: string[]) {
  const tables: string[] = []
  for (const name of names) {
    const pieces: Buffer[] = []
    for await (const piece of reader.table(name)) pieces.push(piece)
    tables.push(Buffer.concat(pieces).toString())
  }
  return tables
}

t.test('a dump reads back table by table whatever its pieces', async (t) => {
  for (const size of [1, 2, 3, 4, 7, 64, 1 << 16]) {
    const reader = new DumpReader(inPieces(file, size))
    t.same(await reader.header(), header, `pieces of ${size}: the header`)
    t.same(await readAll(reader, ['empty', 'notes', 'last']), ['', notes, last], 'each table to its `\\.` line')
    t.same((await reader.trailer()).tables, [{ name: 'notes', rows: 3, bytes: notes.length }], 'and the trailer')
  }
})

t.test('a dump cut short or gone on is refused', async (t) => {
  const cut = async (text: string) => {
    const reader = new DumpReader(inPieces(text, 5))
    await reader.header()
    await readAll(reader, ['empty', 'notes', 'last'])
    await reader.trailer()
  }
  await t.rejects(cut(file.slice(0, file.indexOf('line'))), { name: 'DumpFileError', message: 'the dump ends inside table notes: it is cut short' })
  await t.rejects(cut(file.slice(0, file.indexOf('{"end"'))), { message: /no closing line after its last table/ })
  await t.rejects(cut(file.slice(0, -3)), { message: 'the dump ends in the middle of a line: it is cut short' })
  await t.rejects(cut(file + 'more\n'), { message: 'the dump goes on after its closing line' })
  await t.rejects(new DumpReader(inPieces('{"format":"other"}\n', 4)).header(), { message: /not a dump written by `npm run backup`/ })
  await t.rejects(new DumpReader(inPieces(JSON.stringify({ ...header, version: 9 }) + '\n', 4)).header(), {
    message: /format version 9; this code reads version 1/,
  })
})

t.test('tables load after those their foreign keys point to', async (t) => {
  const tables = ['tribes', 'campaigns', 'users', 'events', 'alone'].map((name) => ({ name }))
  const keys = [
    { from: 'tribes', to: 'campaigns' },
    { from: 'campaigns', to: 'users' },
    { from: 'events', to: 'tribes' },
    { from: 'events', to: 'events' },
  ]
  const order = loadOrder(tables, keys).map((x) => x.name)
  t.same(order, ['alone', 'users', 'campaigns', 'tribes', 'events'], 'by their keys, by name among equals; a key to itself asks for nothing')
  t.equal(outOfOrder(order, keys), null)
  t.same(outOfOrder(['events', 'tribes', 'campaigns', 'users'], keys), { table: 'tribes', needs: 'campaigns' }, 'an order that does not suit them is found')
  t.throws(() => loadOrder(tables, [...keys, { from: 'users', to: 'events' }]), { message: /foreign keys of campaigns, events, tribes, users form a cycle/ })
})

t.test("a pg_dump on the PATH is used only when it is of the server's major version", async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ww-pg-tools-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const folders = { old: path.join(dir, 'old'), current: path.join(dir, 'current'), none: path.join(dir, 'none') }
  for (const [folder, version] of [
    [folders.old, '15.18 (Debian 15.18-0+deb12u1)'],
    [folders.current, '18.4'],
  ] as const) {
    await mkdir(folder, { recursive: true })
    await writeFile(path.join(folder, 'pg_dump'), `#!/bin/sh\necho "pg_dump (PostgreSQL) ${version}"\n`)
    await chmod(path.join(folder, 'pg_dump'), 0o755)
  }
  const searchPath = [folders.none, folders.old, folders.current].join(path.delimiter)
  t.equal(await matchingTool('pg_dump', 18, searchPath), path.join(folders.current, 'pg_dump'), 'the first of version 18 for a server 18')
  t.equal(await matchingTool('pg_dump', 15, searchPath), path.join(folders.old, 'pg_dump'), 'the 15 for a server 15')
  t.equal(await matchingTool('pg_dump', 17, searchPath), null, 'none for a server 17: the dump is our own')
  t.equal(await matchingTool('pg_restore', 18, searchPath), null, 'and a pg_restore must be there itself')
})
