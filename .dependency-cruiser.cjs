/**
 * The layers of the code, kept by `npm run check:imports` (docs/adr/0036-layers.md): no import cycles anywhere, and in
 * each app the lower layers never reach up. Tests may import anything.
 */

// The shop API: foundation (db, http, mail, shopper sessions, the payment port and its adapters), then the domains
// from the lowest to the highest (each may use those before it, never those after), then what composes them.
const API = '^apps/shop-api/src/';
const FOUNDATION = `${API}(db|http|mail|media|sessions|payments)/|${API}(config|metrics)\\.ts$`;
const DOMAINS = ['stock', 'catalog', 'cart', 'accounts', 'checkout', 'orders', 'reviews', 'privacy', 'staff'];
const COMPOSITION = `${API}(seed|jobs|commands)/|${API}(app|start|main)\\.ts$`;
const TESTS = '\\.test\\.tsx?$|/test/';

const domainOrder = DOMAINS.slice(0, -1).map((domain, index) => ({
  name: `api-${domain}-below-${DOMAINS.slice(index + 1).join('-')}`,
  comment: `The ${domain} domain may not use a domain above it (${DOMAINS.slice(index + 1).join(', ')}).`,
  severity: 'error',
  from: { path: `${API}${domain}/`, pathNot: TESTS },
  to: { path: `${API}(${DOMAINS.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'An import cycle ties modules that should stand apart.', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'api-foundation-below-domains',
      comment: 'The API foundation (db, http, mail, sessions, payments, config, metrics) may not use a domain or what composes the app.',
      severity: 'error',
      from: { path: FOUNDATION, pathNot: TESTS },
      to: { path: `${API}(${DOMAINS.join('|')})/|${COMPOSITION}` },
    },
    ...domainOrder,
    {
      name: 'api-domains-below-composition',
      comment: 'A domain may not use what composes the app (app, start, seed, jobs, commands).',
      severity: 'error',
      from: { path: `${API}(${DOMAINS.join('|')})/`, pathNot: TESTS },
      to: { path: COMPOSITION },
    },
    {
      name: 'storefront-lib-below-features',
      comment: "The storefront's lib, components and i18n may not use features, layouts or routes.",
      severity: 'error',
      from: { path: '^apps/storefront/app/(lib|components|i18n)/', pathNot: TESTS },
      to: { path: '^apps/storefront/app/(features|layouts|routes)/' },
    },
    {
      name: 'storefront-features-below-routes',
      comment: 'A storefront feature may not use a route or a layout (a route action\'s type for a typed fetcher excepted).',
      severity: 'error',
      from: { path: '^apps/storefront/app/features/', pathNot: TESTS },
      to: { path: '^apps/storefront/app/(routes|layouts)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'back-office-lib-below-routes',
      comment: "The back office's lib may not use its routes or its areas.",
      severity: 'error',
      from: { path: '^apps/back-office/app/lib/', pathNot: TESTS },
      to: { path: '^apps/back-office/app/(routes|orders)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist|\\.react-router)/' },
    tsPreCompilationDeps: true,
    // The base options with the storefront's `~/…` paths, resolved from the repository's root.
    tsConfig: { fileName: 'tsconfig.imports.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
