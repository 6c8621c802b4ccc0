// An account as the API shows it, and the answer that logs one in.
import { Type } from 'typebox'

export const UserSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    displayName: Type.String(),
    locale: Type.Union([Type.Literal('es'), Type.Literal('en')]),
    timeZone: Type.String(),
    emailConfirmed: Type.Boolean({ description: 'whether the address is confirmed; until it is, the service may send it no mail but its confirmation link' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'User' },
)

export const TokenSchema = Type.Object({ token: Type.String(), user: UserSchema })
