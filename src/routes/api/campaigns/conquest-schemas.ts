// The shapes of world conquest's orders (RULES-CONQUEST.md N1); the engine checks the rules.
import { Type } from 'typebox'

const Territory = Type.String({ pattern: '^[a-z]{3}$', description: 'a territory id of the world map, e.g. "efi"', examples: ['efi'] })
const Count = (max = 999) => Type.Integer({ minimum: 0, maximum: max })
const GOODS = ['basic', 'oil', 'net', 'lithium', 'nuclear', 'tribes', 'tech', 'niobium', 'virus', 'labour', 'tank', 'artillery', 'missile', 'bio']
const Cargo = Type.Object(Object.fromEntries(GOODS.map((g) => [g, Type.Optional(Count())])), { additionalProperties: false })
const KIND = ['troop', 'wall', 'fort', 'ship', 'plane', 'tank', 'artillery', 'missile', 'bio'].map((k) => Type.Literal(k))

const order = (type: string, props: Record<string, unknown>, description: string) =>
  Type.Object({ type: Type.Literal(type), ...(props as Record<string, ReturnType<typeof Type.String>>) }, { additionalProperties: false, description })
const strike = (type: string, rule: string) => order(type, { from: Territory, target: Territory }, rule)

export const conquestOrders = [
  order('setReinforcements', { list: Type.Array(Territory, { minItems: 1, maxItems: 42 }) }, 'G3.2: where next tick\'s troops go, round-robin'),
  order('move', { from: Territory, to: Territory, troops: Count(), cargo: Type.Optional(Cargo) }, 'G5.1'),
  order('attack', { from: Territory, to: Territory, troops: Count() }, 'G6.1'),
  order('guard', { at: Territory, troops: Count() }, 'G6.8'),
  order('gather', { at: Territory, troops: Count(3) }, 'G4.4'),
  order('build', { at: Territory, kind: Type.Union(KIND), count: Type.Optional(Count()) }, 'G4.7'),
  order('fly', { from: Territory, to: Territory, troops: Type.Optional(Count(3)), resources: Type.Optional(Cargo) }, 'G7.3'),
  order('sail', { from: Territory, to: Territory, troops: Type.Optional(Count(6)), cargo: Type.Optional(Cargo) }, 'G7.5'),
  strike('airStrike', 'G7.4'), strike('navalBombard', 'G7.6'), strike('fireArtillery', 'G7.7'), strike('launchMissile', 'G7.8'), strike('releaseBio', 'G7.9'),
  order('endTurn', {}, 'G2.8'),
]
