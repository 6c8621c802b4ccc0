import { Type, type Static } from 'typebox'

/** The one error shape of the API: `{"error":{"code","message","rule"?}}`. */
export const ErrorSchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable, namespaced error code, e.g. auth/email_taken' }),
      message: Type.String({ description: 'What went wrong, for people' }),
      rule: Type.Optional(Type.String({ description: 'Rule id from docs/RULES.md, when one applies' })),
    }),
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
}

export function errorBody(code: string, message: string, rule?: string): ErrorBody {
  return { error: rule ? { code, message, rule } : { code, message } }
}

/** Reference to the shared Error schema, for route response maps. */
export const ErrorRef = Type.Unsafe<ErrorBody>({ $ref: 'Error#' })
