import { describe, expect, it } from 'vitest';
import { partsOfOrderRow, totalInline, totalLines, totalTextLines } from '../../src/shared/totals';

/** Issue 37.8: one function gives a total's parts, and they always add up to it. */
describe('totalLines', () => {
  it('lists goods, discount, pickup, transport and VAT, and a total that is their sum', () => {
    expect(totalLines({ goods: 77_000, discount: 1_000, vat: 6_400, pickup: 0, transport: 2_500 })).toEqual([
      { part: 'goods', minor: 77_000 },
      { part: 'discount', minor: -1_000 },
      { part: 'pickup', minor: 0 },
      { part: 'transport', minor: 2_500 },
      { part: 'vat', minor: 6_400 },
      { part: 'total', minor: 84_900 },
    ]);
  });

  it('leaves out a discount or transport that is not charged, never the VAT', () => {
    expect(totalLines({ goods: 45_000, vat: 0 }).map((l) => l.part)).toEqual(['goods', 'vat', 'total']);
  });
});

describe('the texts', () => {
  const order = partsOfOrderRow({ subtotal_minor: 77_000, discount_minor: 0, tax_minor: 6_400, shipping_minor: 0 });

  it('an e-mail gets a line a part, in the reader\'s language', () => {
    expect(totalTextLines(order, 'en')).toEqual(['Goods: GH₵ 770.00', 'VAT: GH₵ 64.00', 'Total: GH₵ 834.00']);
    expect(totalTextLines(order, 'ak')).toEqual(['Nneɛma no bo: GH₵ 770.00', 'Tow (VAT): GH₵ 64.00', 'Ne nyinaa: GH₵ 834.00']);
  });

  it('an SMS or USSD screen gets one line; goods alone say there is no VAT', () => {
    expect(totalInline(order, 'en')).toBe('GH₵ 834.00 (Goods GH₵ 770.00 + VAT GH₵ 64.00)');
    expect(totalInline({ goods: 45_000, vat: 0 }, 'en')).toBe('GH₵ 450.00 (no VAT)');
    expect(totalInline({ goods: 45_000, discount: 5_000, vat: 0 }, 'en')).toBe('GH₵ 400.00 (Goods GH₵ 450.00 - Discount GH₵ 50.00)');
    // An unknown language reads English.
    expect(totalInline(order, 'fr')).toBe(totalInline(order, 'en'));
  });
});
