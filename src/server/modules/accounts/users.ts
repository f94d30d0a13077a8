import type { Selectable } from 'kysely';
import { MESSAGES, type AccountUser } from '../../../shared/schemas/accounts';
import { isLocale, LOCALES, type Locale } from '../../../shared/i18n/locales';
import { conflict } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db/transactions';
import type { UsersTable } from '../../platform/db/tables/accounts';

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
    ...(row.user_type === 'WAREHOUSE' && row.warehouse_id !== null && { warehouseId: row.warehouse_id }),
  };
}

/** E-mails are stored lower-cased (the schemas lower-case them), so equality is enough. */
/**
 * Whether the account signs in with a password. A phone-only account (made by USSD) stores a
 * hash no password can match ('!phone-only', and '!…' generally), or none.
 */
export const hasPassword = (row: Pick<UserRow, 'password_hash'>) => row.password_hash !== '' && !row.password_hash.startsWith('!');

/**
 * Signing in from a device that chose a language gives it to an account that has none, so its
 * e-mails and SMS follow (issue 37). An account's own choice (Settings, USSD) is never replaced.
 */
export async function adoptDeviceLanguage(db: Db, user: Pick<UserRow, 'id' | 'language'>, language: Locale | undefined): Promise<void> {
  if (!language || isLocale(user.language)) return;
  await db.updateTable('users').set({ language, updated_at: now() }).where('id', '=', user.id).where((eb) => eb.or([eb('language', 'is', null), eb('language', 'not in', LOCALES.map((l) => l.code))])).execute();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewUser {
  /** Lower-cased by the schemas; null for a phone-only account. */
  email: string | null;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  userType: UserRow['user_type'];
  emailVerified?: boolean;
  phoneVerified?: boolean;
  passwordChangedAt?: string | null;
  /** The language its device chose at sign-up (users.language), if any. */
  language?: Locale;
}

/**
 * Makes an account; every sign-up path (buyer, seller, operator, phone) comes through here.
 * An e-mail already taken is a 409 with the one message, whether it was there before or a
 * second sign-up with it won the race by a moment (the unique index decides).
 */
export async function insertUser(db: Db, user: NewUser): Promise<number> {
  if (user.email && (await findUserByEmail(db, user.email))) throw conflict(MESSAGES.duplicateEmail);
  const at = now();
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      user_type: user.userType,
      profile_image: null,
      is_email_verified: user.emailVerified ? 1 : 0,
      is_phone_verified: user.phoneVerified ? 1 : 0,
      password_changed_at: user.passwordChangedAt ?? null,
      language: user.language ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (user.email && isUniqueViolation(error)) throw conflict(MESSAGES.duplicateEmail);
      throw error;
    });
  return row.id;
}

/** A new password (hashed), its time the answer's passwordChangedAt. */
export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<string> {
  const at = now();
  await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: at, updated_at: at }).where('id', '=', userId).execute();
  return at;
}

/** The account's e-mail is proved (its code, or a reset read from the mail). */
export async function markEmailVerified(db: Db, userId: number, touch = true): Promise<void> {
  await db.updateTable('users').set(touch ? { is_email_verified: 1, updated_at: now() } : { is_email_verified: 1 }).where('id', '=', userId).execute();
}

/** The account a phone number buys and sells as (phone_accounts: USSD), if any. */
export async function accountOfPhone(db: Db, phone: string): Promise<number | undefined> {
  return (await db.selectFrom('phone_accounts').select('user_id').where('phone', '=', phone).executeTakeFirst())?.user_id ?? undefined;
}

export { clientIp } from '../../http/client-ip';
