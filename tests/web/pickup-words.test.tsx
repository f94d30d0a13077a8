import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../src/shared/order-labels';

/**
 * Issue 22.10: Akuafo is a pickup marketplace, so no screen a shopper (or the operator
 * handing goods over) reads says shipped, shipping or delivery. The information pages, the
 * footer and the account's address book keep the spec's own titles ("Shipping & Returns",
 * "Shipping Addresses") and are not scanned.
 */
const SCREENS = [
  'src/web/pages/orders',
  'src/web/pages/cart',
  'src/web/pages/checkout',
  'src/web/pages/catalogue',
  'src/web/pages/home',
  'src/web/pages/wishlist',
  'src/web/pages/admin',
  'src/web/pages/sellers/SellerOrdersPage.tsx',
  'src/web/components/ProductCard.tsx',
  'src/web/components/Price.tsx',
  'src/web/components/NavBar.tsx',
];
const WORDS = /\b(Shipped|shipped|Shipping|shipping|Ship|Delivery|delivery|Delivered|delivered)\b/;

const files = (path: string): string[] =>
  statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => files(join(path, name))) : /\.tsx?$/.test(path) ? [path] : [];

/** Text a person reads: string literals and JSX text, with comments removed. */
function readableText(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const strings = [...code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  // JSX text, also the pieces between {expressions}: "Expected delivery by {date}".
  const jsxText = [...code.matchAll(/[>}]([^<>{}]+)(?=[<{])/g)].map((m) => m[1]!);
  return [...strings, ...jsxText];
}

describe('pickup words', () => {
  it('no shopper-facing screen says shipped, shipping or delivery', () => {
    const found = SCREENS.flatMap(files).flatMap((file) => readableText(readFileSync(file, 'utf8')).filter((t) => WORDS.test(t)).map((t) => `${file}: ${t.trim()}`));
    expect(found).toEqual([]);
  });

  it('names every status with the pickup vocabulary, in one place', () => {
    expect(Object.values(ORDER_STATUS_LABELS)).toEqual(['Placed', 'Paid', 'Ready for pickup', 'Collected', 'Cancelled']);
    for (const label of [...Object.values(ORDER_STATUS_LABELS), ...Object.values(HISTORY_LABELS), ...Object.values(PAYMENT_STATUS_LABELS)]) {
      expect(label).not.toMatch(WORDS);
    }
  });
});
