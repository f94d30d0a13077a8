import { execFileSync } from 'node:child_process';
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { escrowToRefund, holdPayment, releaseEscrow } from '../../src/server/modules/ledger/escrow';
import { now } from '../../src/server/platform/db';
import { inTransaction } from '../../src/server/platform/db/transactions';
import { firstWarehouseId, makeProduct, makeUser, shopServer } from '../support/shop';
import { payingSellers } from '../support/payouts';
import { sessionToken } from '../support/session';
import type { TestServer } from '../support/server';

/** Issue 41 item 5: the sales record equals the ledger, and a shared record is signed, public and revocable. */
const shop = shopServer();

let ordersMade = 0;
/** A paid order of `lines` (product, quantity, price), held in escrow as a real payment is. */
async function paidOrder(server: TestServer, buyerId: number, lines: { productId: number; sellerId: number; quantity: number; priceMinor: number }[]) {
  const db = server.deps.db;
  const warehouseId = await firstWarehouseId(server);
  return inTransaction(db, async (trx) => {
    const at = now();
    const total = lines.reduce((s, l) => s + l.quantity * l.priceMinor, 0);
    ordersMade += 1;
    const { id } = await trx
      .insertInto('orders')
      .values({
        order_number: `AK-R${ordersMade}${Math.random().toString(36).slice(2, 7).toUpperCase()}`, user_id: buyerId, status: 'PROCESSING', payment_status: 'PAID',
        pickup_warehouse_id: warehouseId, subtotal_minor: total, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: total,
        currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
        reservation_expires_at: null, estimated_delivery: null, delivered_at: null, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const l of lines) {
      await trx.insertInto('order_items').values({ order_id: id, product_id: l.productId, product_name: 'Test line', unit_price_minor: l.priceMinor, quantity: l.quantity, total_minor: l.quantity * l.priceMinor }).execute();
    }
    await holdPayment(trx, { id: 900_000 + id, orderId: id, amountMinor: total, reference: `T-${id}`, transportMinor: 0 }, lines.map((l) => ({ sellerId: l.sellerId, totalMinor: l.quantity * l.priceMinor })));
    return id;
  });
}

async function collect(server: TestServer, orderId: number, deliveredAt: string) {
  await inTransaction(server.deps.db, async (trx) => {
    await trx.updateTable('orders').set({ status: 'DELIVERED', delivered_at: deliveredAt }).where('id', '=', orderId).execute();
    await releaseEscrow(trx, orderId, `#${orderId}`);
  });
}

async function cancel(server: TestServer, orderId: number) {
  await inTransaction(server.deps.db, async (trx) => {
    await trx.updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', orderId).execute();
    await escrowToRefund(trx, orderId, 0, 'cancelled in a test');
  });
}

/** What the ledger released from escrow to this seller: the gross of their collected lines. */
async function releasedTo(server: TestServer, sellerId: number) {
  const rows = await server.deps.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.debit_minor'])
    .where('ledger_transactions.kind', '=', 'escrow.release')
    .where('ledger_entries.account', '=', 'escrow_held')
    .where('ledger_entries.seller_id', '=', sellerId)
    .execute();
  return rows.reduce((s, r) => s + Number(r.debit_minor), 0);
}

async function sellerWithToken(server: TestServer) {
  const [id] = await payingSellers(server.deps.db, 1, 1);
  return { id, token: (await sessionToken(server, id)).token };
}

const json = async (res: Response) => (await res.json()) as any;
const write = (token: string) => ({ token, method: 'POST', headers: { 'idempotency-key': randomUUID() } });

describe('the seller’s sales record', () => {
  it('equals the ledger’s released shares, whatever orders are collected, cancelled or left paid', async () => {
    const { server } = shop;
    const me = await sellerWithToken(server);
    const other = await sellerWithToken(server);
    const mine = [await makeProduct(server, 10_000, 1_250, me.id), await makeProduct(server, 10_000, 4_000, me.id)];
    const theirs = await makeProduct(server, 10_000, 999, other.id);
    const buyers = [await makeUser(server), await makeUser(server), await makeUser(server)];
    let seed = 41;
    const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const expected = { quantity: 0, buyers: new Set<number>() };
    for (let i = 0; i < 30; i++) {
      const lines = [{ productId: mine[rand(2)], sellerId: me.id, quantity: 1 + rand(5), priceMinor: [1_250, 4_000][rand(2)] }];
      if (rand(2)) lines.push({ productId: theirs, sellerId: other.id, quantity: 1 + rand(3), priceMinor: 999 });
      const buyer = buyers[rand(3)];
      const orderId = await paidOrder(server, buyer.id, lines);
      const fate = rand(3);
      if (fate === 0) {
        // Collected some time in the last 23 months.
        await collect(server, orderId, new Date(Date.now() - rand(690) * 86_400_000).toISOString());
        expected.quantity += lines[0].quantity;
        expected.buyers.add(buyer.id);
      } else if (fate === 1) await cancel(server, orderId);
    }
    const res = await server.call('/sellers/me/record', { token: me.token });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(Math.round(data.totals.value * 100)).toBe(await releasedTo(server, me.id));
    expect(data.totals.quantity).toBe(expected.quantity);
    expect(data.totals.buyers).toBe(expected.buyers.size);
    expect(data.months).toHaveLength(24);
    expect(data.months.reduce((s: number, m: any) => s + Math.round(m.value * 100), 0)).toBe(Math.round(data.totals.value * 100));
    expect(data.commodities.reduce((s: number, m: any) => s + m.quantity, 0)).toBe(expected.quantity);
    // No warehouse check exists yet: every row says "not checked".
    expect(data.totals.passedShare).toBeNull();
  });

  it('is the seller’s alone: a buyer is refused', async () => {
    const buyer = await makeUser(shop.server);
    expect((await shop.server.call('/sellers/me/record', { token: buyer.token })).status).toBe(403);
  });
});

describe('a shared record', () => {
  it('is signed over its canonical document, public, and a one-character change fails the check', async () => {
    const { server } = shop;
    const me = await sellerWithToken(server);
    const made = await server.call('/sellers/me/record/share', write(me.token));
    expect(made.status).toBe(201);
    const { data: shared } = await json(made);
    expect(shared.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(shared.url).toContain(`/records/${shared.code}`);

    const res = await server.call(`/records/${shared.code}`);
    expect(res.status).toBe(200);
    const { data: rec } = await json(res);
    expect(rec.seller.name).toMatch(/^Batch Farm/);
    expect(rec.issuedAt).toBe(shared.issuedAt);
    const key = createPublicKey(rec.publicKey);
    const signature = Buffer.from(rec.signature, 'base64');
    expect(verify(null, Buffer.from(rec.document, 'utf8'), key, signature)).toBe(true);
    const altered = rec.document.replace('"buyers":0', '"buyers":1');
    expect(altered).not.toBe(rec.document);
    expect(verify(null, Buffer.from(altered, 'utf8'), key, signature)).toBe(false);
    // The document is canonical: parsing and writing it again in sorted order gives the same bytes.
    expect(JSON.parse(rec.document).code).toBe(shared.code);

    // A standard tool agrees, without our code (docs/records.md).
    let openssl = true;
    try {
      execFileSync('openssl', ['version']);
    } catch {
      openssl = false;
    }
    if (openssl) {
      const dir = mkdtempSync(join(tmpdir(), 'record-'));
      writeFileSync(join(dir, 'record.json'), rec.document);
      writeFileSync(join(dir, 'altered.json'), altered);
      writeFileSync(join(dir, 'record.sig'), signature);
      writeFileSync(join(dir, 'key.pem'), rec.publicKey);
      const check = (file: string) => {
        try {
          return execFileSync('openssl', ['pkeyutl', '-verify', '-pubin', '-inkey', join(dir, 'key.pem'), '-rawin', '-in', join(dir, file), '-sigfile', join(dir, 'record.sig')]).toString();
        } catch (e) {
          return String((e as { stdout?: Buffer }).stdout ?? 'failed');
        }
      };
      expect(check('record.json')).toMatch(/Signature Verified Successfully/);
      expect(check('altered.json')).not.toMatch(/Signature Verified Successfully/);
    }
  });

  it('is withdrawn only by its owner; then it answers 410; a forged code is 404', async () => {
    const { server } = shop;
    const me = await sellerWithToken(server);
    const other = await sellerWithToken(server);
    const { data: shared } = await json(await server.call('/sellers/me/record/share', write(me.token)));
    const del = (token: string) => server.call(`/sellers/me/record/share/${shared.code}`, { token, method: 'DELETE', headers: { 'idempotency-key': randomUUID() } });
    expect((await del(other.token)).status).toBe(404);
    expect((await server.call(`/records/${shared.code}`)).status).toBe(200);
    const list = await json(await server.call('/sellers/me/record/shares', { token: me.token }));
    expect(list.data.map((s: any) => s.code)).toEqual([shared.code]);
    expect((await json(await server.call('/sellers/me/record/shares', { token: other.token }))).data).toEqual([]);

    expect((await del(me.token)).status).toBe(200);
    const gone = await server.call(`/records/${shared.code}`);
    expect(gone.status).toBe(410);
    expect((await json(gone)).message).toMatch(/withdrawn by the seller/);
    expect((await del(me.token)).status).toBe(200);

    const forged = shared.code.slice(0, 21) + (shared.code.endsWith('A') ? 'B' : 'A');
    expect((await server.call(`/records/${forged}`)).status).toBe(404);
    expect((await server.call('/records/short')).status).toBe(404);
  });
});

/** The text a pdf-lib page draws: its content streams inflated, their hex strings decoded. */
function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) text.push(Buffer.from(hex[1], 'hex').toString('latin1'));
  }
  return text.join('\n');
}

describe('the record’s public page and statement', () => {
  it('shows the figures, the date made and "Verified by Akuafo Market"; a PDF carries the code; withdrawn is a plain 410 page', async () => {
    const { server } = shop;
    const me = await sellerWithToken(server);
    const product = await makeProduct(server, 100, 2_500, me.id);
    const buyer = await makeUser(server);
    await collect(server, await paidOrder(server, buyer.id, [{ productId: product, sellerId: me.id, quantity: 3, priceMinor: 2_500 }]), now());
    const { data: shared } = await json(await server.call('/sellers/me/record/share', write(me.token)));

    const res = await server.app.request(`/records/${shared.code}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Verified by Akuafo Market');
    expect(html).toContain('GH₵ 75.00');
    expect(html).toContain(shared.issuedAt.slice(0, 10));
    expect(html).not.toContain('<script');

    const pdf = await server.app.request(`/records/${shared.code}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(`Verification code: ${shared.code}`);
    expect(text).toContain('GHS 75.00');

    expect(html).toContain('On time');
    // In Twi for a reader who chose it (the site's language cookie), the same figures.
    const twi = await (await server.app.request(`/records/${shared.code}`, { headers: { cookie: 'akuafo-lang=ak' } })).text();
    expect(twi).toContain('<html lang="ak">');
    expect(twi).toContain('Akuafo Market ahwɛ mu.');
    expect(twi).toContain('GH₵ 75.00');
    expect(await (await server.app.request(`/records/${shared.code}`, { headers: { 'accept-language': 'tw-GH' } })).text()).toContain('Ɛbaa bere mu');

    expect((await server.app.request('/records/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    await server.call(`/sellers/me/record/share/${shared.code}`, { token: me.token, method: 'DELETE', headers: { 'idempotency-key': randomUUID() } });
    const gone = await server.app.request(`/records/${shared.code}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('withdrawn by the seller');
    const goneTwi = await server.app.request(`/records/${shared.code}`, { headers: { cookie: 'akuafo-lang=ak' } });
    expect(await goneTwi.text()).not.toContain('withdrawn by the seller');
    expect((await server.app.request(`/records/${shared.code}.pdf`)).status).toBe(410);
  });
});
