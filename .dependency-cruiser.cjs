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
      comment: 'The engine reads no clock, file, network or database: only hashing and the copying of plain data (klona, in the kernel) come from packages.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'core'],
        pathNot: ['node_modules/@noble/hashes/', 'node_modules/klona/'],
      },
    },
    {
      name: 'games-copy-through-the-kernel',
      comment: "A game's working copy comes from the kernel's copy-on-write module, which owns the copying packages.",
      severity: 'error',
      from: { path: '^src/engine/', pathNot: '^src/engine/kernel/copy-on-write[.]ts$' },
      to: { path: 'node_modules/klona/' },
    },
    {
      name: 'platform-reaches-games-through-the-registry',
      comment:
        "Outside the engine, only a game's own face (src/faces/<game>/) imports that game directly; the rest of the platform reads the kernel and the registry.",
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/engine/', '^src/faces/[^/]+/'] },
      to: { path: '^src/engine/', pathNot: ['^src/engine/kernel/', '^src/engine/registry\\.ts$', '^src/engine/index\\.ts$'] },
    },
    {
      name: 'a-face-imports-its-own-game',
      comment: "A game's face imports that game, never another.",
      severity: 'error',
      from: { path: '^src/faces/([^/]+)/' },
      to: { path: '^src/engine/games/', pathNot: '^src/engine/games/$1/' },
    },
    {
      name: 'no-face-imports-another',
      comment: 'A face is a folder of its own: what two faces share belongs to the platform.',
      severity: 'error',
      from: { path: '^src/faces/([^/]+)/' },
      to: { path: '^src/faces/[^/]+/', pathNot: '^src/faces/$1/' },
    },
    {
      name: 'platform-reaches-faces-through-their-registry',
      comment: "The platform's pages and API find a game's face through src/faces/index.ts, never by its folder.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/faces/' },
      to: { path: '^src/faces/[^/]+/' },
    },
    {
      name: 'nothing-imports-upward',
      comment: 'routes → services → db and engine: the engine and db never import services or routes.',
      severity: 'error',
      from: { path: '^src/(engine|db)/' },
      to: { path: '^src/(services|routes|plugins|faces)/' },
    },
    {
      name: 'services-import-no-pages',
      comment: 'The domain services serve the routes and the faces: they import neither, nor the plugins that wire them.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/(routes|plugins|faces)/' },
    },
    {
      name: 'faces-sit-below-the-routes',
      comment: "A game's face is what the routes show of it: it imports the services, the engine and lib, never a route or a plugin.",
      severity: 'error',
      from: { path: '^src/faces/' },
      to: { path: '^src/(routes|plugins)/' },
    },
    {
      name: 'plugins-wire-services',
      comment: 'The plugins decorate the app with services and libraries; the faces and routes come after them (app.ts hands them what they need).',
      severity: 'error',
      from: { path: '^src/plugins/' },
      to: { path: '^src/(routes|faces)/' },
    },
    {
      name: 'lib-is-the-floor',
      comment: 'src/lib holds plain helpers every layer uses: it imports none of them.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(services|routes|plugins|faces|db|engine/games)/' },
    },
    {
      name: 'no-circular',
      comment: 'An import circle makes a layer of what should be two, and its modules load in an order nobody chose.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
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
