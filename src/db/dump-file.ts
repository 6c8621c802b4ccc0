// The file `npm run backup` writes when it makes the dump itself (no pg_dump of the server's
// version at hand): gzip of
//
//   one JSON line, the header: what the dump holds and the schema it was taken at;
//   each table's rows as `COPY … TO STDOUT` wrote them (text format), then a line `\.`;
//   one JSON line, the trailer: each table's rows and bytes, written once all were read.
//
// COPY's text format escapes every newline and backslash inside a value, so no row is ever the
// line `\.` (psql's own end-of-data mark): it ends a table without a count known beforehand,
// which would have cost a second scan of every table. The trailer's counts are checked against
// what the restore loaded before it commits, and gzip's checksum catches a damaged file.
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'

export const DUMP_FORMAT = 'weekday-wars-dump'
export const DUMP_VERSION = 1

export interface DumpHeader {
  format: typeof DUMP_FORMAT
  version: number
  /** When the snapshot was taken, by the database's clock. */
  takenAt: string
  /** The server's `server_version`. */
  server: string
  /** The migrations applied to the database dumped, in the order they were applied: the schema its rows fit. */
  migrations: { name: string; checksum: string }[]
  /** In the order they follow in the file, which loads each table after those its foreign keys point to. */
  tables: { name: string; columns: string[] }[]
  /** Sequences that belong to no column, with their value; a column's own is set from the column's largest value. */
  sequences: { name: string; lastValue: string | null }[]
}

export interface TableFigures {
  name: string
  rows: number
  /** The bytes of its COPY text, before compression. */
  bytes: number
}

export interface DumpTrailer {
  end: true
  tables: TableFigures[]
}

const END_OF_TABLE = Buffer.from('\\.\n')
const END_AFTER_ROW = Buffer.from('\n\\.\n')
const NEWLINE = 0x0a

/** Writes to `out` (the gzip stream), waiting while it is full. */
export async function put(out: Writable, chunk: Buffer | string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain')
}

export const headerLine = (header: DumpHeader) => JSON.stringify(header) + '\n'
export const trailerLine = (tables: TableFigures[]) => JSON.stringify({ end: true, tables } satisfies DumpTrailer) + '\n'
export const endOfTable = END_OF_TABLE

export class DumpFileError extends Error {
  override name = 'DumpFileError'
}

/** Reads a dump back from its decompressed stream: the header, each table's COPY text, the trailer. */
export class DumpReader {
  private rest: Buffer = Buffer.alloc(0)
  private readonly chunks: AsyncIterator<Buffer>
  private done = false

  constructor(stream: Readable) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  }

  private async more(): Promise<boolean> {
    if (this.done) return false
    const next = await this.chunks.next()
    if (next.done) {
      this.done = true
      return false
    }
    this.rest = this.rest.length ? Buffer.concat([this.rest, next.value]) : next.value
    return true
  }

  /** The next whole line, without its newline; null at the end of the file. */
  private async line(): Promise<string | null> {
    for (let from = 0; ;) {
      const at = this.rest.indexOf(NEWLINE, from)
      if (at >= 0) {
        const line = this.rest.subarray(0, at).toString('utf8')
        this.rest = this.rest.subarray(at + 1)
        return line
      }
      from = this.rest.length
      if (!(await this.more())) {
        if (this.rest.length) throw new DumpFileError('the dump ends in the middle of a line: it is cut short')
        return null
      }
    }
  }

  async header(): Promise<DumpHeader> {
    const line = await this.line()
    const header = parse(line) as Partial<DumpHeader> | null
    if (header?.format !== DUMP_FORMAT) throw new DumpFileError('this is not a dump written by `npm run backup`')
    if (header.version !== DUMP_VERSION) throw new DumpFileError(`the dump is of format version ${header.version}; this code reads version ${DUMP_VERSION}`)
    return header as DumpHeader
  }

  /** One table's COPY text, in pieces, up to its `\.` line, which is left out. */
  async *table(name: string): AsyncGenerator<Buffer> {
    while (this.rest.length < END_OF_TABLE.length && (await this.more()));
    if (this.rest.subarray(0, END_OF_TABLE.length).equals(END_OF_TABLE)) {
      this.rest = this.rest.subarray(END_OF_TABLE.length)
      return
    }
    for (;;) {
      const at = this.rest.indexOf(END_AFTER_ROW)
      if (at >= 0) {
        yield this.rest.subarray(0, at + 1)
        this.rest = this.rest.subarray(at + END_AFTER_ROW.length)
        return
      }
      // The last bytes may be the start of the end mark: they wait for the next piece.
      const keep = Math.min(END_AFTER_ROW.length - 1, this.rest.length)
      const ready = this.rest.subarray(0, this.rest.length - keep)
      this.rest = this.rest.subarray(this.rest.length - keep)
      if (ready.length) yield ready
      if (!(await this.more())) throw new DumpFileError(`the dump ends inside table ${name}: it is cut short`)
    }
  }

  async trailer(): Promise<DumpTrailer> {
    const trailer = parse(await this.line()) as Partial<DumpTrailer> | null
    if (trailer?.end !== true || !Array.isArray(trailer.tables)) throw new DumpFileError('the dump has no closing line after its last table: it is cut short')
    if ((await this.line()) !== null) throw new DumpFileError('the dump goes on after its closing line')
    return trailer as DumpTrailer
  }
}

function parse(line: string | null): unknown {
  if (line === null) return null
  try {
    return JSON.parse(line)
  } catch {
    return null
  }
}
