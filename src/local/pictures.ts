import { IMAGE_WIDTHS } from '../shared/catalogue';
import { responseBytes } from './usage';

/** Pictures the user has looked at: the service worker's capped runtime cache. */
export const VIEWED_PICTURES_CACHE = 'product-images';
/**
 * Pictures saved on purpose (offline packs). Its own cache, never the precache and never
 * capped or expired: it outlives app updates and is emptied only when a pack is removed.
 */
export const PACK_CACHE = 'akuafo-offline-packs';

const PICTURE_PATH = /^(\/media\/[^?#]+\/)(\d+)\.webp$/;

/** The same picture at the other stored widths, nearest in size first. */
export function otherWidths(url: string): string[] {
  const parsed = new URL(url, 'http://x');
  const match = PICTURE_PATH.exec(parsed.pathname);
  if (!match) return [];
  const width = Number(match[2]);
  const base = url.slice(0, url.length - parsed.pathname.length - parsed.search.length - parsed.hash.length);
  return IMAGE_WIDTHS.filter((w) => w !== width)
    .sort((a, b) => Math.abs(a - width) - Math.abs(b - width) || b - a)
    .map((w) => `${base}${match[1]}${w}.webp`);
}

/**
 * A picture the phone already holds: this width from a pack or the viewed cache, else, when
 * the network cannot bring it, the same picture at another width (better than none).
 */
export async function savedPicture(url: string, cacheStorage: CacheStorage, anyWidth = false): Promise<Response | undefined> {
  for (const candidate of anyWidth ? [url, ...otherWidths(url)] : [url]) {
    for (const name of [PACK_CACHE, VIEWED_PICTURES_CACHE]) {
      const hit = await (await cacheStorage.open(name)).match(candidate);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** How many pictures a cache holds and their bytes. */
export async function cachedBytes(name: string, cacheStorage: CacheStorage): Promise<{ count: number; bytes: number }> {
  if (!(await cacheStorage.has(name))) return { count: 0, bytes: 0 };
  const cache = await cacheStorage.open(name);
  let bytes = 0;
  const keys = await cache.keys();
  for (const request of keys) {
    const response = await cache.match(request);
    if (response) bytes += await responseBytes(response);
  }
  return { count: keys.length, bytes };
}

/** "Free pictures": drops the pictures kept from browsing; saved packs stay. */
export function freeViewedPictures(cacheStorage: CacheStorage): Promise<boolean> {
  return cacheStorage.delete(VIEWED_PICTURES_CACHE);
}
