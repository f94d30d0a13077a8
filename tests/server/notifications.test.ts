import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../src/server/platform/messages';
import { defaultPreferences } from '../../src/shared/schemas/notifications';
import { startFakePushService } from '../support/fake-push';
import { makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  // The fake push service listens on 127.0.0.1, which the product refuses unless this test-only setting names it.
  server = await startTestServer({ seed: false, env: { PUSH_ALLOW_HOSTS: '127.0.0.1' } });
});
afterAll(() => server.close());

const body = async (res: Response) => ({ status: res.status, ...((await res.json()) as any) });

describe('notification preferences and push devices', () => {
  it('starts with every switch on but WhatsApp (off until ticked, issue 42), changes only the switches sent, and refuses bad input with a 400', async () => {
    const user = await makeUser(server);
    const path = '/shop/customers/me/notification-preferences';
    expect((await body(await server.call(path, { token: user.token }))).data).toEqual(defaultPreferences());
    const put = await body(await server.call(path, { method: 'PUT', token: user.token, json: { orders: { sms: false }, listings: { push: false } } }));
    expect(put.status).toBe(200);
    expect(put.data.orders).toEqual({ email: true, sms: false, push: true, whatsapp: false });
    expect(put.data.listings).toEqual({ email: true, sms: true, push: false, whatsapp: false });
    // The same intent again (an outbox replay) changes nothing.
    await server.call(path, { method: 'PUT', token: user.token, json: { orders: { sms: false } } });
    expect((await body(await server.call(path, { token: user.token }))).data).toEqual(put.data);
    const bad = await body(await server.call(path, { method: 'PUT', token: user.token, json: { orders: { sms: 'no' } } }));
    expect(bad).toMatchObject({ status: 400, fieldErrors: { 'orders.sms': 'sms must be true or false' } });
    expect((await body(await server.call(path, { method: 'PUT', token: user.token, json: { weather: {} } }))).status).toBe(400);
    expect((await server.call(path)).status).toBe(401);
  });

  it('subscribes and unsubscribes a device, and answers the VAPID public key', async () => {
    const push = await startFakePushService();
    try {
      const user = await makeUser(server);
      const key = await body(await server.call('/shop/customers/me/push-subscriptions/key', { token: user.token }));
      expect(key.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const device = push.subscribe();
      const path = '/shop/customers/me/push-subscriptions';
      expect((await server.call(path, { method: 'POST', token: user.token, json: device })).status).toBe(201);
      expect((await server.call(path, { method: 'POST', token: user.token, json: device })).status).toBe(201);
      const rows = await server.deps.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', device.endpoint).execute();
      expect(rows).toEqual([{ user_id: user.id }]);
      const bad = await body(await server.call(path, { method: 'POST', token: user.token, json: { endpoint: 'http://insecure.example/x', keys: device.keys } }));
      expect(bad).toMatchObject({ status: 400, message: 'endpoint must be an https URL' });
      expect((await server.call(path, { method: 'DELETE', token: user.token, json: { endpoint: device.endpoint } })).status).toBe(200);
      expect(await server.deps.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.endpoint).execute()).toEqual([]);
    } finally {
      await push.close();
    }
  });
});

describe('the operator view of the outbox', () => {
  it('lists queued and failed messages and retries a failed one; ADMIN only', async () => {
    const admin = await makeUser(server, 'ADMIN');
    const buyer = await makeUser(server);
    await enqueue(server.deps.db, [{ channel: 'sms', recipient: '+233200000001', topic: 'orders', body: 'Failed one' }]);
    const failed = await server.deps.db.selectFrom('messages').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await server.deps.db.updateTable('messages').set({ status: 'FAILED', attempts: 12, last_error: 'gateway down' }).where('id', '=', failed.id).execute();

    expect((await server.call('/admin/messages', { token: buyer.token })).status).toBe(403);
    const list = await body(await server.call('/admin/messages?status=FAILED', { token: admin.token }));
    expect(list.data[0]).toMatchObject({ id: failed.id, channel: 'sms', recipient: '+233200000001', status: 'FAILED', attempts: 12, lastError: 'gateway down' });
    expect((await server.call('/admin/messages?status=LOST', { token: admin.token })).status).toBe(400);

    const retry = await body(await server.call(`/admin/messages/${failed.id}/retry`, { method: 'POST', token: admin.token }));
    expect(retry).toMatchObject({ status: 200, data: { id: failed.id, status: 'QUEUED' } });
    // The test server sends right after the request: the SMS spool has it now.
    expect(await server.deps.db.selectFrom('messages').select(['status', 'attempts']).where('id', '=', failed.id).executeTakeFirst()).toEqual({ status: 'SENT', attempts: 1 });
    expect((await server.call(`/admin/messages/${failed.id}/retry`, { method: 'POST', token: admin.token })).status).toBe(409);
    expect((await server.call('/admin/messages/999999/retry', { method: 'POST', token: admin.token })).status).toBe(404);
  });
});
