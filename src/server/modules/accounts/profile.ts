import type { Selectable } from 'kysely';
import { fromMinor } from '../../../shared/money';
import type { Address, Profile } from '../../../shared/schemas/accounts';
import type { Db } from '../../platform/db';
import type { CustomerAddressesTable } from '../../platform/db/schema';
import { notFound } from '../../http/errors';
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
