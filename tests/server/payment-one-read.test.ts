import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { writePreferences } from '../../src/server/platform/messages/preferences';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { startTestServer, type TestServer } from '../support/server';
import { firstWarehouseId, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';

/**
 * A payment reads its order's lines once (on PostgreSQL with the order's lock): the ledger's
 * shares, the buyer's paid notice and each seller's news all come from that read, and each
 * person's switches still decide their channels (docs/performance.md).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const messagesOf = (userId: number, after = 0) => server.deps.db.selectFrom('messages').select(['id', 'channel', 'topic', 'body']).where('user_id', '=', userId).where('id', '>', after).orderBy('id').execute();
const lastMessageId = async () => (await server.deps.db.selectFrom('messages').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;

describe('a paid order of two sellers', () => {
  it('holds each seller their own lines, tells the buyer every line and each seller their own, on their own switches', async () => {
    const kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
    const ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
    const buyer = await makeUser(server);
    // Ama wants no e-mail about sales; the buyer no SMS about orders.
    await writePreferences(server.deps.db, ama.id, { sales: { email: false } });
    await writePreferences(server.deps.db, buyer.id, { orders: { sms: false } });
    const kofiProduct = await makeProduct(server, 10, 2_000, kofi.id);
    const amaProduct = await makeProduct(server, 10, 3_000, ama.id);
    await putInCart(server, buyer.id, kofiProduct, 2);
    await putInCart(server, buyer.id, amaProduct, 1);
    const started = ((await (await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: await firstWarehouseId(server), mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } })).json()) as { data: CheckoutStarted }).data;
    const before = await lastMessageId();
    expect((await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token })).status).toBeLessThan(300);
    const order = await server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', started.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'PROCESSING', payment_status: 'PAID' });

    expect(await balanceOf(server.deps.db, 'escrow_held', kofi.id, started.orderId)).toBe(4_000);
    expect(await balanceOf(server.deps.db, 'escrow_held', ama.id, started.orderId)).toBe(3_000);

    const [kofiNews, amaNews, buyerNews] = await Promise.all([kofi.id, ama.id, buyer.id].map((id) => messagesOf(id, Number(before))));
    const names = await server.deps.db.selectFrom('products').select(['id', 'name']).where('id', 'in', [kofiProduct, amaProduct]).execute();
    const nameOf = (id: number) => names.find((n) => n.id === id)!.name;
    expect(kofiNews!.filter((m) => m.topic === 'sales').map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(amaNews!.filter((m) => m.topic === 'sales').map((m) => m.channel)).toEqual(['sms']);
    const kofiMail = kofiNews!.find((m) => m.channel === 'email')!.body;
    expect(kofiMail).toContain(`2 x ${nameOf(kofiProduct)}`);
    expect(kofiMail).not.toContain(nameOf(amaProduct));
    expect(amaNews![0]!.body).toContain(nameOf(amaProduct));
    expect(buyerNews!.filter((m) => m.topic === 'orders').map((m) => m.channel)).not.toContain('sms');
    const receipt = buyerNews!.find((m) => m.channel === 'email' && m.topic === 'orders')!.body;
    expect(receipt).toContain(nameOf(kofiProduct));
    expect(receipt).toContain(nameOf(amaProduct));
  });
});
