/**
 * Layer rules of docs/architecture.md, enforced inside `npm test` (npm run check:architecture).
 * Browser hexagon: domain → nothing; application → domain; infrastructure → application, domain, api;
 * ui → application, domain, without exception. The entries src/main.tsx (the browser app) and
 * src/entry-server.tsx (the server renderer) are the composition roots: they join the views to the
 * container of src/infrastructure/composition-root.ts (and nothing else from infrastructure).
 * api/ → only `effect`. The server hexagon follows the same direction.
 */
const PROJECT_FOLDERS = '^(src|api|server|test|scripts)/';
/**
 * shared-rules/: rules the browser, the contract and the server must apply identically (the phone
 * rule). `*-rule.ts` files there import nothing, so the pure layers may use them; the other files may
 * use libphonenumber-js and are for adapters and views (docs/architecture.md, «One phone rule»).
 */
const PURE_SHARED_RULES = '^shared-rules/[a-z0-9-]+-rule\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles hide layering mistakes and break tree shaking.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain imports nothing outside src/domain: no packages, no other layer.',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', PURE_SHARED_RULES] },
    },
    {
      name: 'application-depends-on-domain-only',
      severity: 'error',
      comment:
        'src/application may import src/domain (and libraries such as xstate), never adapters or views.',
      from: { path: '^src/application/' },
      to: { path: PROJECT_FOLDERS, pathNot: ['^src/(application|domain)/'] },
    },
    {
      name: 'application-knows-no-router-or-view-library',
      severity: 'error',
      comment:
        'Page queries (src/application/queries) and machines run in route loaders, on the server renderer and in tests alike: the router and React stay in src/ui.',
      from: { path: '^src/application/' },
      to: { path: '^node_modules/(@tanstack/react-router|react|react-dom|@xstate/react)/' },
    },
    {
      name: 'infrastructure-depends-inward',
      severity: 'error',
      comment:
        'src/infrastructure implements ports: it may import application, domain and the api/ contract.',
      from: { path: '^src/infrastructure/' },
      to: { path: PROJECT_FOLDERS, pathNot: ['^src/(infrastructure|application|domain)/', '^api/'] },
    },
    {
      name: 'ui-depends-on-application-and-domain',
      severity: 'error',
      comment:
        'src/ui renders machine state: it may import application and domain, never infrastructure (the ' +
        'entries src/main.tsx and src/entry-server.tsx wire the two together).',
      from: { path: '^src/ui/' },
      to: { path: PROJECT_FOLDERS, pathNot: ['^src/(ui|application|domain)/'] },
    },
    {
      name: 'entries-reach-infrastructure-through-the-composition-root',
      severity: 'error',
      comment:
        'src/main.tsx and src/entry-server.tsx (the browser and server-render entries) may reach ' +
        'infrastructure only through src/infrastructure/composition-root.ts.',
      from: { path: '^src/(main|entry-server)\\.tsx$' },
      to: {
        path: PROJECT_FOLDERS,
        pathNot: ['^src/(ui|application|domain)/', '^src/infrastructure/composition-root\\.ts$'],
      },
    },
    {
      name: 'api-contract-imports-only-effect',
      severity: 'error',
      comment: 'api/ is the HTTP contract shared by browser and server: it depends on `effect` alone.',
      from: { path: '^api/' },
      to: { pathNot: ['^api/', '^node_modules/effect/', PURE_SHARED_RULES] },
    },
    {
      name: 'server-domain-is-pure',
      severity: 'error',
      comment: 'server/domain: pure rules; xstate only, for the order lifecycle statechart.',
      from: { path: '^server/domain/' },
      to: { pathNot: ['^server/domain/', '^node_modules/xstate/', PURE_SHARED_RULES] },
    },
    {
      name: 'server-application-depends-on-domain-only',
      severity: 'error',
      comment: 'Use cases and ports: server/domain and the api/ contract types only.',
      from: { path: '^server/application/' },
      to: { path: PROJECT_FOLDERS, pathNot: ['^server/(application|domain)/', '^api/'] },
    },
    {
      name: 'server-infrastructure-depends-inward',
      severity: 'error',
      from: { path: '^server/infrastructure/' },
      to: { path: PROJECT_FOLDERS, pathNot: ['^server/(infrastructure|application|domain)/', '^api/'] },
    },
    {
      name: 'server-http-depends-inward',
      severity: 'error',
      comment: 'Routes are adapters: they call use cases and decode/encode with the contract.',
      from: { path: '^server/http/' },
      to: { path: PROJECT_FOLDERS, pathNot: ['^server/(http|application|domain)/', '^api/'] },
    },
    {
      name: 'shared-rules-are-leaves',
      severity: 'error',
      comment:
        'shared-rules/ holds rules only: it imports shared-rules/ and libphonenumber-js, nothing else.',
      from: { path: '^shared-rules/' },
      to: { pathNot: ['^shared-rules/', '^node_modules/libphonenumber-js/'] },
    },
    {
      name: 'pure-shared-rules-import-nothing',
      severity: 'error',
      comment: 'A shared-rules/*-rule.ts file is imported by the pure layers, so it imports no package.',
      from: { path: PURE_SHARED_RULES },
      to: { pathNot: [PURE_SHARED_RULES] },
    },
    {
      name: 'browser-and-server-share-only-the-contract',
      severity: 'error',
      from: { path: '^(src|api)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-never-imports-the-browser-app',
      severity: 'error',
      from: { path: '^(server|api)/' },
      to: { path: '^src/' },
    },
    {
      name: 'production-code-never-imports-tests',
      severity: 'error',
      from: { path: '^(src|api|server)/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.gen\\.ts$'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
