// Plain JavaScript on purpose: `npm start` runs this with plain node, before any TypeScript tool.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run i18n` (and every script that needs the compiled catalogues: start, build, test,
 * typecheck, lint, bench): runs scripts/compile-i18n.ts only when an input of its last run
 * is newer than that run, or an output is gone. The compile itself takes about a second
 * (tsx starting, the catalogues and their schemas loaded), which was most of `npm start`'s
 * start; the check takes a few milliseconds. The inputs are what esbuild finds the catalogues
 * import (they import the schemas' message tables), the compiler, and Lingui's version.
 * `--force` compiles whatever the stamp says.
 */
const ROOT = 'src/shared/i18n';
const STAMP = `${ROOT}/compiled/inputs.json`;
const SELF = fileURLToPath(import.meta.url);
const FIXED_INPUTS = [SELF, 'scripts/compile-i18n.ts', 'node_modules/@lingui/message-utils/package.json'];

/** Why the catalogues of the project in `dir` must be compiled again, or undefined when they are up to date. */
export function staleReason(dir = '.') {
  const at = (path) => join(dir, path);
  if (!existsSync(at(STAMP))) return 'never compiled';
  const madeAt = statSync(at(STAMP)).mtimeMs;
  const { inputs, outputs } = JSON.parse(readFileSync(at(STAMP), 'utf8'));
  for (const output of outputs) if (!existsSync(at(output))) return `${output} is gone`;
  // A catalogue added (a new language) is an input the last run did not know.
  if (readdirSync(at(`${ROOT}/catalogues`)).some((file) => !inputs.includes(`${ROOT}/catalogues/${file}`))) return 'a new catalogue';
  for (const input of [...FIXED_INPUTS, ...inputs]) {
    const path = input === SELF ? SELF : at(input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs > madeAt) return `${input} changed`;
  }
  return undefined;
}

/** Compiles the catalogues if an input changed (or `force`): what every script needing them runs first. */
export async function compileCataloguesIfStale({ force = false } = {}) {
  if (!force && !staleReason()) return;
  const compiled = spawnSync('node_modules/.bin/tsx', ['scripts/compile-i18n.ts'], { stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error(`scripts/compile-i18n.ts failed (exit ${compiled.status})`);
  const { build } = await import('esbuild');
  const codes = readdirSync(`${ROOT}/catalogues`).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
  const catalogues = codes.map((code) => `${ROOT}/catalogues/${code}.ts`);
  const { metafile } = await build({ entryPoints: catalogues, bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error', outdir: 'unused' });
  const inputs = Object.keys(metafile.inputs).filter((path) => !path.startsWith('node_modules/'));
  const outputs = [...codes, 'pseudo'].flatMap((code) => [`${ROOT}/compiled/${code}.ts`, `${ROOT}/compiled/${code}.pages.ts`]);
  writeFileSync(STAMP, JSON.stringify({ inputs, outputs }, null, 1));
}

if (process.argv[1] === SELF) await compileCataloguesIfStale({ force: process.argv.includes('--force') });
