import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { byWidth, IMAGE_WIDTHS, type ImageWidth } from '../../src/shared/catalogue';

const urlOf = (key: string) => (width: ImageWidth) => `/media/${key}/${width}.webp`;

/** Heap grown while `make` builds n objects that are all kept (so no collection can hide them). */
function heapGrowth(n: number, make: (i: number) => object): number {
  const kept: object[] = [];
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < n; i++) kept.push(make(i));
  const grown = getHeapStatistics().used_heap_size - before;
  expect(kept).toHaveLength(n);
  return grown;
}

describe('byWidth (a picture’s urls)', () => {
  it('gives every width its value, and the same JSON as the API has always sent', () => {
    const urls = byWidth(urlOf('abc'));
    expect(Object.keys(urls)).toEqual(IMAGE_WIDTHS.map(String));
    expect(urls).toEqual({ 320: '/media/abc/320.webp', 640: '/media/abc/640.webp', 1280: '/media/abc/1280.webp' });
    expect(JSON.stringify(urls)).toBe(JSON.stringify(Object.fromEntries(IMAGE_WIDTHS.map((w) => [w, urlOf('abc')(w)]))));
  });

  it('keeps a picture’s urls small: not an array of 1,281 slots, as filling them in ascending order makes', () => {
    const ascending = heapGrowth(2000, (i) => Object.fromEntries(IMAGE_WIDTHS.map((w) => [w, urlOf(`a${i}`)(w)])));
    const widestFirst = heapGrowth(2000, (i) => byWidth(urlOf(`a${i}`)));
    // About 18 KB against under 1 KB a picture (docs/performance.md).
    expect(widestFirst * 5).toBeLessThan(ascending);
  });
});
