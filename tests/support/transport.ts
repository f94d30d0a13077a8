import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { HttpError } from '../../src/server/http/errors';
import { now } from '../../src/server/platform/db';
import type { TestServer } from './server';
import { freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from './shop';

/** Issue 40: a paid order that travels, and a transporter, for tests of a consignment's life. */

export async function warehouseNamed(server: TestServer, name: string) {
  return server.deps.db.selectFrom('warehouses').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

/** A TRANSPORTER account (the registration route is another part of issue 40). */
export async function transporterNamed(server: TestServer, firstName = 'Kwame') {
  const at = now();
  const { id } = await server.deps.db
    .insertInto('users')
    .values({ email: `driver-${randomUUID().slice(0, 8)}@example.test`, password_hash: 'x', first_name: firstName, last_name: 'Driver', phone: null, user_type: 'TRANSPORTER' as 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An Accra buyer's paid order of two of Kofi's listings (Kofi drops off at Tamale): one consignment. */
export async function paidOrderFromTamale(server: TestServer, buyer?: Awaited<ReturnType<typeof makeUser>>) {
  const db = server.deps.db;
  const kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  const who = buyer ?? (await makeUser(server));
  await putInCart(server, who.id, await makeProduct(server, 50, 2_000, kofi.id), 8);
  await putInCart(server, who.id, await makeProduct(server, 50, 1_500, kofi.id), 2);
  const accra = await warehouseNamed(server, 'Accra Hub');
  // The price before paying: the quote's one consignment, and the checkout charges its total.
  const quoted = await server.call(`/shop/checkout/quote?pickupLocationId=${accra.id}`, { token: who.token });
  expect(quoted.status).toBe(200);
  const quote = ((await quoted.json()) as { data: { consignments: { fee: number }[]; transportTotal: number; total: number } }).data;
  expect(quote.consignments).toHaveLength(1);
  const started = await server.call('/shop/checkout', { method: 'POST', token: who.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  expect(started.status).toBe(201);
  const { reference, orderId, amount } = ((await started.json()) as { data: { reference: string; orderId: number; amount: number } }).data;
  expect(amount).toBe(quote.total);
  expect((await server.call(`/payments/sandbox/${reference}/approve`, { method: 'POST', token: who.token })).status).toBe(200);
  const consignment = await db.selectFrom('consignments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  expect(consignment.fee_minor).toBe(Math.round(quote.consignments[0]!.fee * 100));
  const lines = await db.selectFrom('order_items').select('id').where('order_id', '=', orderId).orderBy('id').execute();
  return { kofi, buyer: who, orderId, quote, consignment, lines: lines.map((l) => l.id), accra, tamale: await warehouseNamed(server, 'Tamale Depot') };
}

/** The refusal (status and sentence) a service threw; fails when it did not refuse. */
export async function refusalOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
