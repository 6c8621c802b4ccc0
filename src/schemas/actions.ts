// One TypeBox schema per action that both the API (JSON) and the page forms
// (url-encoded, coerced by the same Ajv) send: bad input is refused the same
// way, with the same error code, wherever it comes from.
import { Type, type TBoolean } from 'typebox'
import { rulesetIds } from '../engine/index.ts'

/** Some visible text: not blank, not only spaces. */
const Text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description ? { description } : {}) })

const Locale = Type.Union([Type.Literal('es'), Type.Literal('en')])
const Zone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone, default Europe/Madrid' })
export const Tile = Type.String({ pattern: '^-?\\d{1,4},-?\\d{1,4}$', description: 'a tile as axial "q,r"', examples: ['3,-1'] })

export const RegisterBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 8, maxLength: 200 }),
    displayName: Text(60),
    locale: Type.Optional(Locale),
    timeZone: Type.Optional(Zone),
  },
  { additionalProperties: false },
)

export const ProfileBody = Type.Object(
  {
    displayName: Type.Optional(Text(60)),
    locale: Type.Optional(Locale),
    timeZone: Type.Optional(Zone),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
)

/** Asking for a mailed link (#51): a password reset or a sign-in. */
export const LinkRequestBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false })

/** A mailed link's token, spent by this request. */
export const LinkBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })

export const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 8, maxLength: 200 }) },
  { additionalProperties: false },
)

export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: Type.String({ minLength: 8, maxLength: 200 }) },
  { additionalProperties: false },
)

export const ChangeEmailBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 200 }), email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
)

/** Closing an account: the password, so that a borrowed session cannot. */
export const CloseAccountBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })

export const CreateCampaignBody = Type.Object(
  {
    name: Text(80),
    mapId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'a map id from GET /api/maps, for a game whose campaigns choose their map; a game with a board of its own plays that',
      }),
    ),
    ruleset: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: `the game: ${rulesetIds().join(', ')} (the first is the default)`,
        examples: [rulesetIds().at(-1)],
      }),
    ),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone (R2.2), default Europe/Madrid' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 520, description: 'the period limit (weeks, rounds): each game says which it takes and its default (R2.5, G1.7)' }),
    ),
    weekLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 520, description: 'the old name of limit, still taken' })),
    public: Type.Optional(Type.Boolean({ description: 'anyone may watch, read-only' })),
  },
  { additionalProperties: false },
)

export const InviteBody = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    locale: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('es')], { description: 'Language of the mail to someone without an account' })),
    note: Type.Optional(Type.String({ maxLength: 300, description: 'A few words of yours in the mail (plain text, at most 300 characters)' })),
    tribeId: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'A replacement: whoever accepts takes over this tribe (allowed until the campaign ends); without it, a new tribe joins before the draft',
      }),
    ),
  },
  { additionalProperties: false },
)

export const RecruitingBody = Type.Object(
  {
    mode: Type.Union([Type.Literal('open'), Type.Literal('ask'), Type.Null()], {
      description: 'open: newcomers join at once; ask: you accept or decline each; null: not listed',
    }),
  },
  { additionalProperties: false },
)

export const JoinBody = Type.Object(
  {
    tribeName: Text(40),
    weekday: Type.String({ maxLength: 16, description: 'monday … sunday, a free one' }),
  },
  { additionalProperties: false },
)

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "YYYY-MM-DD in the campaign's time zone" })

export const AbsenceBody = Type.Object({ from: Day, to: Day, note: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false })

export const StandInBody = Type.Union([
  Type.Object({ email: Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()]) }, { additionalProperties: false }),
  Type.Object({ userId: Type.String({ format: 'uuid', description: 'A player of another tribe of this campaign (#49)' }) }, { additionalProperties: false }),
])

export const AcceptInvitationBody = Type.Object(
  {
    tribeName: Type.Optional(Text(40, "The new tribe's name; not needed for a replacement invitation")),
    weekday: Type.Optional(Type.String({ maxLength: 16, description: 'monday … sunday; not needed for a replacement invitation' })),
    colour: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  },
  { additionalProperties: false },
)

/** A draft's pick: the place taken (the weekday game's city, R3.4); `city`, its first name, stays for existing clients. */
export const PickBody = Type.Object(
  {
    choice: Type.Optional({ ...Tile, description: 'the place picked: in the weekday game a free city, as axial "q,r" (R3.4)' }),
    city: Type.Optional({ ...Tile, description: 'the same as choice, by its first name', deprecated: true }),
    tribeId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
)

export const ReplacePlayerBody = Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false })

/** A player asks the GMs to open a scene (#30): with which tribes, and why. */
export const AskSceneBody = Type.Object(
  {
    tribes: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 6, description: 'the other tribes the scene would be with' }),
    note: Type.Optional(Type.String({ maxLength: 300, description: 'what it is about, in a few words' })),
  },
  { additionalProperties: false },
)

export const OpenSceneBody = Type.Object(
  {
    title: Text(200),
    tribes: Type.Array(Type.String({ maxLength: 64 }), { minItems: 2, maxItems: 7 }),
  },
  { additionalProperties: false },
)

export const SceneMessageBody = Type.Object({ body: Text(5000) }, { additionalProperties: false })

/** Each kind of notification (#30): what its mail brings, and what its Web Push does. */
const NOTICES = {
  windowOpen: { mail: 'a mail when your window opens', push: 'the same by Web Push, on every device you turned push on for' },
  reminder: { mail: 'a reminder before your window closes, unless you ended your turn', push: 'the reminder by Web Push' },
  payout: { mail: 'the weekly payout, with what each pool buys', push: 'the payout by Web Push' },
  digest: { mail: "the day's attacks and losses", push: "the day's losses by Web Push" },
  diplomacy: { mail: 'diplomacy scene news', push: 'diplomacy news by Web Push' },
  invitations: { mail: 'invitations to campaigns', push: 'invitations by Web Push' },
  campaign: { mail: 'campaign news: paused, resumed, a player replaced, the game over with its ranking', push: 'campaign news by Web Push' },
} as const
export type NoticeKind = keyof typeof NOTICES
export const NOTICE_KINDS = Object.keys(NOTICES) as NoticeKind[]
/** A kind's Web Push switch: `pushWindowOpen` beside `windowOpen`. */
export const pushNameOf = <K extends NoticeKind>(kind: K) => `push${kind[0]!.toUpperCase()}${kind.slice(1)}` as `push${Capitalize<K>}`

const switches = <N extends string>(nameOf: (kind: NoticeKind) => N, side: 'mail' | 'push') =>
  Object.fromEntries(NOTICE_KINDS.map((kind) => [nameOf(kind), Type.Boolean({ description: NOTICES[kind][side] })])) as Record<N, TBoolean>

export const NotificationsSchema = Type.Object(
  {
    ...switches((kind) => kind, 'mail'),
    reminderHours: Type.Integer({ minimum: 1, maximum: 19, description: 'hours before the window closes' }),
    ...switches(pushNameOf, 'push'),
  },
  { title: 'Notifications', description: 'Which notifications reach you, by mail and by Web Push, kind by kind' },
)

/** A device's Web Push subscription (#30), as PushSubscription.toJSON() gives it. */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 9, maxLength: 2000, description: "the push service's URL for the device (PushSubscription.endpoint)" }),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 80, maxLength: 100, pattern: '^[A-Za-z0-9_-]+=*$', description: "the device's P-256 public key, base64url" }),
        auth: Type.String({ minLength: 16, maxLength: 30, pattern: '^[A-Za-z0-9_-]+=*$', description: 'its 16-byte auth secret, base64url' }),
      },
      { additionalProperties: false },
    ),
    label: Type.Optional(Type.String({ maxLength: 100, description: 'what to call this device in your settings' })),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'as PushSubscription.toJSON() gives it; ignored' })),
  },
  { additionalProperties: false, title: 'PushSubscription' },
)

export const PushEndpointBody = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false })

export const NotificationsBody = Type.Partial(NotificationsSchema, { additionalProperties: false, minProperties: 1 })
