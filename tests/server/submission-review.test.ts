import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceChangeNeedsReview } from '../../src/server/modules/submissions/review';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21.4 and 22.15: an approved listing cannot be rewritten without review, and the
 * seller chooses condition and region (changes to them wait for review like the category).
 */
let server: TestServer;
let kofi: string;
let ama: string;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  [kofi, ama, admin] = await Promise.all([tokenFor(server, 'kofi.farms@akuafo.demo'), tokenFor(server, 'ama.agro@akuafo.demo'), adminToken(server)]);
  png = await pngImage();
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;
const edit = (id: number, body: object, token = kofi) => server.call(`/product-submissions/my-submissions/${id}`, { method: 'PATCH', token, json: body });
const publicProduct = async (id: number) => (await json(await server.call(`/products/${id}`))).data;
const queue = async () => (await json(await server.call('/admin/submissions?status=PENDING&limit=100', { token: admin }))).data as any[];

async function liveListing(fields: Record<string, string> = {}, token = kofi) {
  const res = await server.call('/product-submissions', { method: 'POST', token, body: productForm({ ...VALID_PRODUCT, ...fields }, [{ name: 'a.png', data: png }]) });
  expect(res.status).toBe(201);
  const { data } = await json(res);
  const approved = await server.call(`/admin/submissions/${data.id}/approve`, { method: 'POST', token: admin });
  expect(approved.status).toBe(200);
  return (await json(approved)).data as { id: number; productId: number; updatedAt: string; imagesUrls: string[] };
}

describe('an approved listing rewritten by its seller', () => {
  it('keeps the approved content live while the change waits; the operator sees old and new and approves', async () => {
    const listing = await liveListing({ name: 'Honest Garden Eggs', price: '15' });
    const attack = await edit(listing.id, { name: 'PAY OUTSIDE APP 0550000000', description: 'PAY OUTSIDE APP 0550000000' });
    expect(attack.status).toBe(200);
    expect((await json(attack)).data).toMatchObject({ status: 'APPROVED', changesPending: true, name: 'PAY OUTSIDE APP 0550000000' });

    // Buyers (product page, search and the phones' sync) still see the approved listing.
    expect(await publicProduct(listing.productId)).toMatchObject({ name: 'Honest Garden Eggs', description: VALID_PRODUCT.description });
    expect((await json(await server.call('/products?search=PAY%20OUTSIDE'))).data).toHaveLength(0);
    const delta = (await json(await server.call('/sync/catalogue?since=0&limit=1000'))).data;
    expect(JSON.stringify(delta)).not.toContain('PAY OUTSIDE APP');

    // The seller's list says so; the operator's queue shows both versions.
    const mine = await json(await server.call('/product-submissions/seller/me?search=outside', { token: kofi }));
    expect(mine.data[0]).toMatchObject({ id: listing.id, changesPending: true });
    const queued = (await queue()).find((s) => s.id === listing.id);
    expect(queued).toMatchObject({ status: 'APPROVED', changesPending: true, name: 'PAY OUTSIDE APP 0550000000' });
    expect(queued.live).toMatchObject({ name: 'Honest Garden Eggs', description: VALID_PRODUCT.description, price: 15, imagesUrls: listing.imagesUrls });

    expect((await server.call(`/admin/submissions/${listing.id}/approve`, { method: 'POST', token: kofi })).status).toBe(403);
    const approved = await server.call(`/admin/submissions/${listing.id}/approve`, { method: 'POST', token: admin, json: { updatedAt: queued.updatedAt } });
    expect(approved.status).toBe(200);
    expect((await json(approved)).data).toMatchObject({ status: 'APPROVED', changesPending: false });
    expect((await publicProduct(listing.productId)).name).toBe('PAY OUTSIDE APP 0550000000');
    expect((await queue()).some((s) => s.id === listing.id)).toBe(false);
  });

  it('a refused change leaves the listing live as approved and tells the seller why', async () => {
    const listing = await liveListing({ name: 'Plain Okra Basket' });
    await edit(listing.id, { name: 'Okra — call 0550000000', category: 'Fruits' });
    await server.call(`/product-submissions/my-submissions/${listing.id}/images`, { method: 'POST', token: kofi, body: productForm({}, [{ name: 'b.png', data: await pngImage('#123456') }]) });
    const refused = await server.call(`/admin/submissions/${listing.id}/reject`, { method: 'POST', token: admin, json: { note: 'No phone numbers in listings, please.' } });
    expect(refused.status).toBe(200);
    expect((await json(refused)).data).toMatchObject({
      status: 'APPROVED', changesPending: false, name: 'Plain Okra Basket', category: 'Vegetables', reviewNote: 'No phone numbers in listings, please.', imagesUrls: listing.imagesUrls,
    });
    expect(await publicProduct(listing.productId)).toMatchObject({ name: 'Plain Okra Basket', isActive: true });
    const mail = readMailSpool(server).find((m) => m.body.includes('did not approve your changes to "Plain Okra Basket"'));
    expect(mail?.body).toContain('No phone numbers in listings, please.');
  });

  it('applies stock and a price within half at once; a price moved by more than half waits', async () => {
    const listing = await liveListing({ name: 'Market Day Tomatoes', price: '100', stockQuantity: '20' });
    const halfUp = await json(await edit(listing.id, { price: 150, stockQuantity: 0 }));
    expect(halfUp.data.changesPending).toBe(false);
    expect(await publicProduct(listing.productId)).toMatchObject({ price: 150, stockQuantity: 0 });

    // 150 to 10: a bait price. Stock sent with it still applies at once.
    const bait = await json(await edit(listing.id, { price: 10, stockQuantity: 5 }));
    expect(bait.data).toMatchObject({ price: 10, changesPending: true });
    expect(await publicProduct(listing.productId)).toMatchObject({ price: 150, stockQuantity: 5 });

    // Back to an ordinary price: it applies and nothing waits any more.
    const fixed = await json(await edit(listing.id, { price: 120 }));
    expect(fixed.data.changesPending).toBe(false);
    expect((await publicProduct(listing.productId)).price).toBe(120);

    await edit(listing.id, { price: 400 });
    expect((await publicProduct(listing.productId)).price).toBe(120);
    // Approving the price change does not undo the stock that sales and the seller moved since.
    await server.deps.db.updateTable('products').set({ stock_quantity: 3 }).where('id', '=', listing.productId).execute();
    expect((await server.call(`/admin/submissions/${listing.id}/approve`, { method: 'POST', token: admin })).status).toBe(200);
    expect(await publicProduct(listing.productId)).toMatchObject({ price: 400, stockQuantity: 3 });
  });

  it('draws the half line in one small rule', () => {
    expect(priceChangeNeedsReview(10_000, 15_000)).toBe(false);
    expect(priceChangeNeedsReview(10_000, 15_001)).toBe(true);
    expect(priceChangeNeedsReview(10_000, 5_000)).toBe(false);
    expect(priceChangeNeedsReview(10_000, 4_999)).toBe(true);
  });

  it('a burst of 60 parallel rewrites never reaches buyers', async () => {
    // Another seller, so the burst spends only her own hourly allowance of edits.
    const listing = await liveListing({ name: 'Burst Proof Cassava' }, ama);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => edit(listing.id, i % 2 ? { name: `SCAM ${i} call 0550000000` } : { description: `SCAM ${i} pay by MoMo to 0550000000` }, ama)),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(await publicProduct(listing.productId)).toMatchObject({ name: 'Burst Proof Cassava', description: VALID_PRODUCT.description });
    expect((await json(await server.call(`/product-submissions/my-submissions/${listing.id}`, { token: ama }))).data.changesPending).toBe(true);
  });

  it('an operator approving what changed since they looked gets 409', async () => {
    const listing = await liveListing({ name: 'Looked At Yams' });
    await edit(listing.id, { name: 'Looked At Yams (big)' });
    const seen = (await queue()).find((s) => s.id === listing.id);
    await edit(listing.id, { name: 'Yams — PAY OUTSIDE APP' });
    const stale = await server.call(`/admin/submissions/${listing.id}/approve`, { method: 'POST', token: admin, json: { updatedAt: seen.updatedAt } });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toMatch(/changed this listing since you opened it/);
    expect((await publicProduct(listing.productId)).name).toBe('Looked At Yams');
  });
});

describe('condition and region chosen by the seller', () => {
  it('a new listing carries the chosen condition and region, and the filters find it', async () => {
    const listing = await liveListing({ name: 'Organic Volta Shallots', condition: 'organic', region: 'Volta' });
    const found = await json(await server.call('/products?condition=organic&location=Volta&search=Volta%20Shallots'));
    expect(found.data.map((p: any) => p.id)).toEqual([listing.productId]);
    expect(found.data[0]).toMatchObject({ condition: 'organic', region: 'Volta' });
  });

  it('refuses unknown values with a sentence; an older client without them gets standard and the seller\'s region', async () => {
    const bad = await server.call('/product-submissions', {
      method: 'POST', token: kofi, body: productForm({ ...VALID_PRODUCT, condition: 'mint', region: 'Texas' }, [{ name: 'a.png', data: png }]),
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fieldErrors).toEqual({ condition: 'Choose the condition: organic, premium or standard', region: 'Choose one of Ghana\'s 16 regions' });
    const plain = await liveListing({ name: 'Plain Client Maize' });
    expect(await publicProduct(plain.productId)).toMatchObject({ condition: 'standard', region: 'Bono East' });
  });

  it('a later change of condition or region waits for review', async () => {
    const listing = await liveListing({ name: 'Premium Kintampo Yam', condition: 'premium', region: 'Bono East' });
    const changed = await json(await edit(listing.id, { condition: 'organic', region: 'Ashanti' }));
    expect(changed.data).toMatchObject({ condition: 'organic', region: 'Ashanti', changesPending: true });
    expect(await publicProduct(listing.productId)).toMatchObject({ condition: 'premium', region: 'Bono East' });
    expect((await server.call(`/admin/submissions/${listing.id}/approve`, { method: 'POST', token: admin })).status).toBe(200);
    expect(await publicProduct(listing.productId)).toMatchObject({ condition: 'organic', region: 'Ashanti' });
  });
});
