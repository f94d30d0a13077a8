import { fromMinor } from '../../../shared/money';
import {
  RECENT_PRODUCTS_SHOWN,
  SELLER_MESSAGES,
  type SellerProfile,
  type SellerRegistration,
  type SellerStats,
  type VerificationStatus,
} from '../../../shared/schemas/sellers';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { hashPassword } from '../../platform/auth/passwords';
import { now, type Db } from '../../platform/db';
import { adoptListedProducts, toSubmissions } from '../submissions';
import { inTransaction } from '../../platform/db/transactions';
import { insertUser, pendingValues } from '../accounts';
import { insertSellerProfile } from '../../platform/db/seller-profiles';
import { networkOf, type MobileMoneyNetwork } from '../../../shared/phone';
import { payoutNetworkProblem, payoutNetworkWarning, type PayoutType } from '../../../shared/payout';
import { accountKey, PAYOUT_HOLD_MS, payoutAccountOf, tellPayoutAccountChanged } from '../payouts';
import { dropoffWarehouses, requireOpenWarehouse } from '../warehouses';

/** Payments that count as a sale. */
const PAID = 'PAID';
const RECENT_ORDERS_SHOWN = 5;

export async function registerSeller(db: Db, input: SellerRegistration): Promise<{ id: number; email: string; firstName: string }> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const at = now();
    const userId = await insertUser(trx, {
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phoneNumber ?? null,
      userType: 'SELLER',
    });
    await insertSellerProfile(trx, userId, input, at);
    return { id: userId, email, firstName: input.firstName };
  });
}

async function profileRow(db: Db, userId: number) {
  const row = await db
    .selectFrom('seller_profiles')
    .innerJoin('users', 'users.id', 'seller_profiles.user_id')
    .selectAll('seller_profiles')
    .select(['users.first_name', 'users.last_name', 'users.email', 'users.phone', 'users.is_email_verified', 'users.is_phone_verified'])
    .where('seller_profiles.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(SELLER_MESSAGES.profileMissing);
  return row;
}
type ProfileRow = Awaited<ReturnType<typeof profileRow>>;

/** What makes a profile complete, in the order "Complete Profile" asks for them. */
function completeness(row: ProfileRow): { percent: number; missing: string[] } {
  const checks: [string, boolean][] = [
    ['Business name', Boolean(row.business_name)],
    ['Business description', Boolean(row.business_description)],
    ['Business type', Boolean(row.business_type)],
    ['Region', Boolean(row.business_region)],
    ['Business address', Boolean(row.business_address)],
    ['Phone number', Boolean(row.phone)],
    ['Verified email', row.is_email_verified === 1],
    ['Ghana Card number', Boolean(row.ghana_card_number)],
    ['Bank account', Boolean(row.bank_account_name && row.bank_account_number)],
  ];
  const done = checks.filter(([, ok]) => ok).length;
  return { percent: Math.round((done / checks.length) * 100), missing: checks.filter(([, ok]) => !ok).map(([name]) => name) };
}

async function salesFigures(db: Db, sellerId: number) {
  const row = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(({ fn }) => [
      fn.count<number>('orders.id').distinct().as('sales'),
      fn.sum<number>('order_items.total_minor').as('revenue'),
      fn.max('orders.created_at').as('lastSale'),
    ])
    .where('products.seller_id', '=', sellerId)
    .where('orders.payment_status', '=', PAID)
    .executeTakeFirst();
  return {
    totalSales: Number(row?.sales ?? 0),
    totalRevenue: fromMinor(Number(row?.revenue ?? 0)),
    lastSaleDate: (row?.lastSale as string | null | undefined) ?? null,
  };
}

async function productCounts(db: Db, sellerId: number) {
  const rows = await db
    .selectFrom('product_submissions')
    .select(({ fn }) => ['status', fn.countAll<number>().as('count')])
    .where('seller_id', '=', sellerId)
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return { total: of('PENDING') + of('APPROVED') + of('REJECTED'), active: of('APPROVED'), pending: of('PENDING') };
}

export async function getSellerProfile(db: Db, userId: number): Promise<SellerProfile> {
  const row = await profileRow(db, userId);
  await adoptListedProducts(db, userId);
  const [sales, products, dropoff] = await Promise.all([salesFigures(db, userId), productCounts(db, userId), dropoffWarehouses(db, [userId])]);
  const { percent, missing } = completeness(row);
  return {
    userId,
    businessName: row.business_name,
    businessDescription: row.business_description,
    businessType: row.business_type,
    phoneNumber: row.phone,
    isPhoneVerified: row.is_phone_verified === 1,
    pendingPhoneNumber: (await pendingValues(db, userId)).pendingPhone,
    businessAddress: row.business_address,
    businessRegion: row.business_region,
    ghanaCardNumber: row.ghana_card_number,
    bankAccountName: row.bank_account_name,
    bankAccountNumber: row.bank_account_number,
    payoutType: row.payout_type,
    payoutNetwork: row.payout_network as MobileMoneyNetwork | null,
    payoutBankCode: row.payout_bank_code,
    payoutsHeldUntil: heldUntil(row.payout_account_changed_at),
    payoutNetworkWarning: (row.payout_type === 'MOBILE_MONEY' && payoutNetworkWarning(row.bank_account_number, row.payout_network)) || null,
    dropoffWarehouseId: dropoff.get(userId) ?? null,
    dropoffChosen: row.dropoff_warehouse_id !== null,
    totalProducts: products.total,
    totalSales: sales.totalSales,
    totalRevenue: sales.totalRevenue,
    currency: 'GHS',
    commissionRate: row.commission_rate_bp / 100,
    profileCompleteness: percent,
    missingFields: missing,
    verificationStatus: row.verification_status,
    joinedDate: row.created_at,
    user: { firstName: row.first_name, lastName: row.last_name, email: row.email ?? '', isEmailVerified: row.is_email_verified === 1 },
  };
}

/** The phone is not among them: it changes through the contact-change flow (accounts/contact-change.ts). */
export interface ProfileChanges {
  businessName?: string;
  businessDescription?: string | null;
  businessAddress?: string | null;
  ghanaCardNumber?: string | null;
  bankAccountName?: string | null;
  bankAccountNumber?: string | null;
  payoutType?: PayoutType | null;
  payoutNetwork?: MobileMoneyNetwork | null;
  payoutBankCode?: string | null;
  payoutNumberMoved?: boolean;
  /** Where the seller brings their goods (an open warehouse). */
  dropoffWarehouseId?: number;
}

const heldUntil = (changedAt: string | null) => {
  if (!changedAt) return null;
  const until = new Date(new Date(changedAt).getTime() + PAYOUT_HOLD_MS);
  return until.getTime() > Date.now() ? until.toISOString() : null;
};

/**
 * The payout account after a change: a type left out is read from the number (a Ghana mobile
 * number is mobile money on its network), and each type must have what paying it needs.
 */
function payoutChanges(row: { payout_type: PayoutType | null; payout_network: string | null; payout_bank_code: string | null; bank_account_number: string | null }, changes: ProfileChanges) {
  const number = changes.bankAccountNumber !== undefined ? changes.bankAccountNumber : row.bank_account_number;
  const touched = changes.bankAccountNumber !== undefined || changes.payoutType !== undefined || changes.payoutNetwork !== undefined || changes.payoutBankCode !== undefined;
  if (!touched) return {};
  let type = changes.payoutType !== undefined ? changes.payoutType : row.payout_type;
  if (!type && number && networkOf(number)) type = 'MOBILE_MONEY';
  if (!number || !type) return { payout_type: type ?? null };
  if (type === 'MOBILE_MONEY') {
    const network = changes.payoutNetwork ?? (changes.bankAccountNumber !== undefined ? networkOf(number) : undefined) ?? row.payout_network;
    if (!/^0\d{9}$/.test(number)) throw badRequest(SELLER_MESSAGES.payoutNeedsMobile, { bankAccountNumber: SELLER_MESSAGES.payoutNeedsMobile });
    if (!network) throw badRequest(SELLER_MESSAGES.payoutNeedsNetwork, { payoutNetwork: SELLER_MESSAGES.payoutNeedsNetwork });
    // The numbering plan: another network than the number's is kept only if the seller says it was moved there.
    const mismatch = payoutNetworkProblem(number, network as MobileMoneyNetwork, changes.payoutNumberMoved === true);
    if (mismatch) throw badRequest(mismatch, { payoutNetwork: mismatch });
    return { payout_type: type, payout_network: network, payout_bank_code: null };
  }
  const bankCode = changes.payoutBankCode !== undefined ? changes.payoutBankCode : row.payout_bank_code;
  if (!bankCode) throw badRequest(SELLER_MESSAGES.payoutNeedsBank, { payoutBankCode: SELLER_MESSAGES.payoutNeedsBank });
  return { payout_type: type, payout_network: null, payout_bank_code: bankCode };
}

export async function updateSellerProfile(db: Db, userId: number, changes: ProfileChanges): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await profileRow(trx, userId);
    const at = now();
    let status: VerificationStatus = row.verification_status;
    if (changes.ghanaCardNumber !== undefined && changes.ghanaCardNumber !== row.ghana_card_number) {
      if (row.verification_status === 'VERIFIED' && row.ghana_card_number) throw conflict(SELLER_MESSAGES.cardLocked);
      // A new card number after a rejection goes back to the operator.
      if (row.verification_status === 'REJECTED' && changes.ghanaCardNumber) status = 'PENDING';
    }
    const payout = payoutChanges(row, changes);
    if (changes.dropoffWarehouseId !== undefined) await requireOpenWarehouse(trx, changes.dropoffWarehouseId);
    const before = payoutAccountOf(row);
    const after = payoutAccountOf({ ...row, ...payout, bank_account_name: changes.bankAccountName !== undefined ? changes.bankAccountName : row.bank_account_name, bank_account_number: changes.bankAccountNumber !== undefined ? changes.bankAccountNumber : row.bank_account_number });
    // A new payout account holds payouts for 24 hours, and its owner hears of it at once.
    const changed = after !== undefined && (!before || accountKey(before) !== accountKey(after));
    if (changed) await tellPayoutAccountChanged(trx, userId, after.label);
    await trx
      .updateTable('seller_profiles')
      .set({
        ...payout,
        ...(changed ? { payout_account_changed_at: at } : {}),
        ...(changes.businessName !== undefined ? { business_name: changes.businessName } : {}),
        ...(changes.dropoffWarehouseId !== undefined ? { dropoff_warehouse_id: changes.dropoffWarehouseId } : {}),
        ...(changes.businessDescription !== undefined ? { business_description: changes.businessDescription } : {}),
        ...(changes.businessAddress !== undefined ? { business_address: changes.businessAddress } : {}),
        ...(changes.ghanaCardNumber !== undefined ? { ghana_card_number: changes.ghanaCardNumber } : {}),
        ...(changes.bankAccountName !== undefined ? { bank_account_name: changes.bankAccountName } : {}),
        ...(changes.bankAccountNumber !== undefined ? { bank_account_number: changes.bankAccountNumber } : {}),
        verification_status: status,
        updated_at: at,
      })
      .where('user_id', '=', userId)
      .execute();
  });
}

export async function getSellerStats(db: Db, userId: number): Promise<SellerStats> {
  const row = await profileRow(db, userId);
  await adoptListedProducts(db, userId);
  const [sales, products, rating, recentOrders, recentRows] = await Promise.all([
    salesFigures(db, userId),
    productCounts(db, userId),
    db
      .selectFrom('reviews')
      .innerJoin('products', 'products.id', 'reviews.product_id')
      .select(({ fn }) => [fn.avg<number>('reviews.rating').as('average'), fn.countAll<number>().as('count')])
      .where('products.seller_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .select(({ fn }) => ['orders.id', 'orders.order_number', 'orders.created_at', fn.sum<number>('order_items.total_minor').as('total')])
      .where('products.seller_id', '=', userId)
      .where('orders.payment_status', '=', PAID)
      .groupBy(['orders.id', 'orders.order_number', 'orders.created_at'])
      .orderBy('orders.created_at', 'desc')
      .limit(RECENT_ORDERS_SHOWN)
      .execute(),
    db
      .selectFrom('product_submissions')
      .selectAll()
      .where('seller_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_PRODUCTS_SHOWN)
      .execute(),
  ]);
  const { percent, missing } = completeness(row);
  const reviewCount = Number(rating?.count ?? 0);
  const recent = await toSubmissions(db, recentRows);
  return {
    totalProducts: products.total,
    activeProducts: products.active,
    pendingProducts: products.pending,
    totalSales: sales.totalSales,
    totalRevenue: sales.totalRevenue,
    currency: 'GHS',
    averageRating: reviewCount ? Math.round(Number(rating!.average) * 10) / 10 : null,
    totalReviews: reviewCount,
    profileCompleteness: percent,
    missingFields: missing,
    verificationStatus: row.verification_status,
    joinedDate: row.created_at,
    recentOrders: recentOrders.map((o) => ({ id: o.id, orderNumber: o.order_number, createdAt: o.created_at, total: fromMinor(Number(o.total)), currency: 'GHS' })),
    lastSaleDate: sales.lastSaleDate,
    recentProducts: recent.map((p) => ({ id: p.id, name: p.name, imagesUrls: p.imagesUrls, price: p.price, currency: 'GHS', status: p.status })),
  };
}

/**
 * The operator's decision. Verifying needs the seller's Ghana Card number: the condition is in the
 * update itself, so a card taken away between the operator's look and the press does not slip through.
 */
export async function setVerificationStatus(db: Db, userId: number, status: 'VERIFIED' | 'REJECTED'): Promise<void> {
  let update = db.updateTable('seller_profiles').set({ verification_status: status, updated_at: now() }).where('user_id', '=', userId);
  if (status === 'VERIFIED') update = update.where('ghana_card_number', 'is not', null).where('ghana_card_number', '!=', '');
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return;
  const exists = await db.selectFrom('seller_profiles').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  throw exists ? conflict(SELLER_MESSAGES.cardMissing) : notFound(SELLER_MESSAGES.profileMissing);
}

export const tooSoon = (retryAfterSeconds: number) =>
  new HttpError(429, `Please wait ${retryAfterSeconds} seconds before asking for another link.`);

/** The link was good: the seller's address is confirmed. Answers the address. */
export async function markEmailVerified(db: Db, userId: number): Promise<string> {
  const user = await db.updateTable('users').set({ is_email_verified: 1, updated_at: now() }).where('id', '=', userId).returning('email').executeTakeFirstOrThrow();
  // A seller registers with an e-mail; only phone-only accounts (never sent a link) have none.
  return user.email ?? '';
}

/** The seller account of this address still waiting for its link, if there is one. */
export async function unverifiedSeller(db: Db, email: string): Promise<{ id: number; email: string; firstName: string; as: 'seller' | 'transporter' } | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'is_email_verified', 'user_type'])
    .where('email', '=', email)
    .executeTakeFirst();
  // A transporter registers the same way (issue 40) and gets the same link.
  return user?.email && (user.user_type === 'SELLER' || user.user_type === 'TRANSPORTER') && user.is_email_verified === 0 ? { id: user.id, email: user.email, firstName: user.first_name, as: user.user_type === 'TRANSPORTER' ? 'transporter' : 'seller' } : undefined;
}
