// The numbers of the rule book, each with its rule id.
/** R7.1: at most 9 troops on a tile or a ship. */
export const MAX_TROOPS = 9
/** R4.5, R7.3: an army's movement points each turn. */
export const ARMY_MP = 2
/** R10.3: a ship's movement points each turn. */
export const SHIP_MP = 3
/** R5.2: one troop costs 10 from its city's pool. */
export const TROOP_COST = 10
/** R5.6: a ship costs 50. */
export const SHIP_COST = 50
/** R3.3: the garrison of a drafted city. */
export const STARTING_GARRISON = 5
/** R9.2: troops a besieged city loses at each window close. */
export const SIEGE_LOSS = 2
