import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../../src/server/platform/messages';
import { pushChannel } from '../../src/server/platform/messages/channels/push';
import type { Channel, Channels } from '../../src/server/platform/messages/channels/types';
import { isPublicAddress, PUSH_MAX_DEVICES } from '../../src/server/platform/messages/push-endpoint';
import { loadVapidKeys } from '../../src/server/platform/messages/vapid';
import { createMessageWorker } from '../../src/server/platform/messages/worker';
import { createLogger } from '../../src/server/platform/logging';
import { startFakePushService, type FakePushService } from '../support/fake-push';
import { makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21.7: Web Push endpoints were a server-side request forgery. Any https URL was
 * accepted and connected to (the server itself, private networks), 40 subscriptions made one
 * event 40 connections, each retried 12 times.
 */
let server: TestServer;
let push: FakePushService;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  push = await startFakePushService();
});
afterAll(async () => {
  await push.close();
  await server.close();
});
afterEach(() => vi.restoreAllMocks());

const path = '/shop/customers/me/push-subscriptions';
const keys = () => push.subscribe().keys;
const subscribe = (token: string, endpoint: string) => server.call(path, { method: 'POST', token, json: { endpoint, keys: keys() } });
/** DNS as an attacker's name server answers it: `answers` in turn for each lookup of `host`. */
function resolveAs(host: string, ...answers: string[][]) {
  const real = dns.lookup.bind(dns);
  let call = 0;
  return vi.spyOn(dns, 'lookup').mockImplementation(((name: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (name !== host) return (real as (...args: unknown[]) => void)(name, options, callback);
    const addresses = answers[Math.min(call++, answers.length - 1)]!.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    process.nextTick(() => callback(null, addresses));
  }) as never);
}

const silent = createLogger('silent');
const unused: Channel = { send: async () => { throw new Error('not in this test'); } };
async function deliver(channel: Channel) {
  const worker = createMessageWorker({ db: server.deps.db, dialect: server.deps.dialect, logger: silent, channels: { email: unused, sms: unused, push: channel, whatsapp: unused } satisfies Channels });
  await worker.drain();
}
async function storeDevice(userId: number, device: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const { endpoint, keys: k } = device;
  return (await server.deps.db.insertInto('push_subscriptions').values({ user_id: userId, endpoint, p256dh: k.p256dh, auth: k.auth, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
}
async function queuePush(userId: number, deviceId: number) {
  await enqueue(server.deps.db, [{ channel: 'push', recipient: 'device', push_subscription_id: deviceId, user_id: userId, topic: 'orders', subject: 'Order ready', body: 'Ready.', link: '/orders/1' }]);
  return (await server.deps.db.selectFrom('messages').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
}
const messageOf = (id: number) => server.deps.db.selectFrom('messages').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirst();

describe('which addresses are public', () => {
  it('refuses loopback, private, link-local, CGNAT, unique-local and IPv4-mapped forms of them', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
      '224.0.0.1', '255.255.255.255', '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '142.250.80.10', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('subscribing a push endpoint', () => {
  it('refuses endpoints that point inward, with a sentence and a 400', async () => {
    const user = await makeUser(server);
    const inward = [
      'https://127.0.0.1:18999/wpush/x', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://[::ffff:7f00:1]/x', 'https://2130706433/x', 'https://0x7f.1/x',
      'https://10.0.0.5/x', 'https://192.168.1.1/x', 'https://100.64.1.1/x', 'https://169.254.169.254/latest/meta-data', 'https://[fd00::1]/x', 'https://[fe80::1]/x',
      'https://localhost/x', 'https://db/x', 'https://user:secret@fcm.googleapis.com/x', 'https://fcm.googleapis.com:8443/x',
    ];
    for (const endpoint of inward) {
      const res = await subscribe(user.token, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/push service on the internet/);
    }
    expect(await server.deps.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('refuses a name that resolves to a private address, even one among public ones', async () => {
    const user = await makeUser(server);
    resolveAs('push.attacker.example', ['93.184.216.34', '127.0.0.1']);
    expect((await subscribe(user.token, 'https://push.attacker.example/wpush/1')).status).toBe(400);
  });

  it(`keeps at most ${PUSH_MAX_DEVICES} devices per account, the newest, under a burst of 60 parallel subscribes`, async () => {
    const user = await makeUser(server);
    resolveAs('fcm.push.example', ['142.250.80.10']);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => subscribe(user.token, `https://fcm.push.example/fcm/send/device-${i}`)));
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const left = await server.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute();
    expect(left.length).toBe(PUSH_MAX_DEVICES);
    // A sixth device, one after the other, replaces the oldest.
    const before = left.map((l) => l.endpoint);
    expect((await subscribe(user.token, 'https://fcm.push.example/fcm/send/the-new-phone')).status).toBe(201);
    const after = (await server.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute()).map((l) => l.endpoint);
    expect(after).toHaveLength(PUSH_MAX_DEVICES);
    expect(after).toContain('https://fcm.push.example/fcm/send/the-new-phone');
    expect(before.filter((e) => !after.includes(e))).toHaveLength(1);
  });
});

describe('sending to a push endpoint', () => {
  it('never connects to an endpoint stored before the check: the device is forgotten with its messages, nothing is retried', async () => {
    const user = await makeUser(server);
    const device = push.subscribe();
    const id = await storeDevice(user.id, device);
    const message = await queuePush(user.id, id);
    // No PUSH_ALLOW_HOSTS: the local push service is a private address like any other.
    await deliver(pushChannel(server.deps.db, () => loadVapidKeys(server.deps.db, {}), { ca: push.ca }));
    expect(await messageOf(message)).toBeUndefined();
    expect(push.received.filter((r) => r.endpoint === device.endpoint)).toEqual([]);
    expect(push.rejected.filter((r) => r.endpoint === device.endpoint)).toEqual([]);
    expect(await server.deps.db.selectFrom('push_subscriptions').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('checks the address again at send time (DNS rebinding) and connects only to the address it checked', async () => {
    const user = await makeUser(server);
    // Public when subscribed, the server itself when sent: the connection's own lookup refuses it.
    resolveAs('rebind.attacker.example', ['93.184.216.34'], ['127.0.0.1']);
    expect((await subscribe(user.token, 'https://rebind.attacker.example/wpush/1')).status).toBe(201);
    const [stored] = await server.deps.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute();
    const message = await queuePush(user.id, stored!.id);
    const seenBefore = push.received.length + push.rejected.length;
    await deliver(pushChannel(server.deps.db, () => loadVapidKeys(server.deps.db, {}), { ca: push.ca }));
    // The device is forgotten with its unsent messages: no retries against it.
    expect(await messageOf(message)).toBeUndefined();
    expect(await server.deps.db.selectFrom('push_subscriptions').select('id').where('id', '=', stored!.id).execute()).toEqual([]);
    expect(push.received.length + push.rejected.length).toBe(seenBefore);
  });

  it('does not follow a redirect from a push service', async () => {
    const user = await makeUser(server);
    const [device, target] = [push.subscribe(), push.subscribe()];
    push.redirect(device.endpoint, target.endpoint);
    const message = await queuePush(user.id, await storeDevice(user.id, device));
    await deliver(pushChannel(server.deps.db, () => loadVapidKeys(server.deps.db, {}), { ca: push.ca, allowHosts: push.allowHosts }));
    expect(await messageOf(message)).toMatchObject({ status: 'FAILED', attempts: 1, last_error: expect.stringMatching(/redirect, not followed/) });
    expect(push.received.filter((r) => r.endpoint === target.endpoint)).toEqual([]);
  });

  it('still delivers to an allowed push service (PUSH_ALLOW_HOSTS, the tests\' setting)', async () => {
    const user = await makeUser(server);
    const device = push.subscribe();
    const message = await queuePush(user.id, await storeDevice(user.id, device));
    await deliver(pushChannel(server.deps.db, () => loadVapidKeys(server.deps.db, {}), { ca: push.ca, allowHosts: push.allowHosts }));
    expect(await messageOf(message)).toEqual({ status: 'SENT', attempts: 1, last_error: null });
    expect(push.received.some((r) => r.endpoint === device.endpoint)).toBe(true);
  });
});
