// Hand-written request examples for the orders route (#13 part 10): one per order type, a
// batch, each legal as written in one documented situation, so that "Try it out" and a bot
// author's first request get 200. test/routes/api/openapi-examples.test.ts sends every one of them.

/**
 * The situation the examples are written for: the demo campaign (coast-3), Monday, the
 * Astures' window (log in as ana@demo.weekdaywars.test), with ships at sea and resources to
 * spend: ship s1 (crew 3) on 3,0 by the port 2,1; ship s2, adrift, on 4,0; ship s3 (crew 4)
 * on 5,6 by the neutral port 5,5; the Bracari ship s4 (crew 2) on 6,6; 200 in the pool of 2,1.
 */
export const EXAMPLE_SITUATION =
  'Each example is legal as written for the Astures (ana@demo.weekdaywars.test) on a Monday of the demo campaign (map coast-3), with ship s1 (crew 3) on 3,0 by their port 2,1, ship s2 adrift on 4,0, ship s3 (crew 4) on 5,6 by the neutral port 5,5, the Bracari ship s4 (crew 2) on 6,6, and 200 in the pool of 2,1. On the demo as seeded (no ships yet, 10 in each pool), recruit one troop and move: see docs/API.md, "Play a turn with curl".'

export const ORDER_EXAMPLES: Record<string, { summary: string; value: unknown }> = {
  recruit: { summary: 'Recruit 2 troops in the city 2,1 (R5), 10 each from its pool', value: { order: { type: 'recruit', city: '2,1', troops: 2 } } },
  buildShip: {
    summary: 'Build a ship on the sea tile 2,0 next to the port 2,1 (R5.6), 50 from its pool',
    value: { order: { type: 'buildShip', port: '2,1', sea: '2,0' } },
  },
  move: {
    summary: 'Move 3 of the 5 troops of 3,3 along 4,3 and 5,3, claiming both tiles (R7)',
    value: { order: { type: 'move', from: '3,3', troops: 3, path: ['4,3', '5,3'] } },
  },
  moveTo: { summary: 'Move 2 troops from 3,3 to 3,4; the server chooses the path (R7)', value: { order: { type: 'move', from: '3,3', troops: 2, to: '3,4' } } },
  embark: { summary: 'Embark 2 troops of 2,1 on ship s1 next to it (R10.2)', value: { order: { type: 'embark', from: '2,1', ship: 's1', troops: 2 } } },
  shipMove: { summary: 'Sail ship s1 west along 2,0 and 1,0 (R10.3)', value: { order: { type: 'shipMove', ship: 's1', path: ['2,0', '1,0'] } } },
  disembark: {
    summary: 'Land 2 troops of ship s1 on the empty land tile 3,1 (R10.4)',
    value: { order: { type: 'disembark', ship: 's1', to: '3,1', troops: 2 } },
  },
  portAssault: {
    summary: 'Assault the neutral port 5,5 with the 4 troops of ship s3, landing if they win (R10.6)',
    value: { order: { type: 'portAssault', ship: 's3', port: '5,5', troops: 4, occupy: true } },
  },
  board: { summary: 'Board the Bracari ship s4 with the crew of ship s3 (R10.7)', value: { order: { type: 'board', ship: 's3', target: 's4' } } },
  crewTransfer: {
    summary: 'Move 1 troop from ship s1 across to the adrift ship s2 (R10.8)',
    value: { order: { type: 'crewTransfer', from: 's1', to: 's2', troops: 1 } },
  },
  endTurn: { summary: 'End the turn early: no more orders in this window (R4.6)', value: { order: { type: 'endTurn' } } },
  batch: {
    summary: 'Several orders at once, all or nothing: recruit, build a ship, then move (R4.4: recruitment first)',
    value: {
      orders: [
        { type: 'recruit', city: '2,1', troops: 1 },
        { type: 'buildShip', port: '2,1', sea: '2,0' },
        { type: 'move', from: '3,3', troops: 2, to: '3,4' },
      ],
    },
  },
}
