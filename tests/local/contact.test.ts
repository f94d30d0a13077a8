import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { contactDelivery, sendContactMessage } from '../../src/local/contact';
import { AkuafoDb } from '../../src/local/db';
import { replayOutbox } from '../../src/local/outbox';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: AkuafoDb;
const api = () => createApiClient({ origin: 'http://test.local', fetch: server.fetch });
const offlineApi = createApiClient({ origin: 'http://test.local', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });

const message = { name: 'Kwame Mensah', email: 'kwame@example.com', subject: 'Pickup in Tamale', message: 'Which warehouse serves Tamale?' };
const stored = () => server.deps.db.selectFrom('contact_messages').selectAll().where('email', '=', message.email).execute();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.deps.rateLimiter.reset('contact:local');
  db = new AkuafoDb(`test-${Math.random()}`);
  await db.open();
});

describe('sendContactMessage', () => {
  it('keeps the message while offline and sends it once when the network returns', async () => {
    const entry = await sendContactMessage(message, db);
    expect(await replayOutbox(offlineApi, db)).toMatchObject({ sent: 0, retryLater: true });
    expect(await contactDelivery(entry.id, db)).toEqual({ state: 'waiting', attempts: 1 });
    expect(await stored()).toHaveLength(0);

    expect(await replayOutbox(api(), db)).toMatchObject({ sent: 1 });
    expect(await contactDelivery(entry.id, db)).toEqual({ state: 'sent' });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: message.subject, message: message.message });
  });

  it('marks a refused message failed with the server reason and still sends the next one', async () => {
    const refused = await sendContactMessage({ ...message, email: 'nobody@' }, db);
    const good = await sendContactMessage({ ...message, subject: 'Second question' }, db);
    await replayOutbox(api(), db);
    expect(await contactDelivery(refused.id, db)).toEqual({ state: 'failed', error: 'Please enter a valid email address' });
    expect(await contactDelivery(good.id, db)).toEqual({ state: 'sent' });
  });
});
