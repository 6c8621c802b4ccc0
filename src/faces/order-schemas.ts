// Each game's order and trade shapes, shared under their own names, so that the OpenAPI document
// lists one order schema and one transfer per game (components.schemas) and the routes can point at them. A game's
// orders are a `oneOf` told apart by `type` (an OpenAPI discriminator, so a client generator
// makes one type per order); each order is a component of its own, named `<Game><Type>`.
// app.ts adds them between the plugins and the routes: the plugins know no face.
import type { TSchema } from 'typebox'
import { FACES } from './index.ts'

type Variant = { properties: { type: { const: string } } } & Record<string, unknown>

/** The components of one game's orders: each variant under `<Game><Type>`, and the game's union over them. */
export function documentedOrders(schema: TSchema): Record<string, unknown>[] {
  const union = schema as { $id: string; title?: string; description?: string; anyOf?: Variant[] }
  const variants = (union.anyOf ?? [schema as Variant]).map((variant) => {
    const type = variant.properties.type.const
    return { ...variant, $id: `${union.$id.replace(/Order$/, '')}${type[0]!.toUpperCase()}${type.slice(1)}`, title: type }
  })
  return [
    ...variants,
    {
      $id: union.$id,
      title: union.title,
      description: union.description,
      oneOf: variants.map((variant) => ({ $ref: `${variant.$id}#` })),
      // The mapping is written into the document (lib/openapi.ts): Ajv's discriminator takes none.
      discriminator: { propertyName: 'type' },
    },
  ]
}

/** Every registered game's order components, for fastify.addSchema. */
export const orderComponents = (): Record<string, unknown>[] => FACES.flatMap((face) => documentedOrders(face.orderSchema))

/** Every registered game's transfer, a component of its own (`WeekdayTransfer`…), for fastify.addSchema. */
export const tradeComponents = (): Record<string, unknown>[] => FACES.map((face) => face.tradeSchema as Record<string, unknown>)
