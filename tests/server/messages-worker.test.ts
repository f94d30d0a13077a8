import { createServer } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/platform/db';
import { createLogger } from '../../src/server/platform/logging';
import { createMailer } from '../../src/server/platform/mail';
import { enqueue, queueEmail } from '../../src/server/platform/messages';
import { emailChannel } from '../../src/server/platform/messages/channels/email';
import { pushChannel } from '../../src/server/platform/messages/channels/push';
import { smsChannel } from '../../src/server/platform/messages/channels/sms';
import type { Channel, Channels } from '../../src/server/platform/messages/channels/types';
import { loadVapidKeys } from '../../src/server/platform/messages/vapid';
import { RETRY, createMessageWorker } from '../../src/server/platform/messages/worker';
import { startFakeArkesel } from '../support/fake-arkesel';
import { startFakePushService } from '../support/fake-push';
import { makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

const silent = createLogger('silent');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

/** A clock the test moves: hours of outage pass in milliseconds. */
function simulatedClock() {
  let at = Date.now();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

const unused: Channel = { send: async () => { throw new Error('not in this test'); } };
const channelsWith = (partial: Partial<Channels>): Channels => ({ email: unused, sms: unused, push: unused, whatsapp: unused, ...partial });
const statusOf = async (ids: number[]) => server.deps.db.selectFrom('messages').select(['id', 'status', 'attempts', 'last_error']).where('id', 'in', ids).orderBy('id').execute();
const newIds = async (since: number) => (await server.deps.db.selectFrom('messages').select('id').where('id', '>', since).orderBy('id').execute()).map((r) => r.id);
const lastId = async () => (await server.deps.db.selectFrom('messages').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the message worker', () => {
  it('loses nothing while SMTP is down for ten minutes, and sends everything once when it returns', async () => {
    const port = await freePort();
    const received: string[] = [];
    const smtp = () =>
      new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
          stream.on('end', () => {
            received.push(/^Subject: (.*)$/m.exec(raw)?.[1] ?? '');
            callback();
          });
        },
      });
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Akuafo Market <no-reply@test.local>', dataDir: server.deps.config.dataDir, logger: silent });
    const clock = simulatedClock();
    const worker = createMessageWorker({ db: server.deps.db, dialect: server.deps.dialect, logger: silent, clock: clock.now, channels: channelsWith({ email: emailChannel(mailer, 'http://test.local') }) });

    const since = await lastId();
    for (let n = 1; n <= 5; n++) await queueEmail(server.deps.db, { topic: 'account', to: `outage-${n}@example.test`, subject: `Outage mail ${n}`, text: 'Hello' });
    const ids = await newIds(since);

    // SMTP is down (nothing listens on the port): ten minutes of passes every 5 s.
    for (let t = 0; t <= 10 * 60_000; t += 5_000, clock.advance(5_000)) await worker.runOnce();
    const during = await statusOf(ids);
    expect(during.every((m) => m.status === 'QUEUED')).toBe(true);
    expect(Math.min(...during.map((m) => m.attempts))).toBeGreaterThanOrEqual(4);
    expect(during[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    const up = smtp();
    await new Promise<void>((resolve) => up.listen(port, '127.0.0.1', () => resolve()));
    try {
      for (let t = 0; t <= 40 * 60_000 && received.length < 5; t += 5_000, clock.advance(5_000)) await worker.runOnce();
      expect((await statusOf(ids)).map((m) => m.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT', 'SENT']);
      expect(received.sort()).toEqual(['Outage mail 1', 'Outage mail 2', 'Outage mail 3', 'Outage mail 4', 'Outage mail 5']);
    } finally {
      await new Promise<void>((resolve) => up.close(() => resolve()));
    }
  });

  it('backs off exponentially and marks a message failed after the last attempt', async () => {
    const clock = simulatedClock();
    const tries: number[] = [];
    const worker = createMessageWorker({
      db: server.deps.db, dialect: server.deps.dialect, logger: silent, clock: clock.now,
      channels: channelsWith({ sms: { send: async () => { tries.push(clock.now().getTime()); throw new Error('gateway down'); } } }),
    });
    const since = await lastId();
    await enqueue(server.deps.db, [{ channel: 'sms', recipient: '+233241234567', topic: 'orders', body: 'Hello' }]);
    for (let step = 0; step < 6 * 3600 / 15; step++, clock.advance(15_000)) await worker.runOnce();
    const [row] = await statusOf(await newIds(since));
    expect(row).toMatchObject({ status: 'FAILED', attempts: RETRY.maxAttempts, last_error: 'gateway down' });
    const gaps = tries.slice(1).map((t, i) => t - tries[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(0.8 * RETRY.firstDelayMs);
    expect(gaps[4]).toBeGreaterThan(gaps[0]! * 4);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1.2 * RETRY.maxDelayMs + 5_000);
  });

  it('takes back a message whose worker died while sending it, once its lease ran out', async () => {
    const clock = simulatedClock();
    const sent: number[] = [];
    const channels = channelsWith({ sms: { send: async (m) => void sent.push(m.id) } });
    const since = await lastId();
    await enqueue(server.deps.db, [{ channel: 'sms', recipient: '+233241234567', topic: 'orders', body: 'Hello' }]);
    const [id] = await newIds(since);
    // Claimed by an instance that was then killed: SENDING, lease running.
    await server.deps.db.updateTable('messages').set({ status: 'SENDING', attempts: 1, next_attempt_at: new Date(clock.now().getTime() + 5 * 60_000).toISOString() }).where('id', '=', id!).execute();
    const worker = createMessageWorker({ db: server.deps.db, dialect: server.deps.dialect, logger: silent, clock: clock.now, channels });
    await worker.runOnce();
    expect(sent).toEqual([]);
    clock.advance(5 * 60_000 + 1);
    await worker.runOnce();
    expect(sent).toEqual([id]);
    expect((await statusOf([id!]))[0]).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('lets two workers over one database send each message exactly once', async () => {
    const other = await openDatabase({ databaseUrl: server.deps.config.databaseUrl, dataDir: server.deps.config.dataDir, pgSchema: server.schema });
    try {
      const sends = new Map<number, number>();
      const slowSms: Channel = {
        send: async (m) => {
          sends.set(m.id, (sends.get(m.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      };
      const since = await lastId();
      await enqueue(server.deps.db, Array.from({ length: 150 }, (_, n) => ({ channel: 'sms' as const, recipient: '+233241234567', topic: 'orders', body: `Message ${n}` })));
      const ids = await newIds(since);
      const a = createMessageWorker({ db: server.deps.db, dialect: server.deps.dialect, logger: silent, channels: channelsWith({ sms: slowSms }) });
      const b = createMessageWorker({ db: other.db, dialect: other.dialect, logger: silent, channels: channelsWith({ sms: slowSms }) });
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(ids.every((id) => sends.get(id) === 1)).toBe(true);
      expect((await statusOf(ids)).every((m) => m.status === 'SENT')).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('the SMS and push providers', () => {
  it('writes one spool file per SMS: "To: +233…", a blank line, the text', async () => {
    const since = await lastId();
    await enqueue(server.deps.db, [{ channel: 'sms', recipient: '+233241234567', topic: 'orders', body: 'Akuafo Market: order AK-1 is paid (GHS 12.50).' }]);
    const [id] = await newIds(since);
    await server.deps.messages.drain();
    const dir = join(server.deps.config.dataDir, 'sms');
    const file = readdirSync(dir).find((f) => f.endsWith(`-${id}.txt`))!;
    expect(file).toMatch(/^\d{13}-\d+\.txt$/);
    expect(readFileSync(join(dir, file), 'utf8')).toBe('To: +233241234567\n\nAkuafo Market: order AK-1 is paid (GHS 12.50).\n');
  });

  it('sends through Arkesel when configured: retries an outage, fails an invalid number at once', async () => {
    const arkesel = await startFakeArkesel();
    try {
      const config = loadConfig({ DATA_DIR: server.deps.config.dataDir, SMS_PROVIDER: 'arkesel', ARKESEL_API_KEY: arkesel.apiKey, ARKESEL_BASE_URL: arkesel.baseUrl, SMS_SENDER_ID: 'Akuafo' });
      const since = await lastId();
      arkesel.down = true;
      await enqueue(server.deps.db, [
        { channel: 'sms', recipient: '+233241234567', topic: 'orders', body: 'Your order is ready' },
        { channel: 'sms', recipient: '+233111', topic: 'orders', body: 'Nobody' },
      ]);
      const clock = simulatedClock();
      const worker = createMessageWorker({ db: server.deps.db, dialect: server.deps.dialect, logger: silent, clock: clock.now, channels: channelsWith({ sms: smsChannel(config.sms, config.dataDir, silent) }) });
      const ids = await newIds(since);
      await worker.runOnce();
      expect((await statusOf(ids)).map((m) => m.status)).toEqual(['QUEUED', 'QUEUED']);
      arkesel.down = false;
      clock.advance(60_000);
      await worker.runOnce();
      const [good, bad] = await statusOf(ids);
      expect(good!.status).toBe('SENT');
      expect(bad).toMatchObject({ status: 'FAILED', attempts: 2, last_error: expect.stringMatching(/invalid number/) });
      expect(arkesel.sent).toEqual([{ sender: 'Akuafo', message: 'Your order is ready', recipient: '233241234567', id: 'sms-1' }]);
      expect(() => loadConfig({ DATA_DIR: server.deps.config.dataDir, SMS_PROVIDER: 'arkesel' })).toThrow(/ARKESEL_API_KEY/);
    } finally {
      await arkesel.close();
    }
  });

  it('pushes an encrypted, VAPID-signed message to each device and forgets a device that is gone', async () => {
    const push = await startFakePushService();
    try {
      const user = await makeUser(server);
      const vapid = await loadVapidKeys(server.deps.db, {});
      const worker = createMessageWorker({ db: server.deps.db, dialect: server.deps.dialect, logger: silent, channels: channelsWith({ push: pushChannel(server.deps.db, async () => vapid, { ca: push.ca, allowHosts: push.allowHosts }) }) });
      const [phone, tablet] = [push.subscribe(), push.subscribe()];
      const devices = [];
      for (const device of [phone, tablet]) {
        devices.push((await server.deps.db.insertInto('push_subscriptions').values({ user_id: user.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id);
      }
      push.gone(tablet.endpoint);
      await enqueue(server.deps.db, devices.map((id) => ({ channel: 'push' as const, recipient: '127.0.0.1', push_subscription_id: id, user_id: user.id, topic: 'orders', subject: 'Order AK-9 is ready for pickup', body: 'Ready at Kumasi Central.', link: '/orders/9' })));
      await worker.drain();
      expect(push.rejected).toEqual([{ endpoint: tablet.endpoint, status: 410, reason: expect.any(String) }]);
      expect(push.received).toHaveLength(1);
      expect(push.received[0]).toMatchObject({ endpoint: phone.endpoint, vapidKey: vapid.publicKey, urgency: 'high', payload: { title: 'Order AK-9 is ready for pickup', body: 'Ready at Kumasi Central.', url: '/orders/9' } });
      const left = await server.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute();
      expect(left).toEqual([{ endpoint: phone.endpoint }]);
    } finally {
      await push.close();
    }
  });
  it('starts each send of a batch on its own turn of the event loop, so requests waiting meanwhile are answered between them', async () => {
    const order: string[] = [];
    const worker = createMessageWorker({
      db: server.deps.db, dialect: server.deps.dialect, logger: silent,
      channels: channelsWith({
        sms: {
          send: async () => {
            // What a request arriving during the first send would be: a callback on the next turn.
            if (order.length === 0) setImmediate(() => order.push('request'));
            order.push('send');
          },
        },
      }),
    });
    const since = await lastId();
    await enqueue(server.deps.db, [1, 2, 3].map((n) => ({ channel: 'sms' as const, recipient: '+233241000000', topic: 'test', body: `turns ${n}` })));
    const ids = await newIds(since);
    await worker.drain();
    expect(order.slice(0, 2)).toEqual(['send', 'request']);
    expect(order.filter((o) => o === 'send')).toHaveLength(3);
    expect((await statusOf(ids)).map((m) => m.status)).toEqual(['SENT', 'SENT', 'SENT']);
  });
});
