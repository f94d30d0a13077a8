import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_OUTLET, PAGE_TEMPLATE_FILE } from '../../src/shared/rendered-pages';
import { freePort } from '../support/npm-start';

/**
 * `npm start` runs the server compiled by scripts/build-server.mjs with plain node (no tsx,
 * no esbuild in the process), rebuilding first when a source is newer than the build. Built
 * here into a folder of its own, so the clone's dist-server/ is left alone: inside the clone,
 * since the build imports its packages from node_modules.
 */
mkdirSync(join('node_modules', '.cache'), { recursive: true });
const out = resolve(mkdtempSync(join('node_modules', '.cache', 'server-build-test-')));
const dir = mkdtempSync(join(tmpdir(), 'akuafo-server-build-'));
const build = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/build-server.mjs', `--out-dir=${out}`, ...args], { encoding: 'utf8' });
let server: ChildProcess | undefined;

beforeAll(() => {
  expect(build().status).toBe(0);
}, 120_000);
afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

function outputFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => join(folder, f));
}

describe('the compiled server', () => {
  it('is plain JavaScript that imports no TypeScript tool', () => {
    const files = outputFiles(out);
    expect(files.map((f) => f.slice(out.length + 1))).toContain('start.js');
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toMatch(/from ["'](tsx|esbuild)["']|\.tsx?["']\)/);
  });

  it('starts with plain node, answers /healthz and renders a page through its React chunk', async () => {
    const staticDir = join(dir, 'static');
    mkdirSync(staticDir);
    // A build newer than every source, so start.js does not build the PWA here.
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(join(staticDir, 'shell.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(staticDir, PAGE_TEMPLATE_FILE), `<!doctype html><div id="root">${PAGE_OUTLET}</div>`);
    const port = await freePort();
    server = spawn(process.execPath, [join(out, 'start.js')], {
      env: { ...process.env, NODE_ENV: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), STATIC_DIR: staticDir, SEED: 'none', DATABASE_URL: '', LOG_LEVEL: 'warn', DRAIN_DELAY_MS: '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    let health: Response | undefined;
    while (!health && server.exitCode === null) {
      health = await fetch(`${base}/healthz`).catch(() => undefined);
      if (!health) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health?.status).toBe(200);
    const page = await fetch(`${base}/products`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Agricultural Products');
    // A search is read on a reader thread (platform/db/sqlite-readers.ts): it must find its driver from the bundle too.
    const search = await fetch(`${base}/api/v1/products?search=maize`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { pagination: { totalCount: number } }).pagination.totalCount).toBe(0);
  }, 120_000);

  it('is rebuilt by --if-stale only when a source is newer than it', () => {
    const stamp = join(out, 'build-inputs.json');
    const builtAt = statSync(stamp).mtimeMs;
    const fresh = build('--if-stale');
    expect(fresh.status).toBe(0);
    expect(fresh.stdout).toBe('');
    expect(statSync(stamp).mtimeMs).toBe(builtAt);

    // Every source is now newer than the build.
    utimesSync(stamp, new Date('2001-01-01'), new Date('2001-01-01'));
    const stale = build('--if-stale');
    expect(stale.status).toBe(0);
    expect(stale.stdout).toMatch(/Built the server into .* \(.* is newer than the build\)/);
    expect(statSync(stamp).mtimeMs).toBeGreaterThan(new Date('2001-01-01').getTime());
  }, 120_000);
});
