/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { OUTBOX_SYNC_TAG, replayExclusively } from '../src/local/replayer';
import { createBackgroundApiClient } from '../src/local/sw-client';
import { RENDERED_PAGES_CACHE, renderedPageKey } from '../src/local/page-cache';
import { isRenderedPage } from '../src/shared/rendered-pages';
import { savedPicture, VIEWED_PICTURES_CACHE } from '../src/local/pictures';
import { recordUsage, responseBytes } from '../src/local/usage';
// Every kind's outbox hooks, so what the worker sends with the app closed is followed up as the page would.
import '../src/local/outbox-kinds';
// Web Push: shows the server's notifications and opens the order when one is tapped.
import './push';
import { documentInLanguage, readerLocale } from './language';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
import { APP_FILES_CACHE, type AppFile, type AppFilesMessage } from '../src/local/app-files';
import { createAppFiles } from './app-files';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: AppFile[] };

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

// The home in the reader's language (index.html, index.ak.html): registered before the precache's own route for /.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/index.html'),
  async ({ request }) => (await documentInLanguage('/index.html')) ?? fetch(request),
);

// The shell in each language and the first screen's files, whatever the line; the other
// pages' files as they are opened, or all at once on a fast line or when asked (./app-files.ts).
const everything = self.__WB_MANIFEST as AppFile[];
precacheAndRoute(everything.filter((file) => file.core !== false));
cleanupOutdatedCaches();
const appFiles = createAppFiles(everything);
self.addEventListener('install', (event) => event.waitUntil(appFiles.install()));
self.addEventListener('activate', (event) => event.waitUntil(appFiles.prune()));
// Hashed files never change: the kept copy, else the network (and keep it: the page that
// asked for it then works offline too).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: APP_FILES_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);
// The first install takes the open page at once, so it works offline from the first visit on.
clientsClaim();

// The pages the server renders with their data (the product list, a product): from the
// network while there is one, so prices are today's; offline (or after 4 s of a stuck link)
// the copy kept from the last visit, which paints at once and which the app then brings up
// to the phone's own mirror; never seen, the shell.
const renderedPages = new NetworkFirst({
  cacheName: RENDERED_PAGES_CACHE,
  networkTimeoutSeconds: 4,
  // The page varies with the page-hint cookies, which a service worker cannot see; the app corrects a stale hint.
  matchOptions: { ignoreVary: true },
  plugins: [
    // One kept copy per language: a Twi reader offline gets the Twi page, never the English one.
    {
      cacheKeyWillBeUsed: async ({ request }) => {
        return renderedPageKey(request.url, await readerLocale());
      },
    },
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
    // A kept page names the app files of its own version. After an update has cleaned them
    // away it would paint but never start: then it is not used, and the shell is.
    { cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse && (await startsOffline(cachedResponse)) ? cachedResponse : null) },
  ],
});

async function startsOffline(page: Response): Promise<boolean> {
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(await page.clone().text());
  if (entry === null) return false;
  return (await matchPrecache(entry[1])) !== undefined || (await caches.match(new URL(entry[1], self.location.origin).href, { cacheName: APP_FILES_CACHE })) !== undefined;
}
const shellInLanguage = createHandlerBoundToURL('/shell.html');
const shell = async (options: RouteHandlerCallbackOptions) => (await documentInLanguage('/shell.html')) ?? shellInLanguage(options);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isRenderedPage(url.pathname),
  async (options) => {
    try {
      return await renderedPages.handle(options);
    } catch {
      return shell(options);
    }
  },
);

// Other navigations outside the API get the app shell; the client router takes it from there.
// (/ itself is the precached index.html, the prerendered home, through precacheAndRoute.)
registerRoute(
  new NavigationRoute(shell, {
    denylist: [/^\/api\//, /^\/media\//, /^\/healthz/],
  }),
);

// Product pictures: a saved offline pack first, then cache-first with a cap, so viewed
// products keep their images offline. With no network, the same picture at another width
// is better than none (a pack holds one width; the page may ask for another).
const viewedPictures = new CacheFirst({
  cacheName: VIEWED_PICTURES_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    // Counts what pictures cost the user this month (only those that came over the network).
    { fetchDidSucceed: async ({ response }) => (void responseBytes(response).then((n) => recordUsage('pictures', n)).catch(() => undefined), response) },
  ],
});
registerRoute(
  ({ url, request }) => url.pathname.startsWith('/media/') && request.destination === 'image',
  async ({ request, event, url }) => {
    const packed = await savedPicture(url.href, self.caches);
    if (packed) return packed;
    try {
      return await viewedPictures.handle({ request, event });
    } catch (error) {
      const other = await savedPicture(url.href, self.caches, true);
      if (other) return other;
      throw error;
    }
  },
);

// API JSON is never cached here: IndexedDB (Dexie) is the offline copy.

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  const message = event.data as AppFilesMessage | undefined;
  // Answered on the port workbox-window's messageSW gives.
  const answer = (work: Promise<unknown>) => event.waitUntil(work.then((value) => event.ports[0]?.postMessage(value ?? null)));
  if (message?.type === 'KEEP_FILES' && Array.isArray(message.urls)) answer(appFiles.keep(message.urls.filter((url) => typeof url === 'string')));
  if (message?.type === 'SAVE_APP') answer(appFiles.saveAll().then(() => appFiles.state()));
  if (message?.type === 'APP_FILES_STATE') answer(appFiles.state());
});

// Background Sync: the browser wakes us when the network is back, even with the app closed.
const backgroundApi = createBackgroundApiClient(async (message) => {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'SESSION_EXPIRED', message });
});
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    replayExclusively(backgroundApi).then((result) => {
      // Throwing asks the browser to try this sync again later.
      if (result?.retryLater) throw new Error('Outbox not drained yet');
    }),
  );
});
