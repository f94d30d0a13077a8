import { describe, expect, it } from 'vitest';
import { deriveOffer } from '../../src/shared/discount';

describe('deriveOffer', () => {
  it('works out the price before from a percentage, and the two agree', () => {
    // Fresh Tomatoes: GH₵ 1,200 at -15% were GH₵ 1,411.76.
    expect(deriveOffer(120_000, { discountPercentage: 15 })).toEqual({ discountPercentage: 15, oldPriceMinor: 141_176 });
  });

  it('works out the percentage from a price before', () => {
    expect(deriveOffer(45_000, { oldPriceMinor: 49_000 })).toEqual({ discountPercentage: 8, oldPriceMinor: 49_000 });
  });

  it('trusts the price before over a percentage that disagrees with it', () => {
    expect(deriveOffer(80_000, { discountPercentage: 50, oldPriceMinor: 100_000 })).toEqual({ discountPercentage: 20, oldPriceMinor: 100_000 });
  });

  it('is no offer when the price before is not above the price or the percentage is out of range', () => {
    const none = { discountPercentage: null, oldPriceMinor: null };
    expect(deriveOffer(50_000, { oldPriceMinor: 50_000 })).toEqual(none);
    expect(deriveOffer(50_000, { discountPercentage: 0 })).toEqual(none);
    expect(deriveOffer(50_000, { discountPercentage: 100 })).toEqual(none);
    expect(deriveOffer(50_000, {})).toEqual(none);
  });

  it('agrees for every percentage and a spread of prices', () => {
    for (const price of [1_00, 9_95, 95_00, 1_200_00, 35_000_00]) {
      for (let pct = 1; pct <= 99; pct++) {
        const offer = deriveOffer(price, { discountPercentage: pct });
        if (offer.oldPriceMinor === null) continue;
        expect(Math.abs(((offer.oldPriceMinor - price) * 100) / offer.oldPriceMinor - offer.discountPercentage!)).toBeLessThanOrEqual(0.5);
      }
    }
  });
});
