// A property-based fuzz of every operation of the API document (#31 must-show), in three roles
// (anonymous, a player, the GM), with fast-check: request bodies, queries and path parameters
// drawn from each operation's own schemas, bent now and then into something else. Whatever is
// sent, the server answers no 5xx and no status that the operation does not document.
import fc from 'fast-check'
import t from 'tap'
import { call, mondayGame } from '../../helpers/campaign.ts'

type Schema = Record<string, unknown>
type Parameter = { in: string; name: string; required?: boolean; schema: Schema }
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> }

/** Routes that would end the fuzz itself (logging the role out, moving the clock) or never end (the live stream, stream.test.ts). */
const LEFT_OUT = new Set(['POST /api/auth/logout', 'POST /api/auth/logout-everywhere', 'POST /api/dev/clock', 'GET /api/campaigns/{id}/stream'])
const RUNS_PER_OPERATION = 25

t.test('every operation, any input, three roles: no 5xx and no undocumented status', async (t) => {
  const { app, table } = await mondayGame(t)
  const document = (await call(app, null, 'GET', '/docs/json')).body as {
    paths: Record<string, Record<string, Operation>>
    components: { schemas: Record<string, Schema> }
  }
  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref as string | undefined
    return ref ? resolve(document.components.schemas[ref.replace('#/components/schemas/', '')]!) : schema
  }
  const ana = table.players.ana!
  const ids: Record<string, string[]> = { id: [table.id], tribeId: [ana.tribeId, table.players.ben!.tribeId], week: ['0', '1'] }

  /** Values the schema allows, drawn by fast-check; one in five is any JSON at all. */
  const arbitraryOf = (raw: Schema, depth = 0): fc.Arbitrary<unknown> => {
    const schema = resolve(raw)
    const valid = ((): fc.Arbitrary<unknown> => {
      if ('const' in schema) return fc.constant(schema.const)
      if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
      const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
      if (branches) return fc.oneof(...branches.map((b) => arbitraryOf(b, depth + 1)))
      const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined)
      if (type === 'object' && depth < 4) {
        const properties = (schema.properties ?? {}) as Record<string, Schema>
        const required = new Set((schema.required ?? []) as string[])
        const record: Record<string, fc.Arbitrary<unknown>> = {}
        for (const [name, property] of Object.entries(properties)) record[name] = arbitraryOf(property, depth + 1)
        return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) })
      }
      if (type === 'array' && depth < 4) return fc.array(arbitraryOf((schema.items ?? {}) as Schema, depth + 1), { maxLength: 4 })
      if (type === 'integer')
        return fc.integer({ min: (schema.minimum as number | undefined) ?? -5, max: Math.min((schema.maximum as number | undefined) ?? 20, 1_000_000) })
      if (type === 'number') return fc.double({ noNaN: true, min: -1e6, max: 1e6 })
      if (type === 'boolean') return fc.boolean()
      if (type === 'null') return fc.constant(null)
      if (type === 'string') {
        if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(table.id, ana.tribeId, ana.userId))
        if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
        return fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('2,1', '3,3', 'monday', 'coast-3', 'Europe/Madrid', 'es'))
      }
      return fc.jsonValue({ maxDepth: 2 })
    })()
    return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) })
  }
  const pathValue = (name: string) =>
    fc.oneof(fc.constantFrom(...(ids[name] ?? [table.id])), fc.uuid(), fc.string({ minLength: 1, maxLength: 8 }).map(encodeURIComponent))

  const roles: [string, string | null][] = [
    ['anonymous', null],
    ['player', ana.token],
    ['GM', table.gm],
  ]
  let requests = 0
  const seen = new Map<string, number>()
  const findings: string[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`
      if (LEFT_OUT.has(name)) continue
      const documented = new Set(Object.keys(operation.responses))
      const parameters = operation.parameters ?? []
      const body = operation.requestBody?.content['application/json']?.schema
      const request = fc.record({
        role: fc.constantFrom(...roles),
        path: fc.tuple(...parameters.filter((p) => p.in === 'path').map((p) => pathValue(p.name)), fc.constant(null)),
        query: fc.record(
          Object.fromEntries(
            parameters.filter((p) => p.in === 'query').map((p) => [p.name, arbitraryOf(p.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))]),
          ),
          { requiredKeys: [] },
        ),
        body: body ? arbitraryOf(body) : fc.constant(undefined),
      })
      await fc
        .assert(
          fc.asyncProperty(request, async (r) => {
            let i = 0
            const url = path.replace(/\{[^}]+\}/g, () => String(r.path[i++]))
            const query = new URLSearchParams(r.query as Record<string, string>).toString()
            const res = await app.inject({
              method: method.toUpperCase() as 'GET',
              url: query ? `${url}?${query}` : url,
              ...(r.body === undefined ? {} : { payload: JSON.stringify(r.body) }),
              headers: {
                ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
                ...(r.role[1] ? { authorization: `Bearer ${r.role[1]}` } : {}),
              },
            })
            requests++
            const status = String(res.statusCode)
            seen.set(status, (seen.get(status) ?? 0) + 1)
            if (res.statusCode >= 500 || !documented.has(status)) {
              findings.push(`${name} as ${r.role[0]}: ${status} ${res.body.slice(0, 160)} for ${url} ${JSON.stringify(r.body)?.slice(0, 120)}`)
              return false
            }
            return true
          }),
          { numRuns: RUNS_PER_OPERATION, seed: 31, endOnFailure: true },
        )
        .then(() => undefined)
        .catch(() => undefined)
    }
  }
  t.same(findings, [], 'no 5xx, no undocumented status')
  t.ok(requests > 1000, `${requests} requests`)
  t.ok((seen.get('200') ?? 0) + (seen.get('201') ?? 0) > 100, `many accepted too, not only refusals: ${JSON.stringify(Object.fromEntries([...seen].sort()))}`)
})
