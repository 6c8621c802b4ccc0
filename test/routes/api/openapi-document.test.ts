// The served OpenAPI document is valid for the tools a bot author reaches for first (#31 items
// 1–3): swagger-parser's validate, Redocly's recommended lint with no error, every example valid
// against its schema; every operation named, summarised, tagged and described; only the API in
// it; one order schema per game, its orders told apart by `type`.
import SwaggerParser from '@apidevtools/swagger-parser'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { validateExamples } from 'openapi-examples-validator'
import t, { type Test } from 'tap'
import { FACES } from '../../../src/faces/index.ts'
import { orderComponentIds } from '../../../src/faces/order-schemas.ts'
import { operationIdOf } from '../../../src/lib/openapi.ts'
import { buildTestApp } from '../../helpers/app.ts'

type Operation = {
  operationId?: string
  summary?: string
  tags?: string[]
  security?: unknown[]
  responses: Record<string, { description?: string }>
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }
}
type Document = {
  openapi: string
  servers?: { url: string }[]
  tags?: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Record<string, unknown>> }
}

const served = async (t: Test) => {
  const app = await buildTestApp(t, { allowTestClock: true, publicUrl: 'https://wars.example' })
  const res = await app.inject({ method: 'GET', url: '/docs/json' })
  t.equal(res.statusCode, 200, 'the document is served')
  return { app, text: res.body, document: res.json() as Document }
}

t.test('swagger-parser validates the document as OpenAPI 3.1', async (t) => {
  const { document } = await served(t)
  t.equal(document.openapi, '3.1.0')
  await t.resolves(SwaggerParser.validate(structuredClone(document) as never), 'swagger-parser: valid')
})

t.test("Redocly's recommended rules find no error", async (t) => {
  const { text } = await served(t)
  const config = await createConfig({ extends: ['recommended'] })
  const problems = await lintFromString({ source: text, absoluteRef: 'https://wars.example/docs/json', config })
  const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)
  t.same(errors, [], 'no error')
})

t.test('every example of the document is valid against its schema', async (t) => {
  const { document } = await served(t)
  // #50: the document as served, unedited (the orders' examples meet no discriminator mapping, which Ajv refuses).
  const result = await validateExamples(document)
  t.ok(result.statistics.examplesTotal >= 12, `${result.statistics.examplesTotal} examples checked`)
  t.same(result.errors, [], 'all valid')
})

t.test('only the API is documented; every operation has an id, a summary, declared tags, security and described responses', async (t) => {
  const { app, document } = await served(t)
  t.same(document.servers, [{ url: 'https://wars.example' }], 'servers: the public address')
  // #50: only what is sent is documented. A request limit says what is left; a stream's count of open streams does not.
  const ok = (path: string, method: string) =>
    Object.keys((document.paths[path] as Record<string, { responses: Record<string, { headers?: object }> }>)[method]!.responses['200']!.headers ?? {})
  t.ok(ok('/api/auth/login', 'post').includes('RateLimit-Remaining'), 'a limited request says what is left')
  t.notOk(
    ok('/api/campaigns/{id}/stream', 'get').some((h) => h.startsWith('RateLimit')),
    'the stream sends no RateLimit-* and documents none',
  )
  t.notOk(
    ok('/api/auth/password-reset/confirm', 'post').some((h) => h.startsWith('RateLimit')),
    'nor does a route whose only limit is the per-place ceiling',
  )
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'x' } })
  t.ok(login.headers['ratelimit-remaining'] !== undefined, 'and the limited one really sends it')
  const declared = new Set(document.tags?.map((tag) => tag.name))
  const ids = new Set<string>()
  let operations = 0
  for (const [path, item] of Object.entries(document.paths)) {
    t.ok(path === '/health' || path === '/health/ready' || path.startsWith('/api/'), `${path} is an API path`)
    for (const [method, operation] of Object.entries(item)) {
      operations++
      const name = `${method.toUpperCase()} ${path}`
      if (!operation.operationId || ids.has(operation.operationId)) t.fail(`${name}: a unique operationId`)
      ids.add(operation.operationId!)
      if (!operation.summary) t.fail(`${name}: a summary`)
      if (!operation.tags?.length || !operation.tags.every((tag) => declared.has(tag))) t.fail(`${name}: declared tags (${operation.tags})`)
      if (!Array.isArray(operation.security)) t.fail(`${name}: says its security`)
      for (const [status, response] of Object.entries(operation.responses))
        if (!response.description || response.description === 'Default Response') t.fail(`${name} ${status}: a description`)
    }
  }
  t.ok(operations > 50, `${operations} operations checked`)
  for (const page of ['/campaigns/{id}/turn', '/login', '/assets/{*}', '/'])
    t.notOk(document.paths[page], `the page ${page} is not in the API document (docs/PAGES.md lists the pages)`)
  t.equal(document.paths['/api/campaigns/{id}/state']?.get?.operationId, 'getCampaignsByIdState')
  t.equal(
    operationIdOf('post', '/api/campaigns/{id}/scenes/{sceneId}/proposals/{proposalId}/accept'),
    'postCampaignsByIdScenesBySceneIdProposalsByProposalIdAccept',
  )
  t.equal(document.paths['/api/campaigns']?.post?.responses['400']?.description?.startsWith('Refused'), true, 'a 4xx says what it means')
  const error = document.paths['/api/campaigns']?.post?.responses['400'] as { content?: Record<string, { schema: { $ref?: string } }> }
  t.equal(error.content?.['application/problem+json']?.schema.$ref, '#/components/schemas/Error', 'the error schema has a name, served as RFC 9457 problems')
})

t.test('one order schema per game: a oneOf of that game only, told apart by type, each order a component', async (t) => {
  const { document } = await served(t)
  const schemas = document.components.schemas
  const body = document.paths['/api/campaigns/{id}/orders']!.post!.requestBody!.content['application/json']!.schema as {
    properties: { order: { anyOf: { $ref: string }[] } }
  }
  // Each order of each game, so that the body's examples are checked with no discriminator mapping in the way (#50).
  const gameOrders = FACES.flatMap((face) => orderComponentIds(face).map((id) => `#/components/schemas/${id}`))
  t.same(
    body.properties.order.anyOf.map((ref) => ref.$ref),
    gameOrders,
    'the envelope holds an order of one of the games',
  )
  t.ok(gameOrders.includes('#/components/schemas/ConquestAirStrike') && gameOrders.includes('#/components/schemas/WeekdayMove'), "every game's orders, by name")
  for (const face of FACES) {
    const name = (face.orderSchema as { $id: string }).$id
    const union = schemas[name] as { oneOf: { $ref: string }[]; discriminator: { propertyName: string; mapping: Record<string, string> } }
    const types = (face.orderSchema as { anyOf: { properties: { type: { const: string } } }[] }).anyOf.map((v) => v.properties.type.const)
    t.equal(union.discriminator.propertyName, 'type', `${name}: told apart by type`)
    t.same(Object.keys(union.discriminator.mapping).sort(), [...types].sort(), `${name}: every order of ${face.id} is mapped, none of another game`)
    for (const [type, ref] of Object.entries(union.discriminator.mapping)) {
      t.ok(
        union.oneOf.some((branch) => branch.$ref === ref),
        `${name}.${type} is a branch of the oneOf`,
      )
      const variant = schemas[ref.replace('#/components/schemas/', '')] as { properties: { type: { enum?: string[]; const?: string } } }
      t.same(variant.properties.type.enum ?? [variant.properties.type.const], [type], `${ref} is the order ${type}`)
    }
  }
  t.not(schemas.WeekdayMove, schemas.ConquestMove, 'the two games each have their own move')
  t.notOk('airStrike' in (schemas.WeekdayOrder as { discriminator: { mapping: object } }).discriminator.mapping, 'a weekday bot is not offered airStrike')
})
