import { maskAccountNumber } from '../../../shared/payout';
import type { MobileMoneyNetwork } from '../../../shared/phone';
import type { VerificationStatus } from '../../../shared/schemas/sellers';
import { encodeCursor, type KeysetPage } from '../../../shared/pagination';
import { ADMIN_TRANSPORTERS_PAGE_SIZE, TRANSPORTER_MESSAGES, type AdminTransportersQuery, type TransporterProfile, type TransporterRegistration, type VehicleType } from '../../../shared/schemas/transporters';
import { notFound } from '../../http/errors';
import { hashPassword } from '../../platform/auth/passwords';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { insertUser } from '../accounts';

/**
 * Transporter accounts (issue 40 item 4): a TRANSPORTER user and its profile (vehicle, Ghana
 * Card, the wallet its fees are paid to), PENDING until the operator verifies it. Only a
 * verified transporter accepts loads; the board may be read before, to see what there is.
 */

export async function registerTransporter(db: Db, input: TransporterRegistration): Promise<{ id: number; email: string; firstName: string }> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const at = now();
    const userId = await insertUser(trx, { email, passwordHash, firstName: input.firstName, lastName: input.lastName, phone: input.phoneNumber ?? null, userType: 'TRANSPORTER' });
    await trx
      .insertInto('transporter_profiles')
      .values({
        user_id: userId,
        vehicle_type: input.vehicleType,
        capacity_kg: input.capacityKg,
        plate_number: input.plateNumber,
        ghana_card_number: input.ghanaCardNumber,
        region: input.businessRegion || null,
        payout_network: input.payoutNetwork,
        payout_number: input.payoutNumber,
        status: 'PENDING',
        verified_at: null,
        rejection_reason: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { id: userId, email, firstName: input.firstName };
  });
}

function profilesQuery(db: Db) {
  return db
    .selectFrom('transporter_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select(['u.first_name', 'u.last_name', 'u.email', 'u.phone', 'u.is_email_verified']);
}
type ProfileRow = Awaited<ReturnType<ReturnType<typeof profilesQuery>['executeTakeFirstOrThrow']>>;

const profileOf = (r: ProfileRow): TransporterProfile => ({
  userId: r.user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email ?? '',
  phone: r.phone,
  isEmailVerified: r.is_email_verified === 1,
  businessRegion: r.region,
  vehicleType: r.vehicle_type as VehicleType,
  capacityKg: r.capacity_kg,
  plateNumber: r.plate_number,
  ghanaCardNumber: r.ghana_card_number,
  payoutNetwork: r.payout_network as MobileMoneyNetwork,
  payoutAccount: maskAccountNumber('MOBILE_MONEY', r.payout_number),
  verificationStatus: r.status as VerificationStatus,
  verifiedAt: r.verified_at,
  rejectionReason: r.rejection_reason,
  createdAt: r.created_at,
});

export async function transporterProfile(db: Db, userId: number): Promise<TransporterProfile> {
  const row = await profilesQuery(db).where('p.user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(TRANSPORTER_MESSAGES.profileMissing);
  return profileOf(row);
}

/** The operator's desk: oldest first, optionally of one status, 200 a page (keyset on created_at, user_id). */
export async function listTransporters(db: Db, query: AdminTransportersQuery): Promise<KeysetPage<TransporterProfile>> {
  let q = profilesQuery(db);
  if (query.status) q = q.where('p.status', '=', query.status);
  if (query.cursor) {
    const [at, id] = query.cursor as [string, number];
    q = q.where((eb) => eb.or([eb('p.created_at', '>', at), eb.and([eb('p.created_at', '=', at), eb('p.user_id', '>', id)])]));
  }
  const found = await q.orderBy('p.created_at').orderBy('p.user_id').limit(ADMIN_TRANSPORTERS_PAGE_SIZE + 1).execute();
  const rows = found.slice(0, ADMIN_TRANSPORTERS_PAGE_SIZE);
  const last = rows.at(-1);
  return { data: rows.map(profileOf), nextCursor: found.length > ADMIN_TRANSPORTERS_PAGE_SIZE && last ? encodeCursor([last.created_at, last.user_id]) : null };
}

/**
 * The operator's decision: VERIFIED (the transporter may accept loads) or REJECTED with a reason;
 * either may be changed later. Answers whether it changed anything (a verify of a verified
 * account, or the same rejection again, does not): the row is updated only when it differs, so of
 * two operators deciding at once one changes it, and the transporter is told once.
 */
export async function decideTransporter(db: Db, userId: number, status: 'VERIFIED' | 'REJECTED', reason?: string): Promise<boolean> {
  const at = now();
  const rejectionReason = status === 'VERIFIED' ? null : reason || null;
  const done = await db
    .updateTable('transporter_profiles')
    .set(status === 'VERIFIED' ? { status, verified_at: at, rejection_reason: null, updated_at: at } : { status, rejection_reason: rejectionReason, updated_at: at })
    .where('user_id', '=', userId)
    .where((eb) => (rejectionReason === null ? eb('status', '!=', status) : eb.or([eb('status', '!=', status), eb('rejection_reason', 'is', null), eb('rejection_reason', '!=', rejectionReason)])))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) return true;
  const exists = await db.selectFrom('transporter_profiles').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (!exists) throw notFound(TRANSPORTER_MESSAGES.profileMissing);
  return false;
}
