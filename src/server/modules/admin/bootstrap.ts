import { now, type Db } from '../../platform/db';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Logger } from '../../platform/logging';
import { changeUserRole, insertUser, revokeUserSessions } from '../accounts';

/** ADMIN_EMAIL or admin:create named an account that exists and is not an operator. */
export class ExistingAccountError extends Error {}

const refusal = (email: string, userType: string) =>
  `${email} already belongs to a ${userType === 'SELLER' ? 'seller' : 'buyer'} account, and an existing account is never made an operator on its own. ` +
  'Choose an operator address that has no account yet (ADMIN_EMAIL, or admin:create), or, if that account is yours and must become the operator, ' +
  `promote it on purpose with: npm run admin:create -- --promote ${email} <new password>`;

/**
 * Creates the operator account named by ADMIN_EMAIL (or admin:create). An existing operator
 * gets the given password if it differs (which signs it out everywhere). Any other existing
 * account is refused unless `promote` is asked for explicitly: a buyer who registered the
 * future operator's address must not become the operator at the next start.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }, logger: Logger, options: { promote?: boolean } = {}): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const at = now();
  const existing = await db.selectFrom('users').select(['id', 'user_type', 'password_hash']).where('email', '=', email).executeTakeFirst();
  if (existing && existing.user_type !== 'ADMIN' && !options.promote) throw new ExistingAccountError(refusal(email, existing.user_type));
  if (existing) {
    if (existing.user_type === 'ADMIN' && (await verifyPassword(existing.password_hash, admin.password))) {
      logger.info({ email }, 'operator account ready');
      return;
    }
    // The promoted account's old password (possibly someone else's) stops working too.
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(admin.password), password_changed_at: at, is_email_verified: 1, updated_at: at })
      .where('id', '=', existing.id)
      .execute();
    if (existing.user_type === 'ADMIN') await revokeUserSessions(db, existing.id);
    else await changeUserRole(db, existing.id, 'ADMIN');
    logger.warn({ email, from: existing.user_type }, existing.user_type === 'ADMIN' ? 'operator password replaced; its sessions were ended' : 'account promoted to operator; its sessions were ended');
    return;
  }
  await insertUser(db, { email, passwordHash: await hashPassword(admin.password), firstName: 'Akuafo', lastName: 'Operator', phone: null, userType: 'ADMIN', emailVerified: true, passwordChangedAt: at });
  logger.info({ email }, 'operator account ready');
}
