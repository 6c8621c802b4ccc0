// A game's trades as the API takes them (R11.3's proposals): each face declares one transfer of
// its game (`from`, `to` and that game's assets), and a proposal is checked against the campaign's
// game's transfer before any lock, so that a refusal names that game's fields, never another's.
// A field of any value is there only for the engine to refuse with its rule (R11.1's resources,
// W8.3's units): it passes the shape, in a transfer or beside the transfers, and the engine says why.
import type { TObject, TSchema } from 'typebox'
import { Type } from 'typebox'
import { Compile, type Validator } from 'typebox/compile'
import { AppError } from '../lib/errors.ts'
import type { RuleBook } from './order-shape.ts'

/**
 * One tribe's part of a trade in one game: `id` is its component's name in the API document,
 * `chapter` the book's chapter on trades and `gives` what a tribe may give in it.
 */
export const transferSchema = (id: string, game: RuleBook, chapter: string, gives: string, assets: Record<string, TSchema>) =>
  Type.Object(
    {
      from: Type.String({ maxLength: 64, description: 'The giving tribe' }),
      to: Type.String({ maxLength: 64, description: 'The receiving tribe' }),
      ...assets,
    },
    {
      $id: id,
      title: `${game.title} transfer`,
      description: `What one tribe gives another in a trade of ${game.name} (${game.book} ${chapter}): ${gives}.`,
      additionalProperties: false,
    },
  )

/** A field a trade never holds in this game: taken only to be refused by the engine with `rule`. */
export const refusedAsset = (rule: string, what: string) =>
  Type.Optional(Type.Unknown({ description: `Never tradeable (${rule}): ${what}. Taken only to be refused with that rule.` }))

const isRefused = (schema: TSchema) => !('type' in schema) && !('anyOf' in schema) && !('$ref' in schema)

/** The checker of one game's proposals, from its transfer schema (compiled at the first proposal). */
export function tradeShapes(schema: TSchema, gameName: string) {
  const properties = (schema as TObject).properties
  const fields = Object.keys(properties).filter((k) => k !== 'from' && k !== 'to')
  const refused = new Set(fields.filter((k) => isRefused(properties[k]!)))
  const named = fields.map((k) => (refused.has(k) ? `${k} (refused)` : k)).join(', ')
  const has = `; a transfer of ${gameName} has from, to, ${named}`
  let validator: Validator | undefined
  return function check(proposal: { transfers: readonly unknown[] } & Record<string, unknown>) {
    const beside = Object.keys(proposal).find((k) => k !== 'transfers' && !refused.has(k))
    if (beside) throw new AppError(400, 'proposal/bad_shape', `${beside}: a proposal of ${gameName} lists what each tribe gives in its transfers${has}`)
    proposal.transfers.forEach((transfer, i) => {
      const errors = [...(validator ??= Compile(schema)).Errors(transfer)]
      // A field of another game reads better as the object's extra field than as "schema is false" at its path.
      const first = errors.find((e) => e.keyword === 'additionalProperties') ?? errors[0]
      if (!first) return
      const extra = first.keyword === 'additionalProperties' ? ` (${(first.params as { additionalProperties: string[] }).additionalProperties.join(', ')})` : ''
      throw new AppError(400, 'proposal/bad_shape', `transfers[${i}]${first.instancePath.replace(/\//g, '.')}: ${first.message}${extra}${has}`)
    })
  }
}
