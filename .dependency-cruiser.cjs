// The boundaries between the platform, the kernel and the games (#26), checked by
// `npm test` (scripts/test.ts runs depcruise before tap). A rule broken here is a
// game that reaches into another, or a platform that asks which game it runs.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-game-imports-another',
      comment: 'A game is a module of its own: what two games share belongs to the kernel.',
      severity: 'error',
      from: { path: '^src/engine/games/([^/]+)/' },
      to: { path: '^src/engine/games/', pathNot: '^src/engine/games/$1/' },
    },
    {
      name: 'games-import-only-the-kernel',
      comment: 'A game imports its own files, the kernel and pure libraries: no platform code.',
      severity: 'error',
      from: { path: '^src/engine/games/([^/]+)/' },
      to: { path: '^src/', pathNot: ['^src/engine/kernel/', '^src/engine/games/$1/'] },
    },
    {
      name: 'kernel-imports-only-the-kernel',
      comment: 'The kernel knows no game and no platform.',
      severity: 'error',
      from: { path: '^src/engine/kernel/' },
      to: { path: '^src/', pathNot: '^src/engine/kernel/' },
    },
    {
      name: 'engine-is-pure',
      comment: 'The engine reads no clock, file, network or database: only hashing comes from a package.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'core'], pathNot: 'node_modules/@noble/hashes/' },
    },
    {
      name: 'platform-reaches-games-through-the-registry',
      comment: 'Outside the engine, only a game\'s own face (src/routes/pages/<game>/) imports that game directly.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/engine/', '^src/routes/pages/([^/]+)/'] },
      to: { path: '^src/engine/games/' },
    },
    {
      name: 'a-face-imports-its-own-game',
      comment: 'A game\'s pages import that game, never another.',
      severity: 'error',
      from: { path: '^src/routes/pages/([^/]+)/' },
      to: { path: '^src/engine/games/', pathNot: '^src/engine/games/$1/' },
    },
    {
      name: 'nothing-imports-upward',
      comment: 'routes → services → db and engine: the engine and db never import services or routes.',
      severity: 'error',
      from: { path: '^src/(engine|db)/' },
      to: { path: '^src/(services|routes|plugins)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
}
