/**
 * `npm run lint`: the one-way map of docs/architecture.md, checked. Layers: src/shared is the
 * floor; src/local sits on it; src/web on both; sw on local and shared; src/server on shared
 * (and src/static-build, whose render.tsx draws the pages it serves); no page folder reaches
 * into another; nothing in web below app/ imports app/, and the kit (components/, hooks/, lib/)
 * no page; no platform/ file into modules/ or http/; a migration into no live code (types
 * aside); a server module only through its face (modules/<m>/index.ts); no runtime import cycle.
 *
 * The known exceptions are listed in KNOWN below, edge by edge, each with why it is there (a
 * deliberate exception, or the item of issue 23 that removes it): they pass, and any other
 * edge breaking a rule fails. Remove an entry when its edge goes (keep the list true).
 */

/** [rule, from file, [to files], why it is still here]. */
const KNOWN = [
  // Deliberate: one page showing another page's content (the kit itself lives in
  // src/web/components/ui/, src/web/lib/ and src/web/hooks/, so no other page edge is left).
  // The paid order is handed to the order confirmation page in its navigation state, in the
  // shape that page declares (a type-only import).
  ['no-cross-page', 'src/web/pages/checkout/PaymentSuccessPage.tsx', ['src/web/pages/orders/OrderConfirmationPage.tsx']],
  // An unknown blog article is the app's one not-found page, not a copy of it.
  ['no-cross-page', 'src/web/pages/info/BlogArticlePage.tsx', ['src/web/pages/errors/NotFoundPage.tsx']],
];

const RULES = [
  { name: 'shared-is-the-floor', comment: 'src/shared runs everywhere: it imports nothing of ours but itself.', from: { path: '^src/shared/' }, to: { path: '^(src/(server|local|web|static-build)|sw)/' } },
  { name: 'local-not-up', comment: 'src/local (the browser data layer) sits under web and sw.', from: { path: '^src/local/' }, to: { path: '^(src/(server|web|static-build)|sw)/' } },
  { name: 'web-not-server', comment: 'Browser code never imports server or build code.', from: { path: '^src/web/' }, to: { path: '^(src/(server|static-build)|sw)/' } },
  { name: 'sw-not-web-server', comment: 'The service worker uses local and shared only.', from: { path: '^sw/' }, to: { path: '^src/(server|web|static-build)/' } },
  { name: 'server-not-browser', comment: 'The server never imports browser code (it renders pages through src/static-build/render.tsx).', from: { path: '^src/server/' }, to: { path: '^(src/(web|local)|sw)/' } },
  { name: 'platform-not-modules', comment: 'platform/ is the floor of the server: it knows no feature module and no HTTP helper.', from: { path: '^src/server/platform/' }, to: { path: '^src/server/(modules|http)/' } },
  { name: 'app-on-top', comment: 'src/web/app/ (router, routes, layouts) sits above pages, components, hooks and lib: none of them imports it.', from: { path: '^src/web/(pages|components|hooks|lib|initial-app)/' }, to: { path: '^src/web/app/' } },
  { name: 'kit-not-pages', comment: 'The kit (components, hooks, lib) serves the pages and never imports one.', from: { path: '^src/web/(components|hooks|lib)/' }, to: { path: '^src/web/pages/' } },
  { name: 'no-cross-page', comment: 'A page folder imports no other page folder: shared pieces live in components/ or lib/.', from: { path: '^src/web/pages/([^/]+)/' }, to: { path: '^src/web/pages/[^/]+/', pathNot: '^src/web/pages/$1/' } },
  { name: 'migrations-frozen', comment: 'A shipped migration must do on next year\'s upgrade what it did the day it shipped: it imports at run time only kysely, Node and other migrations (a copy of a live rule, saying why, in place of an import).', from: { path: '^src/server/platform/db/migrations/' }, to: { path: '^(src|sw)/', pathNot: '^src/server/platform/db/migrations/', dependencyTypesNot: ['type-only'] } },
  // Tests (tests/**) are not cruised: they may reach a module's internals to test them.
  { name: 'module-face-only', comment: 'Another module is used through its face, modules/<m>/index.ts, never its files: what a module keeps inside may change without telling its callers.', from: { path: '^src/server/modules/([^/]+)/' }, to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/$1/|^src/server/modules/[^/]+/index\\.ts$' } },
  { name: 'modules-used-by-their-face', comment: 'Outside the modules (app.ts, deps.ts, main.ts, cli/) a module is used through its face, modules/<m>/index.ts, never its files.', from: { path: '^(src|sw)/', pathNot: '^src/server/modules/' }, to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/index\\.ts$' } },
  { name: 'module-not-its-own-face', comment: "A module's files import their siblings, not their own index.ts: the face imports them, so going through it makes a cycle.", from: { path: '^src/server/modules/([^/]+)/' }, to: { path: '^src/server/modules/$1/index\\.ts$' } },
  // Table types sit in platform/db/tables/<module>.ts, named for their owner, not in the module's
  // folder: schema.ts composes `Database` from them, and a platform -> module edge, even a
  // type-only one, would close a loop through every module folder (see no-module-folder-loop).
  { name: 'tables-of-their-module', comment: "A module imports its own table file (platform/db/tables/<m>.ts) only: another module's table types come through that module's face (index.ts), so the owner sees who depends on its rows.", from: { path: '^src/server/modules/([^/]+)/' }, to: { path: '^src/server/platform/db/tables/', pathNot: '^src/server/platform/db/tables/($1|columns)\\.ts$' } },
  { name: 'tables-composed-once', comment: 'Outside the modules, only platform/db/schema.ts (composing Database) reads the table files: other code uses Database.', from: { path: '^(src|sw)/', pathNot: '^src/server/(modules/|platform/db/schema\\.ts$|platform/db/tables/)' }, to: { path: '^src/server/platform/db/tables/' } },
  // depcruise checks this on folders, where a loop is any path back through the folders: type
  // imports count too (a scope-folder rule cannot look past them), and a module's own
  // subfolders are part of it.
  { name: 'no-module-folder-loop', comment: 'Feature modules form no loop (checkout -> payments -> orders -> checkout was one): shared steps move down to the module that owns them, or to platform/.', scope: 'folder', from: { path: '^src/server/modules/[^/]+' }, to: { path: '^src/server/modules/[^/]+', circular: true } },
  { name: 'no-runtime-cycle', comment: 'No import cycle that runs (type-only imports may go both ways).', from: { path: '^(src|sw)/' }, to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } } },
];

const exact = (path) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const any = (paths) => paths.map(exact).join('|');

/**
 * Each rule as written, minus the files with known edges; and for each such file the same
 * rule again, minus just its known targets: a new edge from a known file still fails.
 */
function withKnownEdges(rule) {
  const known = KNOWN.filter(([name]) => name === rule.name);
  if (known.length === 0) return [{ severity: 'error', ...rule }];
  const general = { severity: 'error', ...rule, from: { ...rule.from, pathNot: any(known.map(([, from]) => from)) } };
  const perFile = known.map(([, from, targets]) => {
    // The rule's own groups ($1 …), filled in with this file's, since its path is now exact.
    const groups = new RegExp(rule.from.path).exec(from) ?? [];
    const own = rule.to.pathNot?.replace(/\$(\d)/g, (_, i) => groups[i]);
    return { severity: 'error', ...rule, from: { path: exact(from) }, to: { ...rule.to, pathNot: [own, any(targets)].filter(Boolean).join('|') } };
  });
  return [general, ...perFile];
}

module.exports = {
  forbidden: RULES.flatMap(withKnownEdges),
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are edges too (a layer may not know another's types either); the
    // cycle rule alone looks past them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
