import { isRenderedPage } from '../shared/rendered-pages';

/**
 * The pages the server renders with their data (the product list, a product), as the
 * service worker keeps them for offline (sw/sw.ts): the copy of a page last seen online.
 */
export const RENDERED_PAGES_CACHE = 'rendered-pages';

/**
 * A first visit's page came before the service worker was there to keep it: once it is, keep
 * this page too (one more download of its HTML, which is small), so the very link a user
 * opened works offline next time.
 */
export async function keepOpenedPage(location: Location, caches: CacheStorage): Promise<void> {
  if (!isRenderedPage(location.pathname)) return;
  const cache = await caches.open(RENDERED_PAGES_CACHE);
  if (await cache.match(location.href, { ignoreVary: true })) return;
  await cache.add(location.href);
}
