import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { saveSession } from '../../src/local/session';
import { AkuafoDb, getMeta } from '../../src/local/db';
import { discardEntry, replayOutbox } from '../../src/local/outbox';
import { profileKey, refreshSellerProfile, saveSellerProfile } from '../../src/local/sellers';
import { dropSentDrafts, fetchMySubmissions, pendingSubmissions, queueSubmission } from '../../src/local/submissions';
import { pngImage, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: AkuafoDb;
let token: string;
const OWNER_EMAIL = 'kofi.farms@akuafo.demo';
/** The seller's account id: what the phone files their data under. */
let OWNER: number;

const online = () =>
  createApiClient({ origin: 'http://test.local', fetch: server.fetch, auth: { accessToken: async () => token, refresh: async () => false } });
const offline = () =>
  createApiClient({ origin: 'http://test.local', fetch: () => Promise.reject(new TypeError('Failed to fetch')), auth: { accessToken: async () => token, refresh: async () => false } });

const fields = (name: string) => ({
  name,
  description: 'Sweet, firm pineapples from the Central region.',
  category: 'Fruits',
  price: '18.00',
  stockQuantity: '25',
  currency: 'GHS' as const,
});

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenFor(server, OWNER_EMAIL);
  OWNER = (await server.deps.db.selectFrom('users').select('id').where('email', '=', OWNER_EMAIL).executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`test-${Math.random()}`);
  await db.open();
  // The seller is signed in on this phone: what the server answers is kept only for them.
  await saveSession({ accessToken: token, refreshToken: 'not-used', user: { id: OWNER, email: OWNER_EMAIL, firstName: 'Kofi', lastName: 'Farms', userType: 'SELLER', profileImage: null, passwordChangedAt: null } }, db);
});

describe('a product added offline', () => {
  it('waits as a draft with its image, then reaches the server as a pending submission', async () => {
    const png = new Blob([new Uint8Array(await pngImage('#f4d35e'))], { type: 'image/png' });
    const entry = await queueSubmission(fields('Offline Sugarloaf Pineapple'), [{ blob: png, name: 'pineapple.png' }], db);
    expect(entry?.entity).toMatch(/^submission:\d+$/);

    const stillOffline = await replayOutbox(offline(), db);
    expect(stillOffline.retryLater).toBe(true);
    const waiting = await pendingSubmissions(db);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ state: 'waiting', fields: { name: 'Offline Sugarloaf Pineapple' } });
    expect(waiting[0].images[0].size).toBe(png.size);

    const result = await replayOutbox(online(), db);
    expect(result.sent).toBe(1);
    expect(await db.drafts.count()).toBe(0);
    expect(await pendingSubmissions(db)).toEqual([]);

    const page = await fetchMySubmissions(online(), OWNER, { search: 'Offline Sugarloaf', status: 'PENDING' }, db);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ status: 'PENDING', price: 18, stockQuantity: 25 });
    expect(page.data[0].images).toHaveLength(1);

    // The same page is there offline.
    const cached = await fetchMySubmissions(offline(), OWNER, { search: 'Offline Sugarloaf', status: 'PENDING' }, db);
    expect(cached.fromCache).toBe(true);
    expect(cached.data[0].id).toBe(page.data[0].id);
  });

  it('keeps a refused draft with the server\'s reason until it is discarded', async () => {
    const notAnImage = new Blob(['just some notes'], { type: 'image/jpeg' });
    await queueSubmission(fields('Refused Pineapple'), [{ blob: notAnImage, name: 'notes.jpg' }], db);
    const result = await replayOutbox(online(), db);
    expect(result.failed).toBe(1);
    const [failed] = await pendingSubmissions(db);
    expect(failed).toMatchObject({ state: 'failed', error: 'File notes.jpg is not an image' });
    await discardEntry(failed.seq!, online(), db);
    expect(await db.drafts.count()).toBe(0);
  });

  it('removes drafts whose entry was sent while nobody listened', async () => {
    const png = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' });
    const entry = await queueSubmission(fields('Orphan Pineapple'), [{ blob: png, name: 'p.png' }], db);
    await db.outbox.delete(entry!.seq!);
    expect(await pendingSubmissions(db)).toEqual([]);
    expect(await dropSentDrafts(db)).toBe(1);
    expect(await db.drafts.count()).toBe(0);
  });
});

describe('seller profile on the phone', () => {
  it('saves offline at once and on the server when back online', async () => {
    await refreshSellerProfile(online(), OWNER, db);
    await saveSellerProfile(OWNER, { businessAddress: 'Km 4, Techiman-Kintampo Road' }, db);
    const local = await getMeta<{ value: { businessAddress: string } }>(profileKey(OWNER), db);
    expect(local?.value.businessAddress).toBe('Km 4, Techiman-Kintampo Road');
    expect((await replayOutbox(offline(), db)).retryLater).toBe(true);

    expect((await replayOutbox(online(), db)).sent).toBe(1);
    const server_ = (await (await server.call('/sellers/me', { token })).json()) as any;
    expect(server_.data.businessAddress).toBe('Km 4, Techiman-Kintampo Road');
    const offlineRead = await refreshSellerProfile(offline(), OWNER, db);
    expect(offlineRead).toMatchObject({ fromCache: true, value: { businessAddress: 'Km 4, Techiman-Kintampo Road' } });
  });
});
