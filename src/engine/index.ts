// The rules engine as the platform sees it: the kernel every game shares and the registry of
// games. A game's own shapes belong to that game's face (src/faces/<game>/) and tests, which
// import src/engine/games/<game>/index.ts directly; the platform asks the ruleset instead.
export * from './kernel/index.ts'
export { gameFolderOf, rulesetIds, rulesetOf, type AnyRuleset, type AnyState } from './registry.ts'
