// Each game's order, trade, board and options shapes, shared under their own names, so that the
// OpenAPI document lists them per game (components.schemas) and the routes can point at them. A game's
// orders are a `oneOf` told apart by `type` (an OpenAPI discriminator, so a client generator
// makes one type per order); each order is a component of its own, named `<Game><Type>`.
// app.ts adds them between the plugins and the routes: the plugins know no face.
import type { TSchema } from 'typebox'
import { FACES, type Face } from './index.ts'

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

/** The components of one game's orders, each order's own (`WeekdayMove`…), without the game's union. */
export const orderComponentIds = (face: Face): string[] =>
  documentedOrders(face.orderSchema)
    .slice(0, -1)
    .map((variant) => variant.$id as string)

/** Every registered game's order components, for fastify.addSchema. */
export const orderComponents = (): Record<string, unknown>[] => FACES.flatMap((face) => documentedOrders(face.orderSchema))

/** Every registered game's transfer, a component of its own (`WeekdayTransfer`…), for fastify.addSchema. */
export const tradeComponents = (): Record<string, unknown>[] => FACES.map((face) => face.tradeSchema as Record<string, unknown>)

/** A game's name in the components, from its order schema's (`OpenWarsOrder` → `OpenWars`). */
export const componentPrefix = (face: Face): string => (face.orderSchema as { $id: string }).$id.replace(/Order$/, '')

/** The component a game's board goes under; the board says its game in `ruleset`, so a client narrows on it (#50). */
export const boardComponent = (face: Face): string => `${componentPrefix(face)}State`
export const optionsComponent = (face: Face): string => `${componentPrefix(face)}Options`
export const eventsComponent = (face: Face): string => `${componentPrefix(face)}Event`

/**
 * Every registered game's board (`WeekdayState`…), options (`WeekdayOptions`…) and events (`WeekdayEvent`…), for
 * fastify.addSchema. The board gains `ruleset`, the game's id as a constant: one field every
 * game's board has, whose value tells them apart (services/views.ts fills it).
 */
export const answerComponents = (): Record<string, unknown>[] =>
  FACES.flatMap((face) => {
    const board = face.api.state as { properties: Record<string, unknown>; required?: string[] }
    return [
      {
        ...board,
        $id: boardComponent(face),
        properties: { ruleset: { const: face.id, type: 'string', description: 'the game' }, ...board.properties },
        required: ['ruleset', ...(board.required ?? [])],
      },
      { ...(face.api.options as object), $id: optionsComponent(face) },
      { ...(face.api.events as object), $id: eventsComponent(face) },
    ]
  })
