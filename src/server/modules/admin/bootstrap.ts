import { now, type Db } from '../../platform/db';
import { hashPassword } from '../../platform/auth/passwords';
import type { Logger } from '../../platform/logging';

/** Creates the operator account named by ADMIN_EMAIL, or promotes and re-keys an existing one. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }, logger: Logger): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  const at = now();
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ user_type: 'ADMIN', password_hash: passwordHash, is_email_verified: 1, updated_at: at })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('users')
      .values({
        email,
        password_hash: passwordHash,
        first_name: 'Akuafo',
        last_name: 'Operator',
        phone: null,
        user_type: 'ADMIN',
        profile_image: null,
        is_email_verified: 1,
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  logger.info({ email }, 'operator account ready');
}
