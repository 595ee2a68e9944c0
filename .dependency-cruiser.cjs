/**
 * The server's architecture, as rules `npm test` enforces (scripts/architecture.test.mjs runs dependency-cruiser
 * with this file). Read docs/architecture.md for the picture; this file is the law.
 *
 * Layers of apps/server/src, lowest first:
 * - core/      the shared kernel: who is asking (Actor), Manila time, tokens, CSV, names. Imports nothing above it.
 * - db/, platform/, errors.ts, config.ts   the database and the infrastructure behind interfaces. Never import a module.
 * - modules/<name>/   the business, one folder per area. Another module, a plugin, app.ts, main.ts, the seed, the
 *   tests and the benchmarks use a module only through its face, modules/<name>/index.ts.
 * - plugins/, app.ts, main.ts, seed/   put the modules together.
 *
 * MODULES below says which modules each module may use. It must stay acyclic (checked below): a module that
 * needs something of a module above it gets it moved down (into core/ or the lower module) instead.
 */

/** Each module and the modules whose faces it may import. */
const MODULES = {
  // Leaves: they use no other module.
  activities: [],
  addresses: [],
  auth: [], // sessions, one-time codes
  couriers: [],
  flags: [],
  hubs: [],
  notifications: [],
  partners: [], // partners and the provinces they serve (partnerScope)
  system: [],
  uploads: [], // modules that attach files add an attachment reader (uploads/attachment-readers.ts)
  wallet: [], // the ledger; paying a shipment from it is the shipments module's (shipments/wallet-payments.ts)

  'api-keys': ['notifications'],
  pricing: ['addresses'], // rates, quotes and promo codes
  boxes: ['pricing'],
  users: ['api-keys', 'auth', 'notifications'],
  collections: ['users'],
  businesses: ['addresses', 'api-keys', 'notifications', 'partners', 'users'],
  riders: ['auth', 'users'],
  // Shipments own the shipments table, their activities and their payment status (docs/architecture.md).
  shipments: ['addresses', 'businesses', 'collections', 'flags', 'hubs', 'notifications', 'partners', 'pricing', 'uploads', 'users', 'wallet'],
  tickets: ['notifications', 'shipments', 'users'],
  transactions: ['notifications', 'shipments'],
  billings: ['shipments', 'uploads', 'wallet'], // billings and their invoices
  consolidations: ['couriers', 'shipments', 'tickets'],
  payments: ['flags', 'notifications', 'shipments', 'wallet'],
  reports: ['shipments'],
  reviews: ['shipments'],
  'shipment-miles': ['couriers', 'shipments'],
  // Texts a parcel's recipient on the shipments module's milestones (an outbox topic shipments writes, unaware of it).
  'recipient-sms': ['shipments'],
  // Business webhooks: fed by the outbox topic shipments write; shipments never use it.
  webhooks: ['businesses', 'notifications', 'shipments'],
  'bulk-bookings': ['flags', 'shipments', 'users'], // a spreadsheet of bookings, checked and booked by the shipments' rules
};

assertAcyclic(MODULES);

const SRC = '^apps/server/src';
const MODULE = `${SRC}/modules`;
const escapeName = (name) => name.replace(/[-]/g, '\\-');

/** A module importing a module it is not allowed to use. */
const moduleRules = Object.entries(MODULES).map(([name, allowed]) => ({
  name: `module-${name}-uses-only-its-listed-modules`,
  comment: `modules/${name} may use only: ${allowed.length ? allowed.join(', ') : 'no other module'} (.dependency-cruiser.cjs MODULES)`,
  severity: 'error',
  // Tests may set up their world with any module's face (people, shipments); running code may not.
  from: { path: `${MODULE}/${escapeName(name)}/`, pathNot: '\\.(test|fixtures)\\.ts$' },
  to: { path: `${MODULE}/(?!(?:${[name, ...allowed].map(escapeName).join('|')})/)[^/]+/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'module-face-only',
      comment: "A module uses another only through its face (modules/<name>/index.ts). Test fixtures (*.fixtures.ts) are the tests' face.",
      severity: 'error',
      from: { path: `${MODULE}/([^/]+)/` },
      to: {
        path: `${MODULE}/[^/]+/.+`,
        pathNot: [`${MODULE}/$1/`, `${MODULE}/[^/]+/index\\.ts$`, `${MODULE}/[^/]+/[^/]+\\.fixtures\\.ts$`],
      },
    },
    {
      name: 'outside-uses-module-faces',
      comment: 'Plugins, app.ts, main.ts, the seed, the test helpers and the benchmarks use a module only through its face.',
      severity: 'error',
      from: { path: `${SRC}|^bench|^e2e|^scripts`, pathNot: `${MODULE}/` },
      to: {
        path: `${MODULE}/[^/]+/.+`,
        pathNot: [`${MODULE}/[^/]+/index\\.ts$`, `${MODULE}/[^/]+/[^/]+\\.fixtures\\.ts$`],
      },
    },
    {
      name: 'fixtures-only-in-tests',
      comment: 'Test fixtures are for tests and the test helpers (testing/), never for running code.',
      severity: 'error',
      from: { path: `${SRC}`, pathNot: ['\\.test\\.ts$', '\\.fixtures\\.ts$', `${SRC}/testing/`] },
      to: { path: '\\.fixtures\\.ts$' },
    },
    ...moduleRules,
    {
      name: 'kernel-below-modules',
      comment: 'core/, db/, platform/, errors.ts and config.ts never import a module, a plugin, the seed or the app.',
      severity: 'error',
      from: { path: `${SRC}/(core|db|platform)/|${SRC}/(errors|config)\\.ts$`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SRC}/(modules|plugins|seed|testing)/|${SRC}/(app|main)\\.ts$` },
    },
    {
      name: 'core-is-the-kernel',
      comment: 'core/ uses only core/, the database schema and packages: everything else may use it.',
      severity: 'error',
      from: { path: `${SRC}/core/` },
      to: { path: `${SRC}/`, pathNot: [`${SRC}/core/`, `${SRC}/db/`, `${SRC}/errors\\.ts$`] },
    },
    {
      name: 'running-code-not-on-tests',
      comment: 'Running code never imports the test helpers.',
      severity: 'error',
      from: { path: `${SRC}`, pathNot: ['\\.test\\.ts$', '\\.fixtures\\.ts$', `${SRC}/testing/`] },
      to: { path: `${SRC}/testing/` },
    },
  ],
  options: {
    // dependency-cruiser reads TypeScript through swc (it does not support TypeScript 7's compiler); type-only
    // imports count, since a type import from another module's insides couples as much as a value import.
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // lint-probe-*: the lint test's momentary probe files (scripts/lint-config.test.mjs).
    exclude: { path: '(^|/)(dist|node_modules|lint-probe-[0-9]+)/' },
  },
};

function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'visiting') throw new Error(`.dependency-cruiser.cjs: module cycle ${[...trail, node].join(' -> ')}`);
    if (!graph[node]) throw new Error(`.dependency-cruiser.cjs: ${trail.at(-1)} lists unknown module ${node}`);
    state.set(node, 'visiting');
    for (const next of graph[node]) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
