import { createMiddleware } from 'hono/factory';
import { ERROR_CODES } from '../../shared/errors';
import type { AuthUser, SessionCheck, TokenSigner, UserType } from '../platform/auth/tokens';
import type { Db } from '../platform/db';
import type { AppEnv } from './context';
import { HttpError, forbidden, unauthorized } from './errors';

/** Reads the bearer token if there is one; a bad, expired or signed-out token is a 401, never ignored. */
export function readUser(tokens: TokenSigner, sessions: Pick<SessionCheck, 'isLive'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    c.set('user', undefined);
    if (header?.startsWith('Bearer ')) {
      const result = await tokens.verifyAccessToken(header.slice(7).trim());
      if (result === 'expired') throw new HttpError(401, 'Your session has expired.', ERROR_CODES.tokenExpired);
      // Not the bare status word: a sentence of the API's table (api-refusals.ts), so it reaches each reader in their language.
      if (!result) throw unauthorized('Your sign-in is not valid. Please sign in again.');
      // Signed out, reset or signed out from another device: the token ends with its sign-in.
      // token_expired, so the app tries its refresh token, which tells it the rest.
      if (!result.sid || !(await sessions.isLive(result.sid))) throw new HttpError(401, 'Your session has ended. Please sign in again.', ERROR_CODES.tokenExpired);
      c.set('user', result);
    }
    await next();
  });
}

/** Guards a route: signed in, and (when given) one of the roles. */
export function requireUser(...roles: UserType[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (roles.length > 0 && !roles.includes(user.userType)) throw forbidden();
    await next();
  });
}

/**
 * Guards a warehouse's route ('warehouse'): its staff (a WAREHOUSE account the operator assigned
 * to a warehouse) or the operator (ADMIN), who acts at every warehouse. Staff not assigned to one
 * yet are refused with a sentence; the warehouse is read from the database on each call, so an
 * operator's reassignment counts at once (a token never carries it).
 */
export function requireWarehouseStaff(db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (user.userType === 'ADMIN') {
      c.set('warehouseActor', { operator: true });
    } else if (user.userType === 'WAREHOUSE') {
      const row = await db.selectFrom('users').select('warehouse_id').where('id', '=', user.id).executeTakeFirst();
      if (row?.warehouse_id == null) throw forbidden('This staff account is not assigned to a warehouse yet. Ask the operator to assign you.');
      c.set('warehouseActor', { warehouseId: row.warehouse_id });
    } else {
      throw forbidden();
    }
    await next();
  });
}

export function currentUser(c: { get(key: 'user'): AuthUser | undefined }): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
