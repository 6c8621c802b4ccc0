import { Type, type Static } from 'typebox'

const ErrorDetail = Type.Object({
  code: Type.String({ description: 'Stable, namespaced error code, e.g. auth/email_taken' }),
  message: Type.String({ description: 'What went wrong, for people' }),
  rule: Type.Optional(Type.String({ description: "Rule id of the campaign's game book (R4.3, G6.1…), when one applies" })),
})

/**
 * The one error shape of the API: an RFC 9457 problem (`application/problem+json`) whose members
 * `code`, `message` and `rule` are the API's own, with `error` holding the same three for
 * clients of the first version. The handlers write `{ error }`; the problems plugin adds the rest.
 */
export const ErrorSchema = Type.Object(
  {
    type: Type.Optional(Type.String({ description: 'RFC 9457: about:blank (the code says which problem)' })),
    title: Type.Optional(Type.String({ description: 'RFC 9457: the HTTP status phrase' })),
    status: Type.Optional(Type.Integer({ description: 'RFC 9457: the HTTP status' })),
    detail: Type.Optional(Type.String({ description: 'RFC 9457: the same as message' })),
    code: Type.Optional(ErrorDetail.properties.code),
    message: Type.Optional(ErrorDetail.properties.message),
    rule: Type.Optional(Type.String({ description: "Rule id of the campaign's game book, when one applies" })),
    error: ErrorDetail,
  },
  { $id: 'Error', title: 'Error' },
)
export type ErrorBody = Static<typeof ErrorSchema>

/** An expected failure that becomes a 4xx answer with the API's error shape. */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly rule?: string,
  ) {
    super(message)
  }

  /** The particulars a game's refusal names (tiles, counts), for the sentence in the reader's language. */
  params?: Record<string, string | number>

  /** Seconds before the caller may try again, sent as Retry-After (a limit per day or per hour). */
  retryAfterSeconds?: number

  /** A 429 for a limit the service counts itself, with the wait it implies. */
  static limited(code: string, message: string, retryAfterSeconds: number): AppError {
    const error = new AppError(429, code, message)
    error.retryAfterSeconds = retryAfterSeconds
    return error
  }
}

export function errorBody(code: string, message: string, rule?: string): ErrorBody {
  return { error: rule ? { code, message, rule } : { code, message } }
}

/** Reference to the shared Error schema, for route response maps. */
export const ErrorRef = Type.Unsafe<ErrorBody>({ $ref: 'Error#' })

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
])
const DOWN_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|Can't reach database server|DatabaseNotReachable|server closed the connection/i

/** Whether an error (pg, Prisma, or a socket under them) means the database cannot be reached right now (not a bad query). */
export function isDatabaseDown(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown } | undefined, depth = 0;
    e && depth < 6;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && (DOWN_CODES.has(e.code) || e.code.startsWith('08'))) return true
    if (typeof e.kind === 'string' && DOWN_MESSAGES.test(e.kind)) return true
    if (typeof e.message === 'string' && DOWN_MESSAGES.test(e.message)) return true
  }
  return false
}

// 57014: statement_timeout; 55P03: lock_timeout; a pool's acquire timeout says it in words.
const BUSY_CODES = new Set(['57014', '55P03'])
const BUSY_MESSAGES = /timeout exceeded when trying to connect|a transaction asked the pool for a second connection/i

/** Why the database cannot serve this request now, so that it is answered 503 with Retry-After; null for other errors. */
export function unavailableBecause(error: unknown): 'down' | 'busy' | null {
  if (isDatabaseDown(error)) return 'down'
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && BUSY_CODES.has(e.code)) return 'busy'
    if (typeof e.message === 'string' && BUSY_MESSAGES.test(e.message)) return 'busy'
  }
  return null
}
