import { describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../src/server/platform/db/seed-data';
import { renderProductArt } from '../../src/shared/product-art';
import { lookOf } from '../../src/shared/product-looks';

/** The look the picture was drawn with (the motif's group names it). */
const drawn = (svg: string) => /<g data-look="([^"]+)">/.exec(svg)?.[1];

describe("a demo product's picture shows what its name says", () => {
  it('draws plantain as fingers on a stalk and kontomire as leaves, not as apples and tomatoes', () => {
    const plantain = SEED_PRODUCTS.find((p) => p.name.startsWith('Apem Plantain'))!;
    const kontomire = SEED_PRODUCTS.find((p) => p.name.startsWith('Kontomire'))!;
    expect(drawn(renderProductArt(plantain.category, 1, 0, plantain.name))).toBe('fingers');
    expect(drawn(renderProductArt(kontomire.category, 1, 0, kontomire.name))).toBe('leaves');
    expect(drawn(renderProductArt('Vegetables', 1, 0, 'Fresh Okra (medium basket)'))).toBe('pods');
    // Tomatoes are round and red, onions purple: each in its own colours, not the category's mix.
    expect(lookOf('Fresh Tomatoes (crate)')).toMatchObject({ shape: 'round' });
    expect(renderProductArt('Vegetables', 1, 0, 'Red Onions (50 kg bag)')).not.toContain('#e5412f');
  });

  it('every demo fruit and vegetable has a look of its own (the categories mix shapes and colours)', () => {
    const mixed = SEED_PRODUCTS.filter((p) => (p.category === 'Fruits' || p.category === 'Vegetables') && !lookOf(p.name)).map((p) => p.name);
    expect(mixed).toEqual([]);
  });

  it('a name no rule knows keeps its category motif, and the same arguments draw the same picture', () => {
    expect(drawn(renderProductArt('Tools', 3, 1, 'Farm Cutlass (22-inch)'))).toBe('Tools');
    expect(renderProductArt('Fruits', 5, 1, 'Apentu Plantain (large bunch)')).toBe(renderProductArt('Fruits', 5, 1, 'Apentu Plantain (large bunch)'));
  });
});
