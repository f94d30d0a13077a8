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
    // A phone-only account (made by a USSD order) has no e-mail: the API says so with ''.
    email: row.email ?? '',
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

export { clientIp } from '../../http/client-ip';
