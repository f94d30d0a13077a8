import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { pullCatalogue } from '../../src/local/catalogue';
import { queryLocalProducts } from '../../src/local/catalogue-query';
import { AkuafoDb } from '../../src/local/db';
import { CATEGORIES, CONDITIONS, GHANA_REGIONS, PRODUCT_SORT_FIELDS } from '../../src/shared/catalogue';
import { productQuerySchema } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Random listing queries over the seed catalogue: the phone's mirror must answer every one
 * with the same products, in the same order, with the same pagination as GET /products, and
 * refuse exactly the queries the server refuses.
 */
let server: TestServer;
let db: AkuafoDb;
beforeAll(async () => {
  server = await startTestServer();
  db = new AkuafoDb(`parity-${Math.random()}`);
  await pullCatalogue(createApiClient({ origin: 'http://test.local', fetch: server.fetch }), db);
});
afterAll(() => server.close());

/** The generated catalogue (issue 25): search on the trigram indexes must agree with the mirror. */
let big: TestServer;
let bigMirror: AkuafoDb;
beforeAll(async () => {
  big = await startTestServer({ seed: false });
  await generateCatalogue(big.deps, big.deps.storage, 2_000);
  bigMirror = new AkuafoDb(`parity-big-${Math.random()}`);
  await pullCatalogue(createApiClient({ origin: 'http://test.local', fetch: big.fetch }), bigMirror);
}, 120_000);
afterAll(() => big.close());

const WORDS = ['maize', 'MAI', 'yam', 'fresh', 'bag', 'organic', 'goat', 'Tomato', 'kg', 'seed', 'a', 'e', '%', '_', 'zz', 'ashanti', 'rice 5', 'n', 'aburow', 'bayerɛ', 'nkate'];
const price = fc.oneof(fc.integer({ min: 0, max: 1500 }).map(String), fc.tuple(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${b}`));

/** Present about one time in four, so queries combine a few filters and often find products. */
const sometimes = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

const query = fc
  .record({
    search: sometimes(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((w) => w.join(' '))),
    category: sometimes(fc.constantFrom(...CATEGORIES)),
    condition: sometimes(fc.constantFrom(...CONDITIONS)),
    location: sometimes(fc.constantFrom(...GHANA_REGIONS)),
    minPrice: sometimes(price),
    maxPrice: sometimes(price),
    sortBy: sometimes(fc.constantFrom(...PRODUCT_SORT_FIELDS)),
    sortDir: sometimes(fc.constantFrom('asc', 'desc')),
    page: fc.oneof({ arbitrary: fc.constant('1'), weight: 2 }, { arbitrary: fc.integer({ min: 1, max: 5 }).map(String), weight: 1 }),
    limit: sometimes(fc.integer({ min: 1, max: 30 }).map(String)),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string>);

/** Whole words, parts of words (three letters and more go to the index), short ones, and crops' Twi names (issue 37). */
const SCALE_WORDS = ['maize', 'MAIZ', 'organic', 'grade a', 'ashanti', 'tamale', 'techiman', 'fresh yam', 'kg', 'a', 'ze', '50 kg', 'npk', 'fowl', 'goat', 'region', 'certified seed', 'pepper', 'zzq', '"', 'a"b', 'bulk 25', 'aburow', 'aburo fresh', 'bayerɛ', 'bayere', 'bankye', 'ntoosi', 'nkate'];

const parsedQuery = (input: Record<string, string>) => {
  const parsed = parseWith(productQuerySchema, input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('the mirror and the server agree on random queries', () => {
  it('over the generated catalogue, searching on the index', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(...SCALE_WORDS), async (input, search) => {
        const asked = { ...input, search };
        const res = await big.call(`/products?${new URLSearchParams(asked)}`);
        const parsed = parseWith(productQuerySchema, asked);
        if (!parsed.ok) {
          expect(res.status).toBe(400);
          return;
        }
        expect(res.status).toBe(200);
        const remote = (await res.json()) as { data: { id: number }[]; pagination: unknown };
        const local = await queryLocalProducts(parsed.value, bigMirror);
        expect(local.data.map((p) => p.id)).toEqual(remote.data.map((p) => p.id));
        expect(local.pagination).toEqual(remote.pagination);
        if (remote.data.length > 0) nonEmpty += 1;
      }),
      { numRuns: 150 },
    );
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('same ids, order and pagination (or the same refusal)', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(query, async (input) => {
        const res = await server.call(`/products?${new URLSearchParams(input)}`);
        const parsed = parseWith(productQuerySchema, input);
        if (!parsed.ok) {
          expect(res.status).toBe(400);
          return;
        }
        expect(res.status).toBe(200);
        const remote = (await res.json()) as { data: { id: number }[]; pagination: unknown };
        const local = await queryLocalProducts(parsed.value, db);
        expect(local.data.map((p) => p.id)).toEqual(remote.data.map((p) => p.id));
        expect(local.pagination).toEqual(remote.pagination);
        if (remote.data.length > 0) nonEmpty += 1;
      }),
      { numRuns: 150 },
    );
    // The property must not hold only because most answers are empty.
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it("crops' Twi names find the crop's listings offline, the same as online (issue 37)", async () => {
    for (const [twi, english] of [['aburow', 'maize'], ['aburo', 'maize'], ['bayerɛ', 'yam'], ['bayere', 'yam'], ['bankye', 'cassava'], ['ntoosi', 'tomato'], ['nkate', 'groundnut']]) {
      const asked = { search: twi, limit: '100' };
      const remote = (await (await server.call(`/products?${new URLSearchParams(asked)}`)).json()) as { data: { id: number }[] };
      const local = await queryLocalProducts(parsedQuery(asked), db);
      const inEnglish = await queryLocalProducts(parsedQuery({ search: english, limit: '100' }), db);
      expect(local.data.length, twi).toBeGreaterThan(0);
      expect(local.data.map((p) => p.id), twi).toEqual(inEnglish.data.map((p) => p.id));
      expect(local.data.map((p) => p.id), twi).toEqual(remote.data.map((p) => p.id));
    }
  });
});
