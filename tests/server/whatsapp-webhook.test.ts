import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { answerQueued } from '../../src/server/modules/whatsapp';
import { queueWhatsApp } from '../../src/server/platform/messages';
import { deliveryOf, metaSignature, startFakeWhatsApp, type FakeWhatsApp } from '../support/fake-whatsapp';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 42 items 1-2: Meta's webhook and the Cloud API's sends, against a local fake of the Graph
 * API (tests/support/fake-whatsapp.ts) that checks the bearer token and the Cloud API's limits.
 */
const SECRET = 'test-app-secret';
const VERIFY = 'test-verify-token-4f9a';
let fake: FakeWhatsApp;
let server: TestServer;
let sandbox: TestServer;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  [server, sandbox] = await Promise.all([
    startTestServer({ env: { WHATSAPP_VERIFY_TOKEN: VERIFY, WHATSAPP_APP_SECRET: SECRET, WHATSAPP_TOKEN: fake.token, WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId, WHATSAPP_API_URL: fake.apiUrl } }),
    startTestServer(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), sandbox?.close()]);
  await fake?.close();
});

let numbers = 0;
const freshFrom = () => `23324${String(Date.now() % 1e6).padStart(6, '0')}${numbers++ % 10}`;

/** A delivery posted as Meta posts it: the raw body, signed (or as the attacker chooses). */
const post = (target: TestServer, body: unknown, signature: string | null = metaSignature(typeof body === 'string' ? body : JSON.stringify(body), SECRET)) =>
  target.call('/whatsapp/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The queue answered and the outbox sent, as the job and the worker do in the background. */
const settle = async (target: TestServer) => {
  await answerQueued(target.deps);
  await target.deps.messages.drain();
};
const sentTo = (from: string) => fake.sent.filter((m) => m.to === from);

describe('the subscription check', () => {
  it('answers hub.challenge for the verify token, 403 for any other, and stops a guesser', async () => {
    const ok = await server.call(`/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await server.call('/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).status).toBe(403);
    expect((await server.call(`/whatsapp/webhook?hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`)).status).toBe(403);
    const refused = await server.call('/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1');
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('The verify token does not match.');
    // Guessing from one address: ten tries in 15 minutes, then 429, even with the right token.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await server.call(`/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess${i}&hub.challenge=1`)).status);
    expect(statuses.slice(0, 6).every((s) => s === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await server.call(`/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1`)).status).toBe(429);
  });
});

describe('deliveries', () => {
  it('refuses an unsigned, a wrongly signed or a re-signed body with 401, and nothing is queued or sent', async () => {
    const from = freshFrom();
    const body = deliveryOf(from, 'hi');
    const before = fake.sent.length;
    for (const signature of [null, 'sha256=' + '0'.repeat(64), metaSignature(JSON.stringify(body), 'another-secret'), metaSignature(JSON.stringify(deliveryOf(from, 'other')), SECRET), 'sha1=abc']) {
      const res = await post(server, body, signature);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Invalid webhook signature');
    }
    // The signature covers the raw bytes: the same JSON with other spacing is another body.
    expect((await post(server, JSON.stringify(body, null, 1), metaSignature(JSON.stringify(body), SECRET))).status).toBe(401);
    await settle(server);
    expect(fake.sent.length).toBe(before);
    expect(await server.deps.db.selectFrom('whatsapp_inbound').select('message_id').where('phone', '=', `0${from.slice(3)}`).execute()).toEqual([]);
  });

  it('answers a greeting with the menu through the Cloud API, the bearer token and our number id', async () => {
    const from = freshFrom();
    const res = await post(server, deliveryOf(from, 'Hello'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { queued: 1, statuses: 0 } });
    await settle(server);
    const [menu] = sentTo(from);
    expect(menu).toMatchObject({ type: 'interactive' });
    const rows = menu!.body.interactive.action.sections.flatMap((s: { rows: { title: string }[] }) => s.rows).map((r: { title: string }) => r.title);
    expect(rows).toEqual(['Buy', 'My orders', 'Sell', 'Prices today', 'Help', 'Language/Kasa']);
    // What we sent is recorded with Meta's id, and its statuses move it forward, never back.
    const sent = await server.deps.db.selectFrom('whatsapp_sent').selectAll().where('provider_message_id', '=', menu!.id).executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    const status = (s: string) => ({ id: menu!.id, status: s, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: from });
    expect(await (await post(server, deliveryOf(from, [], [status('read')]))).json()).toEqual({ data: { queued: 0, statuses: 1 } });
    expect(await (await post(server, deliveryOf(from, [], [status('delivered')]))).json()).toEqual({ data: { queued: 0, statuses: 0 } });
    expect((await server.deps.db.selectFrom('whatsapp_sent').select('status').where('provider_message_id', '=', menu!.id).executeTakeFirstOrThrow()).status).toBe('read');
  });

  it('answers a replayed message id once, and 60 copies of one delivery at once queue and answer it once', async () => {
    const from = freshFrom();
    const body = deliveryOf(from, 'hi');
    expect((await (await post(server, body)).json()).data.queued).toBe(1);
    expect((await (await post(server, body)).json()).data.queued).toBe(0);
    await settle(server);
    expect(sentTo(from)).toHaveLength(1);
    expect((await (await post(server, body)).json()).data.queued).toBe(0);

    const other = freshFrom();
    const copies = deliveryOf(other, 'menu');
    const answers = await Promise.all(Array.from({ length: 60 }, () => post(server, copies)));
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    const queued = (await Promise.all(answers.map((a) => a.json()))).reduce((sum, a) => sum + a.data.queued, 0);
    expect(queued).toBe(1);
    await settle(server);
    expect(sentTo(other)).toHaveLength(1);
  });

  it('takes a chosen list row as the choice, and a 64 KB message as its first words', async () => {
    const from = freshFrom();
    await post(server, deliveryOf(from, 'hi'));
    await settle(server);
    const rows = sentTo(from)[0]!.body.interactive.action.sections.flatMap((s: { rows: { id: string; title: string }[] }) => s.rows);
    const prices = rows.find((r: { title: string }) => /Prices/.test(r.title));
    const tap = { from, id: `wamid.tap${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: prices.id, title: prices.title } } };
    await post(server, deliveryOf(from, [tap]));
    await settle(server);
    expect(JSON.stringify(sentTo(from).at(-1)!.body)).toMatch(/price|crop|maize/i);

    const long = { from, id: `wamid.long${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: `hi${' x'.repeat(32 * 1024)}` } };
    const res = await post(server, deliveryOf(from, [long]));
    expect(res.status).toBe(200);
    await settle(server);
    const stored = await server.deps.db.selectFrom('whatsapp_inbound').select(['status']).where('message_id', '=', long.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('ANSWERED');
    expect(JSON.stringify(sentTo(from).at(-1)!.body).length).toBeLessThan(8 * 1024);
  });

  it('answers 400 to a signed body that is not JSON, and leaves out pieces of another shape', async () => {
    expect((await post(server, 'not json')).status).toBe(400);
    const odd = { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { messages: [{ id: 5, from: 'x' }, { id: 'wamid.ok', from: '12' }, null], statuses: [{ id: 'wamid.z', status: 'exploded' }] } }, 'junk'] }, 7] };
    expect(await (await post(server, odd)).json()).toEqual({ data: { queued: 0, statuses: 0 } });
  });

  it('keeps a reply through an outage, and sends each part once when it recovers halfway through', async () => {
    const from = freshFrom();
    const before = fake.sent.length;
    await queueWhatsApp(server.deps.db, { to: `+${from}`, topic: 'whatsapp', parts: [{ type: 'text', body: 'one' }, { type: 'text', body: 'two' }, { type: 'text', body: 'three' }] });
    fake.downAfter = before + 1;
    await server.deps.messages.drain();
    const row = await server.deps.db.selectFrom('messages').selectAll().where('recipient', '=', `+${from}`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'whatsapp', status: 'QUEUED', attempts: 1 });
    expect(row.last_error).toMatch(/503/);
    fake.downAfter = undefined;
    await server.deps.db.updateTable('messages').set({ next_attempt_at: new Date(0).toISOString() }).where('id', '=', row.id).execute();
    await server.deps.messages.drain();
    expect(sentTo(from).map((m) => m.body.text.body)).toEqual(['one', 'two', 'three']);
    expect((await server.deps.db.selectFrom('messages').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('SENT');
  });
});

describe('a slow Cloud API, and no channel at all', () => {
  it('answers the webhook before a slow Cloud API has taken the reply, which still arrives once', async () => {
    const from = freshFrom();
    fake.delayMs = 1500;
    try {
      // Straight to the app, as Meta's request comes (server.call would also wait for the outbox).
      const body = JSON.stringify(deliveryOf(from, 'hi'));
      const res = await server.app.request('http://test.local/api/v1/whatsapp/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, SECRET) }, body });
      expect(res.status).toBe(200);
      // The answer did not wait for the reply's send: nothing has reached the Cloud API yet.
      expect(sentTo(from)).toHaveLength(0);
      await settle(server);
      expect(sentTo(from)).toHaveLength(1);
    } finally {
      fake.delayMs = 0;
    }
  });

  it('in production without its secrets: the webhook answers 503 and the log names what would start it', async () => {
    const warnings: unknown[][] = [];
    const logger = { ...server.deps.logger, warn: (...args: unknown[]) => void warnings.push(args) } as typeof server.deps.logger;
    const off = createApp({ ...server.deps, logger, config: { ...server.deps.config, whatsapp: { ...server.deps.config.whatsapp, mode: 'off', appSecret: '', verifyToken: '' } } });
    expect(JSON.stringify(warnings)).toContain('WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID');
    const body = JSON.stringify(deliveryOf(freshFrom(), 'hi'));
    const res = await off.request('http://test.local/api/v1/whatsapp/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, '') }, body });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe('WhatsApp is not set up on this server.');
  });
});

describe('the sandbox (no keys, outside production)', () => {
  it('checks the sandbox secret and spools each message to DATA_DIR/whatsapp as the Cloud API body', async () => {
    const from = freshFrom();
    const body = JSON.stringify(deliveryOf(from, 'hi'));
    expect((await post(sandbox, body, metaSignature(body, SECRET))).status).toBe(401);
    expect((await post(sandbox, body, metaSignature(body, 'akuafo-sandbox-secret'))).status).toBe(200);
    await settle(sandbox);
    const dir = join(sandbox.deps.config.dataDir, 'whatsapp');
    expect(existsSync(dir)).toBe(true);
    const files = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
    expect(files.find((f) => f.to === from)).toMatchObject({ messaging_product: 'whatsapp', type: 'interactive' });
  });
});
