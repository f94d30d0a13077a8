import { isRenderedPage } from '../shared/rendered-pages';
import { cookieLocale, SOURCE_LOCALE } from '../shared/i18n/locales';

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
export async function keepOpenedPage(location: Location, caches: CacheStorage, locale = cookieLocale(globalThis.document?.cookie) ?? SOURCE_LOCALE): Promise<void> {
  if (!isRenderedPage(location.pathname)) return;
  const cache = await caches.open(RENDERED_PAGES_CACHE);
  const key = renderedPageKey(location.href, locale);
  if (await cache.match(key, { ignoreVary: true })) return;
  const response = await fetch(location.href);
  if (response.ok) await cache.put(key, response);
}

/**
 * The kept copy's key: one per language, so a Twi reader offline gets the Twi page. English
 * keeps the plain address (copies kept before languages existed stay in use).
 */
export function renderedPageKey(url: string, locale: string): string {
  if (locale === SOURCE_LOCALE) return url;
  const key = new URL(url);
  key.searchParams.set('reader-language', locale);
  return key.href;
}
