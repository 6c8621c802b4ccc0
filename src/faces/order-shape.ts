// A game's orders as the API takes them: each order an object of its `type` and its own fields,
// the game's orders one union the API document names, and each order checked against that game's
// own schemas (TypeBox, compiled once, at first use): a refusal names the order, the field and
// what it should be in that game's terms, never another game's.
import { Type, type TObject, type TProperties, type TSchema } from 'typebox'
import { Compile, type Validator } from 'typebox/compile'
import { AppError } from '../lib/errors.ts'

type Variant = TObject & { properties: { type: { const: string } } }

/** The checker of one game's orders, from its schema: a union of objects told apart by `type`. */
export function orderShapes(schema: TSchema, gameName: string) {
  const variants = (schema as { anyOf?: Variant[] }).anyOf ?? [schema as Variant]
  // Each variant is compiled at its first order, not at start: compiling them all was 2% of a start (#32).
  const byType = new Map(
    variants.map((v) => [
      v.properties.type.const,
      { variant: v, check: undefined as Validator | undefined, fields: Object.keys(v.properties).filter((k) => k !== 'type') },
    ]),
  )
  const types = [...byType.keys()].join(', ')
  return function check(orders: readonly unknown[]) {
    orders.forEach((order, i) => {
      const at = orders.length > 1 ? `orders[${i}]` : 'order'
      const type = typeof order === 'object' && order !== null && !Array.isArray(order) ? (order as { type?: unknown }).type : undefined
      if (typeof type !== 'string') throw new AppError(400, 'orders/bad_shape', `${at} is an object whose type is one of the orders of ${gameName}: ${types}`)
      const shape = byType.get(type)
      if (!shape) throw new AppError(400, 'orders/unknown_type', `${at}: ${gameName} has no order "${type}"; its orders are ${types}`)
      const [first] = (shape.check ??= Compile(shape.variant)).Errors(order)
      if (!first) return
      const extra = first.keyword === 'additionalProperties' ? ` (${(first.params as { additionalProperties: string[] }).additionalProperties.join(', ')})` : ''
      const fields = shape.fields.length ? `; a ${type} has ${shape.fields.join(', ')}` : `; a ${type} has no fields`
      throw new AppError(400, 'orders/bad_shape', `${at}${first.instancePath.replace(/\//g, '.')}: ${first.message}${extra}${fields}`)
    })
  }
}

/** One order: `type` and the fields `props` gives, no other; `description` names its rule. */
export const orderShape = <P extends TProperties>(type: string, props: P, description: string) =>
  Type.Object({ type: Type.Literal(type), ...props }, { additionalProperties: false, description })

/** How the API document names a game and its rule book, in its orders' and trades' descriptions. */
export interface RuleBook {
  title: string
  name: string
  book: string
}

/** A game's orders as one component of the API document (`id`), read against its rule book. */
export const ordersOf = <O extends TSchema[]>(id: string, game: RuleBook, orders: [...O]) =>
  Type.Union(orders, {
    $id: id,
    title: `${game.title} order`,
    description: `One order of ${game.name} (${game.book}); the engine checks the rules, this the shape.`,
  })
