import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Selectable } from 'kysely';
import type { AccountUser } from '../../../shared/schemas/accounts';
import type { Db } from '../../platform/db';
import type { UsersTable } from '../../platform/db/schema';

export type UserRow = Selectable<UsersTable>;

export function toAccountUser(row: UserRow): AccountUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    userType: row.user_type,
    profileImage: row.profile_image,
    passwordChangedAt: row.password_changed_at,
  };
}

/** E-mails are stored lower-cased (the schemas lower-case them), so equality is enough. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The caller's address for rate limits. X-Forwarded-For is believed only when the
 * connection comes from this machine (a reverse proxy in front of us); otherwise anyone could
 * dodge the limit by inventing the header. In-process test requests have no socket.
 */
export function clientIp(c: Context): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    socketAddress = undefined;
  }
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const local = !socketAddress || socketAddress === '127.0.0.1' || socketAddress === '::1' || socketAddress === '::ffff:127.0.0.1';
  if (local && forwarded) return forwarded;
  return socketAddress ?? 'local';
}
