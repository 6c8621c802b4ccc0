// Fastify's validators, chosen by what a part of a request is. An API body is JSON and is taken as
// sent: "1" is not 1, null is not false, a number is not a title (#31 item 5), so a client learns
// of its mistake instead of being silently corrected. Forms, query strings, path parameters and
// headers are text by nature and keep Ajv's coercion.
import AjvCompiler from '@fastify/ajv-compiler'

type Factory = AjvCompiler.BuildCompilerFromPool
type Compiler = ReturnType<Factory>

const pool = AjvCompiler()

export const buildValidator: Factory = (externalSchemas, options) => {
  const coercing = pool(externalSchemas, options)
  const asSent = pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } } as Parameters<Factory>[1])
  const compile: Compiler = (route) => (route.httpPart === 'body' && route.url?.startsWith('/api/') ? asSent : coercing)(route)
  return compile
}
