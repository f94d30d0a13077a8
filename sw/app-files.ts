/// <reference lib="webworker" />
import { APP_FILES_CACHE, chunkName, readWholeApp, type AppFile, type AppFilesState } from '../src/local/app-files';

declare const self: ServiceWorkerGlobalScope;

/** At most this many downloads at once: a 2G line gains nothing from more. */
const AT_ONCE = 4;

/**
 * The app's files that are not precached on install (src/local/app-files.ts): kept as the
 * pages that need them open, saved all at once on a fast line or when asked, pruned to this
 * version when it takes over.
 */
export function createAppFiles(everything: AppFile[]) {
  const href = (url: string) => new URL(url, self.location.origin).href;
  // Entries the plugin adds after the transform (the manifest, its icons) carry no mark: core.
  const rest = everything.filter((file) => file.core === false);
  const ours = new Set(rest.map((file) => href(file.url)));

  async function missing(): Promise<AppFile[]> {
    const cache = await caches.open(APP_FILES_CACHE);
    const held = new Set((await cache.keys()).map((request) => request.url));
    return rest.filter((file) => !held.has(href(file.url)));
  }

  /** Fetches into the cache, a few at a time; a failed file is left for next time, never fails the rest. */
  async function fetchInto(urls: string[]): Promise<number> {
    const cache = await caches.open(APP_FILES_CACHE);
    let failed = 0;
    const queue = [...urls];
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        await cache.add(url).catch(() => failed++);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    return failed;
  }

  return {
    /** The files a page loaded before the worker was there (from the browser's HTTP cache, so no download). */
    async keep(urls: string[]): Promise<void> {
      const notYet = new Set((await missing()).map((file) => href(file.url)));
      await fetchInto(urls.filter((url) => notYet.has(url)));
    },

    /** The whole app, for offline use of pages not opened yet. */
    async saveAll(): Promise<number> {
      return fetchInto((await missing()).map((file) => href(file.url)));
    },

    async state(): Promise<AppFilesState> {
      const files = await missing();
      return { missingFiles: files.length, missingBytes: files.reduce((sum, file) => sum + (file.bytes ?? 0), 0) };
    },

    /**
     * On install: the whole app when the page said so (a fast line, or asked); otherwise this
     * version's copy of each file the last version had kept (the pages this person used keep
     * working offline after an update).
     */
    async install(): Promise<void> {
      if ((await readWholeApp().catch(() => undefined)) !== 'no') {
        await this.saveAll();
        return;
      }
      const cache = await caches.open(APP_FILES_CACHE);
      const used = new Set((await cache.keys()).map((request) => chunkName(new URL(request.url).pathname.slice(1))));
      await fetchInto(rest.filter((file) => used.has(chunkName(file.url))).map((file) => href(file.url)));
    },

    /** On activation: files of earlier versions go (their pages are gone with them). */
    async prune(): Promise<void> {
      const cache = await caches.open(APP_FILES_CACHE);
      for (const request of await cache.keys()) if (!ours.has(request.url)) await cache.delete(request);
    },
  };
}
