import { issueSession } from '../../src/server/modules/accounts/sessions';
import type { TestServer } from './server';

/**
 * A real signed-in session for a user, without going through the login API: access tokens
 * only work while their sign-in (refresh-token family) is live, so tests mint them this way.
 */
export async function sessionToken(server: Pick<TestServer, 'deps'>, userId: number): Promise<{ token: string; expiresAt: string; refreshToken: string }> {
  const user = await server.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const session = await issueSession(server.deps.db, server.deps.tokens, user);
  return { token: session.accessToken, expiresAt: session.expiresAt, refreshToken: session.refreshToken };
}
