import type { Selectable } from 'kysely';
import { fromMinor } from '../../../shared/money';
import { MAX_ADDRESSES, type Address, type Profile } from '../../../shared/schemas/accounts';
import { now, type Db } from '../../platform/db';
import type { CustomerAddressesTable } from '../../platform/db/tables/accounts';
import { badRequest, notFound } from '../../http/errors';
import { pendingValues } from './contact-change';
import { activeSessionCount } from './sessions';
import { findUserById, hasPassword, toAccountUser } from './users';
import { isLocale } from '../../../shared/i18n/locales';

export const RECENT_ORDERS = 3;

export function toAddress(row: Selectable<CustomerAddressesTable>): Address {
  return {
    id: row.id,
    street: row.street,
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    country: row.country,
    isDefault: row.is_default === 1,
  };
}

/** The default address first, then the newest. */
export async function addressesOf(db: Db, userId: number): Promise<Address[]> {
  const rows = await db.selectFrom('customer_addresses').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAddress);
}

/** The account page's data: who, how to reach them, where they collect, what they bought. */
export async function loadProfile(db: Db, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('Account not found');
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'created_at', 'total_minor', 'currency', 'status'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_ORDERS)
    .execute();
  return {
    user: { ...toAccountUser(user), isEmailVerified: user.is_email_verified === 1, createdAt: user.created_at },
    phoneNumber: user.phone,
    addresses: await addressesOf(db, userId),
    recentOrders: orders.map((o) => ({
      id: o.id,
      orderNumber: o.order_number,
      orderDate: o.created_at,
      totalAmount: fromMinor(o.total_minor),
      currency: o.currency,
      status: o.status,
    })),
    activeSessions: await activeSessionCount(db, userId),
    isPhoneVerified: user.is_phone_verified === 1,
    ...(await pendingValues(db, userId)),
    hasPassword: hasPassword(user),
    language: isLocale(user.language) ? user.language : null,
  };
}

/** An address as the schemas parse it (postalCode trimmed, '' for none). */
type AddressFields = { street: string; city: string; region: string; postalCode?: string; country: string };

/** Sign-up's address: the account's first, and so its default. */
export async function insertFirstAddress(db: Db, userId: number, { street, city, region, postalCode, country }: AddressFields): Promise<void> {
  await db
    .insertInto('customer_addresses')
    .values({ user_id: userId, street, city, region, postal_code: postalCode || null, country, is_default: 1, created_at: now() })
    .execute();
}

const clearDefault = (db: Db, userId: number) =>
  db.updateTable('customer_addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();

/** Another address, at most MAX_ADDRESSES; the first (or one asked to be) is the default. */
export async function addAddress(db: Db, userId: number, input: AddressFields & { isDefault?: boolean }): Promise<Address> {
  const count = Number((await db.selectFrom('customer_addresses').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst())?.n ?? 0);
  if (count >= MAX_ADDRESSES) throw badRequest(`You can keep at most ${MAX_ADDRESSES} addresses.`);
  const isDefault = count === 0 || input.isDefault === true;
  if (isDefault) await clearDefault(db, userId);
  const row = await db
    .insertInto('customer_addresses')
    .values({ user_id: userId, street: input.street, city: input.city, region: input.region, postal_code: input.postalCode || null, country: input.country, is_default: isDefault ? 1 : 0, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAddress(row);
}

/** One of the user's own addresses, or 404 (another's is as good as none). */
async function ownAddress(db: Db, userId: number, id: number) {
  const row = await db.selectFrom('customer_addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Address not found');
  return row;
}

/** Changes some of an address; making it the default unsets the old one, and a default cannot be unset directly. */
export async function updateAddress(db: Db, userId: number, id: number, input: Partial<AddressFields & { isDefault: boolean }>): Promise<Address> {
  const row = await ownAddress(db, userId, id);
  if (input.isDefault === false && row.is_default === 1) throw badRequest('Choose another default address first.');
  if (input.isDefault === true) await clearDefault(db, row.user_id);
  const set = {
    ...(input.street !== undefined && { street: input.street }),
    ...(input.city !== undefined && { city: input.city }),
    ...(input.region !== undefined && { region: input.region }),
    ...(input.postalCode !== undefined && { postal_code: input.postalCode || null }),
    ...(input.country !== undefined && { country: input.country }),
    ...(input.isDefault === true && { is_default: 1 }),
  };
  if (Object.keys(set).length > 0) await db.updateTable('customer_addresses').set(set).where('id', '=', row.id).execute();
  return toAddress(await db.selectFrom('customer_addresses').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
}

/** Removes an address; while any is left, exactly one stays the default (the newest takes over). */
export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  const row = await ownAddress(db, userId, id);
  await db.deleteFrom('customer_addresses').where('id', '=', row.id).execute();
  if (row.is_default === 1) {
    const next = await db.selectFrom('customer_addresses').select('id').where('user_id', '=', row.user_id).orderBy('id', 'desc').executeTakeFirst();
    if (next) await db.updateTable('customer_addresses').set({ is_default: 1 }).where('id', '=', next.id).execute();
  }
}

/** The names and language the buyer changed (only those that differ are written). */
export async function updateNames(db: Db, userId: number, set: Partial<{ first_name: string; last_name: string; language: string }>): Promise<void> {
  if (Object.keys(set).length > 0) await db.updateTable('users').set({ ...set, updated_at: now() }).where('id', '=', userId).execute();
}
