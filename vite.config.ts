import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { firstScreenIconFiles } from './src/static-build/icon-chunks';
import { prerender } from './src/static-build/prerender-plugin';
import { markAppFiles } from './src/static-build/app-files-manifest';
import { E2E_WORKERS } from './tests/e2e/workers';

// manifest.webmanifest is the single source of truth; the plugin injects it into the build.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
const apiPort = process.env.API_PORT ?? '8080';
const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;
const FIRST_SCREEN_ICONS = firstScreenIconFiles(new URL('.', import.meta.url).pathname);

/**
 * Server test files that replace a module (vi.mock) and so need modules of their own: they run
 * isolated, as every file did before the server project shared its imports.
 */
const SERVER_ISOLATED = ['tests/server/sign-in-flood.test.ts'];

const appFiles = markAppFiles();

export default defineConfig({
  plugins: [
    appFiles.plugin,
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // Every app file, so each page opens offline; which are fetched on install: src/local/app-files.ts.
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}', 'hero/*.webp'],
        // page.html is the server's template for the pages it renders, never a page itself.
        globIgnores: ['**/media/**', 'page.html'],
        // The first screen's files are precached on install; the rest as pages open, or on a
        // fast line (src/local/app-files.ts).
        manifestTransforms: [appFiles.transform],
      },
      devOptions: { enabled: false },
    }),
    prerender(),
  ],
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    // Each page's chunks are named in its HTML (src/shared/route-preloads.ts) and fetched in
    // small batches. Vite's own helper added a link per dependency of every later import, all
    // in one task: a long freeze on a cheap phone for chunks already on their way.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Every icon was a chunk of its own (about 1 KB each, 30 of them): one request, one
        // link and one module each for a cheap phone. Together they are two small chunks: the
        // first screen's icons, and the later pages' (src/static-build/icon-chunks.ts).
        codeSplitting: {
          groups: [
            { name: 'icons', priority: 2, test: (id: string) => LUCIDE.test(id) && (!/[\\/]icons[\\/]/.test(id) || FIRST_SCREEN_ICONS.has(basename(id))) },
            { name: 'icons-pages', priority: 1, test: LUCIDE },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/media': `http://localhost:${apiPort}`,
      '/healthz': `http://localhost:${apiPort}`,
    },
  },
  test: {
    projects: [
      { test: { name: 'shared', include: ['tests/shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_ISOLATED,
          environment: 'node',
          // The server's modules (Hono, Kysely, the routes: seconds per file) are imported once
          // per worker, not once per file. Module state must not carry a file's work into the
          // next one (docs/performance.md, "Test speed"); a file that mocks a module runs in
          // server-isolated instead.
          isolate: false,
          globalSetup: ['tests/support/db-run.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: SERVER_ISOLATED,
          environment: 'node',
          globalSetup: ['tests/support/db-run.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'local',
          include: ['tests/local/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          // Its sync tests start real servers: from the run's templates too (still isolated:
          // fake-indexeddb and Dexie keep state in their modules).
          globalSetup: ['tests/support/db-run.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['fake-indexeddb/auto', 'tests/support/i18n-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time, each worker with a server of its own (tests/e2e/servers.ts): a
          // file mostly waits on its browser and its server, and one at a time left the CPUs idle.
          maxWorkers: E2E_WORKERS,
          testTimeout: 120_000,
          // The browser's timings (replays, background jobs) want the CPUs without the
          // in-process projects beside them: the e2e project runs after them.
          sequence: { groupOrder: 1 },
          hookTimeout: 400_000,
        },
      },
      {
        test: {
          name: 'fleet',
          include: ['tests/fleet/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // Its load tests take both CPUs: it runs last, alone.
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
