// Fastify's validators and serializers. An API body is JSON and is taken as
// sent: "1" is not 1, null is not false, a number is not a title (#31 item 5), so a client learns
// of its mistake instead of being silently corrected. Forms, query strings, path parameters and
// headers are text by nature and keep Ajv's coercion.
//
// Both are compiled at a route's first use, not when the route is registered: compiling every
// route's schemas (Ajv and fast-json-stringify) was most of a start's CPU (#32), while a
// running server uses a few of them in its first minute. A schema that cannot compile now
// fails that route's first request (a 500, logged) rather than the start.
import AjvCompiler from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'

type Factory = AjvCompiler.BuildCompilerFromPool
type Compiler = ReturnType<Factory>
type Validate = ReturnType<Compiler>

const pool = AjvCompiler()

export const buildValidator: Factory = (externalSchemas, options) => {
  // Each Ajv instance costs its meta-schemas' compile: made at the first validation that needs it.
  let coercing: Compiler | undefined
  let asSent: Compiler | undefined
  const compilerFor = (route: Parameters<Compiler>[0]) =>
    route.httpPart === 'body' && route.url?.startsWith('/api/')
      ? (asSent ??= pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } } as Parameters<Factory>[1]))
      : (coercing ??= pool(externalSchemas, options))
  const compile: Compiler = (route) => {
    let validate: Validate | undefined
    // Fastify reads a failed validation's errors off the function it was given.
    const lazy = ((data: unknown) => {
      validate ??= compilerFor(route)(route)
      const result = validate(data)
      lazy.errors = validate.errors
      return result
    }) as Validate
    return lazy
  }
  return compile
}

type SerializerFactory = ReturnType<typeof SerializerSelector>

const serializers = SerializerSelector()
type Serialize = ReturnType<ReturnType<SerializerFactory>>

/**
 * Serializers already built in this process, by their settings and then by their schema's text.
 * fast-json-stringify's output depends on nothing else, and building one (with an Ajv of its own
 * for each anyOf) was about a tenth of an app test's CPU: every test builds its own app, and each
 * app its own serializers for the same schemas. A server builds one app, so there it changes nothing.
 */
const built = new Map<string, Map<string, Serialize>>()

export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compileNow = serializers(externalSchemas, options)
  const settings = JSON.stringify([externalSchemas, options])
  const known = built.get(settings) ?? built.set(settings, new Map()).get(settings)!
  return (route) => {
    let serialize: Serialize | undefined
    const first = () => {
      const text = JSON.stringify(route.schema)
      const found = known.get(text) ?? compileNow(route)
      known.set(text, found)
      return found
    }
    return (doc) => (serialize ??= first())(doc)
  }
}
