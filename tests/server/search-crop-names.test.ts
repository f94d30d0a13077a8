import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/schemas/catalogue';
import { createCatalogueService } from '../../src/server/modules/catalogue/service';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 37 item 6: the app writes crops' Twi names itself (/prices, USSD, SMS), so buyers
 * search with them. Each finds the crop's listings, as written with ɛ and ɔ and without,
 * the same listings as the English name finds. SQLite, and PostgreSQL with DATABASE_URL (its
 * exact-terms path and its trigram path alike: the demo catalogue is under every bound).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const found = async (search: string, more = '') => {
  const res = await server.call(`/products?limit=100&search=${encodeURIComponent(search)}${more}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Product[] }).data.map((p) => p.name);
};

const TWI: [string, string, string][] = [
  ['aburow', 'maize', 'White Maize (50 kg bag)'],
  ['aburo', 'maize', 'Yellow Maize (50 kg bag)'],
  ['bayerɛ', 'yam', 'Puna Yam (medium tuber)'],
  ['bayere', 'yam', 'Water Yam (tuber)'],
  ['BAYERƐ', 'yam', 'Puna Yam (medium tuber)'],
  ['bankye', 'cassava', 'Fresh Cassava (maxi bag)'],
  ['ntoosi', 'tomato', 'Fresh Tomatoes (crate)'],
  ['nkate', 'groundnut', 'Shelled Groundnuts (olonka)'],
  ['nkateɛ', 'groundnut', 'Shelled Groundnuts (olonka)'],
];

describe("a crop's Twi name finds its listings", () => {
  it.each(TWI)('"%s" finds what "%s" finds', async (twi, english, listing) => {
    const names = await found(twi);
    expect(names).toContain(listing);
    expect(names).toEqual(await found(english));
  });

  it('with a second word, in every order and page the English gives', async () => {
    for (const more of ['', '&sortBy=price&sortDir=asc', '&sortBy=name&sortDir=desc', '&limit=2&page=2'])
      expect(await found('aburow white', more), more).toEqual(await found('maize white', more));
    const white = await found('aburow white');
    expect(white).toContain('White Maize (50 kg bag)');
    expect(white).not.toContain('Yellow Maize (50 kg bag)');
  });

  it('a word that only begins a name, or names nothing, is matched as typed', async () => {
    // "abu" (three letters) is too short to stand for aburow; "zzaburow" is not a crop's name.
    expect(await found('abu')).not.toContain('White Maize (50 kg bag)');
    expect(await found('zzaburow')).toEqual([]);
  });

  it('a listing written in Twi is found by its name with ɛ and without, and by the English', async () => {
    const { db, dialect, readOffLoop } = server.deps;
    const listing = await db.selectFrom('products').select('id').where('name', '=', 'Cocoyam (medium basket)').executeTakeFirstOrThrow();
    await db.updateTable('products').set({ name: 'Bayerɛ Pa (Ashanti)' }).where('id', '=', listing.id).execute();
    // The service itself: the answer cache's head moves with writes through the app, not this one.
    const service = createCatalogueService(db, dialect, readOffLoop);
    const ids = async (search: string) => (await service.listProducts({ search, sortBy: 'createdAt', sortDir: 'desc', page: 1, limit: 100 })).data.map((p) => p.id);
    for (const search of ['bayerɛ', 'bayere', 'BAYERE']) expect(await ids(search), search).toContain(listing.id);
  });
});
