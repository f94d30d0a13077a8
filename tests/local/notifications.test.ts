import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AkuafoDb } from '../../src/local/db';
import { pullNotificationPreferences, readNotificationPreferences, setNotificationPreference } from '../../src/local/notifications';
import { replayOutbox } from '../../src/local/outbox';
import { offlineApi as offline, signedInOnPhone } from '../support/local-session';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: AkuafoDb;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`notifications-${Math.random()}`);
  await db.open();
});

const signedIn = () => signedInOnPhone(server, db);
const serverSwitches = async (token: string) => ((await (await server.call('/shop/customers/me/notification-preferences', { token })).json()) as any).data;

describe('notification switches on the phone', () => {
  it('flips switches offline at once, sends only the last intent per switch, and matches the server after', async () => {
    const user = await signedIn();
    await setNotificationPreference('orders', 'sms', false, db);
    await setNotificationPreference('orders', 'sms', true, db);
    await setNotificationPreference('orders', 'sms', false, db);
    await setNotificationPreference('sales', 'push', false, db);
    expect((await readNotificationPreferences(db)).orders.sms).toBe(false);
    expect((await replayOutbox(offline, db)).sent).toBe(0);
    expect((await serverSwitches(user.token)).orders.sms).toBe(true);
    // A pull while offline changes are queued keeps them on top of the server's answer.
    expect((await pullNotificationPreferences(user.api, db))!.orders.sms).toBe(false);

    const replay = await replayOutbox(user.api, db);
    expect(replay).toMatchObject({ sent: 2, failed: 0 });
    const remote = await serverSwitches(user.token);
    expect(remote.orders).toEqual({ email: true, sms: false, push: true, whatsapp: false });
    expect(remote.sales).toEqual({ email: true, sms: true, push: false, whatsapp: false });
    expect(await readNotificationPreferences(db)).toEqual(remote);
  });
});
