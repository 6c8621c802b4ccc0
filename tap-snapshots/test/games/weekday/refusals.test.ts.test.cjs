/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/games/weekday/refusals.test.ts > TAP > every refusal says what was wrong, in words > refusal messages 1`] = `
assault/no_mp: a port assault needs 1 MP of ship s1; it has none left
assault/not_enough_troops: ship s1 carries 4 troops, not 5
order/bad_occupy: occupy must be true (land and take the city) or false (stay aboard)
board/no_mp: boarding needs 1 MP of ship s1; it has none left
board/not_adjacent: ship s3 at 4,0 is not next to ship s2 at 2,0
board/own_ship: ship s2 is Tribe A's own: move crew across instead
ship/not_found: there is no ship "s9"
crew/no_mp: moving across needs 1 MP of ship s1; it has none left
crew/not_adjacent: ship s2 is not next to ship s1
crew/not_enough_troops: ship s1 carries 2 troops, not 3
crew/same_ship: from and to are the same ship
disembark/not_enough_troops: ship s1 carries 1 troops, not 2
ship/not_adjacent: 0,0 is not a land tile next to ship s1 at 2,0
embark/no_army: Tribe A has no army on 0,0
embark/no_mp: embarking costs 1 MP; the army on 0,0 has none left
embark/not_enough_troops: the army on 0,0 has 3 troops, not 4
order/bad_ship: ship must be a ship id like "s1"
ship/no_pool: 0,0 has no pool until the next payout
ship/sea_occupied: 1,0 already holds a ship
move/not_enough_troops: the army on 0,0 has 3 troops, not 4
order/bad_count: troops must be a whole number from 1 to 9 (got 0)
order/bad_path: path must be a list of 1 to 16 tiles
order/bad_tile: from must be a tile written "q,r" (got "north")
order/off_map: from 99,99 is not on the map
order/unknown_tribe: there is no tribe "zz" in this campaign
order/unknown_type: unknown order type "fly"; one of draftPick, recruit, buildShip, move, embark, disembark, shipMove, portAssault, board, crewTransfer, endTurn
draft/not_drafting: there is no draft going on
draft/already_started: the draft has already started
system/bad_seed: a seed is a string of at least 8 characters
system/unknown_type: unknown system action "earthquake"
trade/empty: a trade lists at least one transfer
trade/bad_transfer: each transfer is { from, to, tiles?, ships? }
trade/bad_transfer: tiles and ships are lists
trade/same_tribe: Tribe A cannot give to itself
trade/not_land: 2,0 is sea: only land tiles, cities and ships are traded
trade/duplicate_asset: tile 1,0 is listed twice
trade/duplicate_asset: ship s1 is listed twice
trade/asset_not_owned: ship s3 no longer belongs to Tribe A
trade/asset_not_owned: ship "s9" no longer exists
trade/resources_not_tradeable: resources can never be traded
trade/resources_not_tradeable: resources can never be traded
order/unknown_tribe: there is no tribe "zz" in this campaign
assault/not_a_port: 0,0 is not a port: to attack coastal troops, disembark
assault/own_port: 0,0 is Tribe A's own port
assault/own_port: 0,0 is Tribe A's own port
order/bad_count: troops must be a whole number from 1 to 9 (got 0)
order/bad_tile: port must be a tile written "q,r" (got "x")
campaign/not_running: orders are taken only while the campaign runs (it is finished)
campaign/not_running: payouts happen only while the campaign runs (it is setup)
campaign/not_running: trades happen only while the campaign runs (it is finished)
campaign/not_running: windows open only while the campaign runs (it is finished)
campaign/not_running: windows close only while the campaign runs (it is draft)
crew/too_many_troops: ship s1 carries 9; 1 more would exceed 9
order/bad_ship: to must be a ship id like "s1"
order/bad_ship: from must be a ship id like "s1"
order/bad_count: troops must be a whole number from 1 to 9 (got 10)
disembark/no_mp: disembarking needs 1 MP of ship s1; it has none left
order/bad_count: troops must be a whole number from 1 to 9 (got "one")
order/off_map: to 7,7 is not on the map
draft/not_your_pick: it is Tribe B's pick
draft/not_a_city: 4,0 is not a city
draft/city_taken: 0,0 is already Tribe A's
order/bad_tile: city must be a tile written "q,r" (got 12)
embark/not_adjacent: ship s1 at 2,0 is not next to 0,0
embark/too_many_troops: ship s1 carries 8; 2 more would exceed 9
embark/no_army: Tribe A has no army on 0,0
order/bad_count: troops must be a whole number from 1 to 9 (got -1)
order/bad_tile: from must be a tile written "q,r" (got [0,0])
move/no_army: Tribe A has no army on 0,0
move/no_army: Tribe A has no army on 0,0
move/no_mp: the army on 0,0 has no movement points left this turn
move/not_land: 1,0 is sea: armies move over land (embark to cross the sea)
move/path_blocked: the move cannot pass through 1,0: armies, cities and other tribes' tiles end a move
recruit/after_actions: recruiting is only allowed before the first action of the turn
recruit/not_a_city: 1,0 is not a city
recruit/not_your_city: 1,0 is not Tribe A's city
recruit/besieged: 0,0 is besieged and cannot recruit
recruit/too_many_troops: 0,0 holds 8 troops; 2 more would exceed 9
recruit/no_pool: 0,0 was not Tribe A's at the last payout, so it has no pool until the next one
recruit/insufficient_resources: 1 troops cost 10; the pool of 0,0 holds 1
order/bad_count: troops must be a whole number from 1 to 9 (got 2.5)
ship/after_actions: ships are built only before the first action of the turn
ship/not_a_port: 0,0 is not a port (a city next to the sea)
ship/not_your_port: 0,0 is not Tribe A's port
ship/bad_sea: 2,0 is not a sea tile next to 0,0
ship/bad_sea: 0,1 is not a sea tile next to 0,0
ship/insufficient_resources: a ship costs 50; the pool of 0,0 holds 1
order/bad_tile: sea must be a tile written "q,r" (got "east")
ship/adrift: ship s1 has no crew and cannot move
ship/adrift: ship s1 has no crew to board with
ship/no_mp: ship s1 has no movement points left this turn
ship/not_sea: 2,0 is land: ships move through sea tiles
ship/path_blocked: 2,0 holds another ship
ship/not_yours: ship s1 belongs to another tribe
ship/not_found: there is no ship s7
order/bad_ship: ship must be a ship id like "s1"
trade/asset_not_owned: ship ["s1"] no longer exists
trade/eliminated: Tribe B has been eliminated
turn/eliminated: Tribe A has been eliminated
turn/eliminated: Tribe A has been eliminated
turn/window_closed: Tribe A can give orders only on monday, 00:00–20:00
turn/ended: Tribe A already ended this turn
engine/bad_state: not a game state
engine/bad_state: not a game state
engine/internal_error: the engine failed on this input: def.tiles.map is not a function
order/unknown_type: unknown order type null; one of draftPick, recruit, buildShip, move, embark, disembark, shipMove, portAssault, board, crewTransfer, endTurn
order/unknown_type: unknown order type "toString"; one of draftPick, recruit, buildShip, move, embark, disembark, shipMove, portAssault, board, crewTransfer, endTurn
system/unknown_type: a system action is an object with a type
system/bad_seed: a seed is a string of at least 8 characters
system/bad_seed: a seed is a string of at least 8 characters
move/no_path: no legal path leads to 1,0
move/no_path: no legal path leads to 2,0
move/not_enough_mp: reaching 3,0 takes 3 MP; 2 left
move/not_enough_mp: the path to 3,0 takes 3 MP; 2 left
move/no_step: the destination is the starting tile
move/not_adjacent: 2,0 is not next to 0,0
move/revisit: the path enters 0,0 twice
order/bad_path: give either path (a list of tiles) or to (a destination tile)
order/bad_path: path must be a list of 1 to 16 tiles
move/not_adjacent: 1,0 is not next to 1,0
ship/no_path: no legal path leads to 3,0
ship/no_path: no legal path leads to 2,0
ship/not_enough_mp: reaching 5,0 takes 4 MP; 3 left
ship/not_enough_mp: the path to 3,0 takes 2 MP; 1 left
ship/no_step: the destination is the starting tile
ship/not_adjacent: 3,0 is not next to 1,0
ship/revisit: the path enters 1,0 twice
order/bad_path: give either path (a list of tiles) or to (a destination tile)
order/bad_tile: path[1] must be a tile written "q,r" (got "x")
`
