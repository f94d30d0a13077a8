import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { gzipSync } from 'node:zlib';
import type { AppFile } from '../local/app-files';

/** The documents a first visit may be served (the home and the shell, in each language). */
const DOCUMENTS = ['index.html', 'index.ak.html', 'shell.html', 'shell.ak.html'];

type Entry = AppFile & { size: number };

/**
 * A precache manifest transform (workbox-build's manifestTransforms): marks the core, the
 * files a first visit's page has itself loaded (everything outside /assets, and the scripts
 * and styles the documents name), and gives every file its compressed size. sw/app-files.ts
 * keeps the rest as pages open, or all at once (src/local/app-files.ts).
 */
export function markAppFiles() {
  // The build's own output folder (a test builds into a folder of its own), known once Vite has resolved its config.
  let distDir = '';
  const plugin: Plugin = {
    name: 'akuafo-app-files',
    configResolved(config) {
      distDir = resolve(config.root, config.build.outDir);
    },
  };
  const transform = async (manifest: Entry[]) => {
    const named = new Set<string>();
    for (const document of DOCUMENTS) {
      const path = join(distDir, document);
      if (!existsSync(path)) continue;
      for (const [, url] of readFileSync(path, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) named.add(url);
    }
    return {
      manifest: manifest.map((entry) => ({
        ...entry,
        core: !entry.url.startsWith('assets/') || named.has(entry.url),
        bytes: gzipSync(readFileSync(join(distDir, entry.url))).length,
      })),
    };
  };
  return { plugin, transform };
}
