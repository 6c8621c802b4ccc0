// What every game's board carries for the platform (services/views.ts builds it): the version and
// status, the period and its progress, each tribe's calendar, and the reader's own window. A
// face's board schema is these around its game's own fields, so the platform's part is said once.
import { Type, type TProperties, type TSchema } from 'typebox'

/** The board's head: its version, its status, the period (`week`, described in the game's words) and "n of L". */
export const boardHead = (period: string, progress = '"period n of L" with a limit; null before the start') => ({
  version: Type.Integer(),
  status: Type.String(),
  week: Type.Integer({ description: period }),
  progress: Type.Union([Type.Object({ n: Type.Integer(), of: Type.Integer() }), Type.Null()], { description: progress }),
})

/** A tribe's window in a period game, as the engine's \`Window\` says: shut, open, ordered in, or ended by the tribe. */
export const windowState = Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('started'), Type.Literal('ended')])

/** Each tribe's calendar; a game's own figures of the tribe, if it has any, under `figures`. */
export const boardTribes = (figures?: TSchema) =>
  Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      weekday: Type.String(),
      phase: Type.String(),
      eliminated: Type.Boolean(),
      windowOpen: Type.Boolean({ description: "whether the tribe's weekday window is open now; false during setup, whose orders go in at any hour" }),
      nextOpening: Type.String(),
      ...(figures ? { figures } : {}),
    }),
  )

/** The reader's own tribe and window, with the game's own part of what only it may see; null for a GM or a spectator. */
export const boardYou = (own: TProperties, options: { description?: string; additionalProperties?: boolean } = {}) =>
  Type.Union([
    Type.Null(),
    Type.Object(
      {
        tribeId: Type.String(),
        phase: Type.String(),
        windowOpen: Type.Boolean({
          description:
            "whether your weekday window is open now (as your tribe's entry says); false during setup, whose orders go in at any hour (`phase` says which)",
        }),
        closesAt: Type.Union([Type.String(), Type.Null()]),
        nextOpening: Type.String(),
        ...own,
      },
      options,
    ),
  ])
