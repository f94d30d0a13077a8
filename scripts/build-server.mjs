// Plain JavaScript on purpose: `npm start` runs this with plain node, before any TypeScript tool.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * `npm run build:server` (and `npm start` before it serves): bundles src/server/start.ts with
 * esbuild into dist-server/, so production runs plain `node dist-server/start.js` with no
 * TypeScript tool in memory. Packages stay in node_modules (imported at run time, native ones
 * included); code splitting keeps the pages the server renders (React) in chunks it loads on
 * the first rendered page, after start.ts has set NODE_ENV. With --if-stale it builds only when
 * an input of the last build (listed in its stamp) is newer than the build, or gone;
 * --out-dir=<folder> builds elsewhere (the tests do, to leave dist-server/ alone).
 */
export const OUT_DIR = 'dist-server';
const STAMP = 'build-inputs.json';
const LOCK_STALE_MS = 120_000;
const SELF = fileURLToPath(import.meta.url);

/** Why the build in `dir` must be redone, or undefined when it is up to date. */
export function staleReason(dir = OUT_DIR) {
  const stamp = `${dir}/${STAMP}`;
  if (!existsSync(stamp)) return 'no server build yet';
  const builtAt = statSync(stamp).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(stamp, 'utf8'));
  for (const input of [SELF, ...inputs]) {
    if (!existsSync(input)) return `${input} is gone`;
    if (statSync(input).mtimeMs > builtAt) return `${input} is newer than the build`;
  }
  return undefined;
}

/**
 * Packages bundled into the server instead of imported whole at run time: lucide-react's
 * package index defines every one of its ~1,700 icons when imported (1.3 MB of source and its
 * objects held for the process's life); bundled, the server holds the dozen it draws.
 */
const BUNDLED = ['lucide-react', 'kysely', 'jose', 'hono', '@hono/node-server'];

/** Every package the project names, and their subpaths, but BUNDLED. */
function externalPackages() {
  const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
  return Object.keys({ ...dependencies, ...devDependencies })
    .filter((name) => !BUNDLED.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/** Builds into a fresh folder, then swaps it in, so a half-written build is never served. */
async function build(dir) {
  const { build: esbuild } = await import('esbuild');
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const result = await esbuild({
    entryPoints: { start: 'src/server/start.ts' },
    outdir: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Packages stay in node_modules, but for those bundled (tree-shaken) on purpose: see BUNDLED.
    external: externalPackages(),
    metafile: true,
    logLevel: 'warning',
    // The settings esbuild would read from tsconfig.json, given here so the build needs none.
    tsconfigRaw: { compilerOptions: { jsx: 'react-jsx', useDefineForClassFields: true } },
  });
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.startsWith('node_modules/'));
  writeFileSync(`${tmp}/${STAMP}`, JSON.stringify({ inputs }, null, 1));
  const old = `${dir}.old-${process.pid}`;
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(tmp, dir);
  rmSync(old, { recursive: true, force: true });
}

/**
 * One builder at a time (parallel `npm start`s in tests share the folder): the others wait
 * for its lock, then find the build fresh. A lock older than two minutes is a crashed builder's.
 */
export async function buildServer({ ifStale = false, dir = OUT_DIR } = {}) {
  const lock = `${dir}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(200);
    }
  }
  try {
    const reason = ifStale ? staleReason(dir) : 'asked to';
    if (!reason) return false;
    const started = performance.now();
    await build(dir);
    console.log(`Built the server into ${dir}/ (${reason}) in ${Math.round(performance.now() - started)} ms`);
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  // The compiled catalogues are inputs of the build: brought up to date first, in this process (one node start fewer for `npm start`).
  const { compileCataloguesIfStale } = await import('./i18n.mjs');
  await compileCataloguesIfStale();
  const outDir = process.argv.find((arg) => arg.startsWith('--out-dir='))?.slice('--out-dir='.length);
  await buildServer({ ifStale: process.argv.includes('--if-stale'), dir: outDir ?? OUT_DIR });
}
