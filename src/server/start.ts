import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config';
import { main } from './main';

/**
 * `npm start`: build the PWA when dist is missing or older than its sources, then serve.
 * Building here keeps the README's promise that a fresh clone starts with one command.
 * npm runs this file compiled (dist-server/start.js, made by scripts/build-server.mjs).
 */
const CLIENT_SOURCES = ['src/web', 'src/local', 'src/shared', 'src/static-build', 'sw', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

// Read first, before the NODE_ENV default below: only a production the operator asked for counts.
const config = loadConfigOrExit();

// STATIC_DIR lets a test run build and serve its own copy without touching dist/.
const outDir = process.env.STATIC_DIR ?? 'dist';
const stamp = join(outDir, 'index.html');
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...CLIENT_SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'The PWA is older than its sources: rebuilding…' : 'Building the PWA (first start)…');
  const vite = join('node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
    // A test runner's NODE_ENV=test would otherwise give a development bundle without the service worker.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React renders some pages here too (src/server/http/rendered-pages.ts): its production build,
// several times faster than the development one, unless told otherwise.
process.env.NODE_ENV ??= 'production';
await main(config);

/** A setting the server cannot start with is the operator's to fix: their sentence, no stack trace. */
function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    console.error(`Akuafo Market cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}
