// The rules engine of Weekday Wars: pure functions over plain JSON data.
// It imports nothing from the web stack or the database, and reads no clock or environment.
export * from './types.ts'
export { DIRECTIONS, parseTileKey, tileKey, type TileKey } from './hex.ts'
export { compileMap, MAX_TILES, validateMap, type CompiledMap, type MapProblem } from './map.ts'
export { computePools, CITY_PAYOUT, TILE_PAYOUT } from './pools.ts'
export { d4From, hmacRng, scriptedRng, type Rng } from './rng.ts'
export { hmacSha256, sha256, toHex, utf8 } from './hashing.ts'
export { applyBatch, applyOrder, applySystem, ranking, ARMY_MP, MAX_TROOPS, SHIP_COST, SHIP_MP, SIEGE_LOSS, STARTING_GARRISON, TROOP_COST } from './rules.ts'
export { canonicalJson, checkSetup, createGame, mapHash, replay, stateHash, type NewGame, type NewTribe, type ReplayResult } from './game.ts'
export { previewPools } from './preview.ts'
export { legalOptions, type ArmyOptions, type AttackInfo, type MoveOption, type ShipOptions, type TribeOptions } from './options.ts'
export { onTheClock } from './rules/draft.ts'
