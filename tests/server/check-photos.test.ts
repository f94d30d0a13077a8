import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLineAtWarehouse } from '../../src/server/modules/orders/fulfilment';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { adminToken, pngImage, productForm, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { warehouseNamed } from '../support/transport';

/**
 * Issue 41 items 1 and 3, on SQLite and PostgreSQL: an optional photo on a check and on a pickup
 * refusal, uploaded first under the phone's ref (POST /warehouse/photos), then pointed at; the
 * buyer's order line and the operator's refusal desk show it. Attacks: a ref of another user's
 * upload, a ref nobody uploaded, another account reusing a ref, a file that is not an image.
 */
let server: TestServer;
let accra: { id: number };
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
let staff: { accra: string; kumasi: string };
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  accra = await warehouseNamed(server, 'Accra Hub');
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  staff = { accra: await tokenFor(server, 'staff.accra@akuafo.demo'), kumasi: await tokenFor(server, 'staff.kumasi@akuafo.demo') };
  admin = await adminToken(server);
});
afterAll(() => server.close());

const db = () => server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const post = async (path: string, token: string, body: unknown) => json(await server.call(path, { method: 'POST', token, json: body }));
const upload = async (token: string, ref: string, file?: { name: string; data: Buffer | string; type?: string }) =>
  json(await server.call('/warehouse/photos', { method: 'POST', token, body: productForm({ ref }, file ? [file] : []), headers: { 'Idempotency-Key': randomUUID() } }));

/** Kofi's yam and Ama's plantain at Accra, the buyer's warehouse: paid, not yet brought. */
async function paidOrder() {
  await dropOffAt(server, accra.id, [kofi.id, ama.id]);
  const buyer = await makeUser(server);
  const yam = await makeProduct(server, 10, 3_000, kofi.id);
  const plantain = await makeProduct(server, 10, 1_500, ama.id);
  await putInCart(server, buyer.id, yam, 1);
  await putInCart(server, buyer.id, plantain, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const lines = await db().selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', started.orderId).orderBy('id').execute();
  return { buyer, orderId: started.orderId, yam: lines.find((l) => l.product_id === yam)!.id, plantain: lines.find((l) => l.product_id === plantain)!.id };
}

describe('photos on checks and refusals', () => {
  it('keeps a photo on a failed check and on a pickup refusal; the buyer and the desk see it', async () => {
    const o = await paidOrder();
    const ref = randomUUID();
    const sent = await upload(staff.accra, ref, { name: 'yam.png', data: await pngImage() });
    expect(sent).toMatchObject({ status: 201, body: { data: { ref, url: expect.stringMatching(/^\/media\/products\/[a-f0-9]{24}\/640\.webp$/) } } });
    // The same ref again from the same account (a replay after a lost answer): the same photo, one row.
    expect((await upload(staff.accra, ref, { name: 'yam.png', data: await pngImage('#000000') })).body.data.url).toBe(sent.body.data.url);
    expect(await db().selectFrom('check_photos').select('id').where('ref', '=', ref).execute()).toHaveLength(1);
    expect((await server.call(sent.body.data.url)).status).toBe(200);

    const checked = await post(`/warehouse/orders/${o.orderId}/items/${o.yam}/check`, staff.accra, { result: 'FAIL', notes: 'Rotten', photo: ref });
    expect(checked).toMatchObject({ status: 200, body: { data: { result: 'FAIL', photoUrl: sent.body.data.url } } });

    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { sellerId: ama.id }, o.orderId, o.plantain));
    const counterRef = randomUUID();
    const counterPhoto = await upload(staff.accra, counterRef, { name: 'crate.png', data: await pngImage('#884400') });
    const refused = await post(`/warehouse/orders/${o.orderId}/items/${o.plantain}/refusal`, staff.accra, { reason: 'Crushed in the crate', photo: counterRef });
    expect(refused).toMatchObject({ status: 200, body: { data: { photoUrl: counterPhoto.body.data.url } } });

    const detail = await json(await server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }));
    const items = detail.body.data.items;
    expect(items.find((i: any) => i.id === o.yam)).toMatchObject({ check: { photoUrl: sent.body.data.url }, refusal: { at: 'CHECK', photoUrl: sent.body.data.url } });
    expect(items.find((i: any) => i.id === o.plantain)).toMatchObject({ check: null, refusal: { at: 'PICKUP', photoUrl: counterPhoto.body.data.url } });
    const desk = await json(await server.call('/admin/refusals', { token: admin }));
    expect(desk.body.data.find((r: any) => r.id === refused.body.data.id).photoUrl).toBe(counterPhoto.body.data.url);
  });

  it('refuses a ref of another user’s upload, a ref nobody sent, a ref taken by another account, a file that is not an image', async () => {
    const o = await paidOrder();
    const kumasiRef = randomUUID();
    expect((await upload(staff.kumasi, kumasiRef, { name: 'mine.png', data: await pngImage() })).status).toBe(201);
    // Accra's staff point their check at Kumasi's photo: refused, nothing written.
    const stolen = await post(`/warehouse/orders/${o.orderId}/items/${o.yam}/check`, staff.accra, { result: 'PASS', photo: kumasiRef });
    expect(stolen).toMatchObject({ status: 400, body: { message: 'That photo was not sent from your account: take the photo again.' } });
    expect(await db().selectFrom('line_checks').select('id').where('order_item_id', '=', o.yam).execute()).toHaveLength(0);
    expect((await post(`/warehouse/orders/${o.orderId}/items/${o.yam}/check`, staff.accra, { result: 'PASS', photo: randomUUID() })).status).toBe(400);
    expect(await post(`/warehouse/orders/${o.orderId}/items/${o.yam}/check`, staff.accra, { result: 'PASS', photo: '../../etc/passwd' })).toMatchObject({ status: 400, body: { message: 'photo must be the id this phone gave the photo it sent' } });
    // A refusal pointing at it: refused too.
    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { operator: true }, o.orderId, o.yam));
    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { operator: true }, o.orderId, o.plantain));
    expect((await post(`/warehouse/orders/${o.orderId}/items/${o.plantain}/refusal`, staff.accra, { reason: 'Crushed', photo: kumasiRef })).status).toBe(400);
    expect(await db().selectFrom('pickup_refusals').select('id').where('order_item_id', '=', o.plantain).execute()).toHaveLength(0);
    // Uploading under Kumasi's ref from Accra: 403, Kumasi's photo stays.
    expect(await upload(staff.accra, kumasiRef, { name: 'x.png', data: await pngImage('#ffffff') })).toMatchObject({ status: 403, body: { message: 'That photo was not sent from your account: take the photo again.' } });
    const kumasiStaff = await db().selectFrom('users').select('id').where('email', '=', 'staff.kumasi@akuafo.demo').executeTakeFirstOrThrow();
    expect((await db().selectFrom('check_photos').select('uploaded_by').where('ref', '=', kumasiRef).executeTakeFirstOrThrow()).uploaded_by).toBe(kumasiStaff.id);
    // Not an image, no file, a buyer.
    expect((await upload(staff.accra, randomUUID(), { name: 'x.png', data: 'not a picture' })).status).toBe(400);
    expect(await upload(staff.accra, randomUUID())).toMatchObject({ status: 400, body: { message: 'Send one photo of the goods, as a file field named images.' } });
    expect((await upload(o.buyer.token, randomUUID(), { name: 'x.png', data: await pngImage() })).status).toBe(403);
  });
});
