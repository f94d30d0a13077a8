import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` (.dependency-cruiser.cjs) on a small made-up tree: each rule fires on an edge
 * that breaks it, a known edge passes, and a new edge from a known file still fails.
 */
const root = process.cwd();
const dir = mkdtempSync(join(tmpdir(), 'akuafo-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One run over the whole tree (each case in files of its own), reported as "rule: from -> to". */
function lint(files: Record<string, string>): string[] {
  writeFileSync(join(dir, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx' } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const cli = resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const run = spawnSync(process.execPath, [cli, 'src', '--config', resolve(root, '.dependency-cruiser.cjs'), '--output-type', 'json'], { cwd: dir, encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

const LAYERS = {
  'src/shared/money.ts': "import { db } from '../server/db';\nexport const m = db;\n",
  'src/server/db.ts': 'export const db = 1;\n',
  'src/local/cart.ts': "import { page } from '../web/page';\nexport const c = page;\n",
  'src/web/page.ts': "import { db } from '../server/db';\nexport const page = db;\n",
  'src/server/routes.ts': "import { c } from '../local/cart';\nexport const r = c;\n",
};
const INSIDE = {
  'src/server/platform/mail.ts': "import { v } from '../modules/orders/v';\nexport const mail = v;\n",
  'src/server/modules/orders/v.ts': 'export const v = 1;\n',
  'src/web/pages/cart/CartPage.tsx': "import { Badge } from '../orders/Badge';\nexport const C = Badge;\n",
  'src/web/pages/orders/Badge.tsx': 'export const Badge = 1;\n',
  'src/web/components/Menu.tsx': "import { api } from '../app/api';\nimport { Badge } from '../pages/orders/Badge';\nexport const M = [api, Badge];\n",
  'src/web/app/api.ts': 'export const api = 1;\n',
  'src/server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'src/server/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  'src/server/c.ts': "import type { D } from './d';\nexport type C = D;\n",
  'src/server/d.ts': "import type { C } from './c';\nexport type D = { c?: C };\n",
};
// No module cycle (each file is imported once), but the folders loop: pay -> ship -> pay.
const FOLDERS = {
  'src/server/modules/pay/settle.ts': "import { ship } from '../ship/ship';\nexport const settle = () => ship;\n",
  'src/server/modules/pay/refund.ts': 'export const refund = 1;\n',
  'src/server/modules/ship/ship.ts': 'export const ship = 1;\n',
  'src/server/modules/ship/cancel.ts': "import { refund } from '../pay/refund';\nexport const cancel = refund;\n",
};
const KNOWN_FILE = {
  'src/web/pages/info/BlogArticlePage.tsx': "import { N } from '../errors/NotFoundPage';\nimport { U } from '../account/ui';\nexport const P = [N, U];\n",
  'src/web/pages/errors/NotFoundPage.tsx': 'export const N = 1;\n',
  'src/web/pages/account/ui.tsx': 'export const U = 1;\n',
};

let found: string[] = [];
// One depcruise run (a few seconds on a busy machine), not one per case.
beforeAll(() => {
  found = lint({ ...LAYERS, ...INSIDE, ...FOLDERS, ...KNOWN_FILE });
}, 120_000);
const from = (files: Record<string, string>) => found.filter((v) => Object.keys(files).some((f) => v.includes(`: ${f} ->`)));

describe('npm run lint', () => {
  it('refuses an upward import between layers', () => {
    expect(from(LAYERS)).toEqual([
      'local-not-up: src/local/cart.ts -> src/web/page.ts',
      'server-not-browser: src/server/routes.ts -> src/local/cart.ts',
      'shared-is-the-floor: src/shared/money.ts -> src/server/db.ts',
      'web-not-server: src/web/page.ts -> src/server/db.ts',
    ]);
  });

  it('refuses platform -> modules, a cross-page import, the kit reaching up, and a runtime cycle, but not a type-only one', () => {
    expect(from(INSIDE)).toEqual([
      'app-on-top: src/web/components/Menu.tsx -> src/web/app/api.ts',
      'kit-not-pages: src/web/components/Menu.tsx -> src/web/pages/orders/Badge.tsx',
      // A module's file is also not its face: refused twice, by both rules.
      'modules-used-by-their-face: src/server/platform/mail.ts -> src/server/modules/orders/v.ts',
      'no-cross-page: src/web/pages/cart/CartPage.tsx -> src/web/pages/orders/Badge.tsx',
      // depcruise names a cycle once, by the edge it met first.
      'no-runtime-cycle: src/server/a.ts -> src/server/b.ts',
      'platform-not-modules: src/server/platform/mail.ts -> src/server/modules/orders/v.ts',
    ]);
  });

  it('refuses a loop between feature module folders, though no file imports itself', () => {
    expect(found.filter((v) => v.startsWith('no-module-folder-loop'))).toEqual([
      'no-module-folder-loop: src/server/modules/pay -> src/server/modules/ship',
      'no-module-folder-loop: src/server/modules/ship -> src/server/modules/pay',
    ]);
  });

  it('lets a known edge pass, and fails a new edge from the same file', () => {
    expect(from(KNOWN_FILE)).toEqual(['no-cross-page: src/web/pages/info/BlogArticlePage.tsx -> src/web/pages/account/ui.tsx']);
  });
});
