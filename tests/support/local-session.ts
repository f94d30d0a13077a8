import { createApiClient } from '../../src/local/api';
import type { AkuafoDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { TestServer } from './server';
import { makeUser } from './shop';

/** A new buyer signed in on the phone's database, with an api client that reaches the test server. */
export async function signedInOnPhone(server: TestServer, db: AkuafoDb) {
  const user = await makeUser(server);
  await saveSession({ accessToken: user.token, refreshToken: 'unused', user: { id: user.id, firstName: 'Esi', lastName: 'Tetteh', email: user.email, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } }, db);
  const api = createApiClient({ origin: 'http://test.local', fetch: server.fetch, auth: { accessToken: async () => user.token, refresh: async () => false } });
  return { ...user, api };
}

/** A client whose every request fails like a phone with no signal. */
export const offlineApi = createApiClient({ origin: 'http://test.local', fetch: async () => { throw new TypeError('Failed to fetch'); } });
