import type { UserType } from '../../../shared/schemas/accounts';
import { now, type Db } from '../../platform/db';
import { revokeUserSessions } from './sessions';

/**
 * The one way an account's role changes. Every sign-in of the account ends with it: a refresh
 * token issued under the old role must never come back with the new one, and access tokens
 * carry the role, so revoking the user's sessions is also what retires them.
 */
export async function changeUserRole(db: Db, userId: number, role: UserType): Promise<void> {
  await db.updateTable('users').set({ user_type: role, updated_at: now() }).where('id', '=', userId).execute();
  await revokeUserSessions(db, userId);
}
