import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productQuerySchema } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { matchesSearch, searchHaystack, searchWords, wordSpellings } from '../../src/shared/search';

describe('productQuerySchema', () => {
  it('fills defaults', () => {
    const r = parseWith(productQuerySchema, {});
    expect(r).toEqual({ ok: true, value: { sortBy: 'relevance', sortDir: 'desc', page: 1, limit: 20 } });
  });

  it('never throws, whatever text arrives', () => {
    const text = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(fc.record({ page: text, limit: text, minPrice: text, sortBy: text, search: text }, { requiredKeys: [] }), (q) => {
        const r = parseWith(productQuerySchema, q);
        if (r.ok) {
          expect(r.value.limit).toBeGreaterThanOrEqual(1);
          expect(r.value.limit).toBeLessThanOrEqual(100);
        } else {
          expect(r.error.message.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('search', () => {
  it('needs every word, in any case, anywhere in name, category or description', () => {
    const hay = searchHaystack({ name: 'White Maize (50 kg bag)', category: 'Grains', description: 'Dry maize from Techiman' });
    expect(matchesSearch(hay, searchWords('maize TECHIMAN'))).toBe(true);
    expect(matchesSearch(hay, searchWords('grains white'))).toBe(true);
    expect(matchesSearch(hay, searchWords('maize yam'))).toBe(false);
    expect(matchesSearch(hay, searchWords('   '))).toBe(true);
  });

  it("takes a crop's Twi name, with ɛ and ɔ or without, for its English name; never the other way (issue 37)", () => {
    const hay = searchHaystack({ name: 'White Maize (50 kg bag)', category: 'Grains', description: 'Dry maize from Techiman' });
    for (const twi of ['aburow', 'ABURO', 'abur']) expect(matchesSearch(hay, searchWords(`${twi} techiman`)), twi).toBe(true);
    expect(matchesSearch(hay, searchWords('abu'))).toBe(false); // three letters do not stand for a name
    expect(wordSpellings('bayere')).toEqual(['bayere', 'bayerɛ', 'yam']);
    expect(wordSpellings('ntoosi')).toEqual(['ntoosi', 'tomato']); // "Tomatoes" in the singular: "Tomato paste" too
    expect(wordSpellings('akokɔ')).toEqual(['akokɔ', 'chicken']); // not "broiler", which Twi's name holds as well
    expect(wordSpellings('rice')).toEqual(['rice']); // "emo" would find "lemon"
  });
});
