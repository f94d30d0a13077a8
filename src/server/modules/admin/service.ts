import type { AdminSeller, VerificationStatus } from '../../../shared/schemas/sellers';
import type { Db } from '../../platform/db';

/** Sellers for the verification desk, oldest first, optionally of one status (at most 200). */
export async function listSellersForReview(db: Db, status: VerificationStatus | undefined): Promise<AdminSeller[]> {
  let query = db
    .selectFrom('seller_profiles')
    .innerJoin('users', 'users.id', 'seller_profiles.user_id')
    .select([
      'users.id as userId',
      'users.email',
      'users.phone',
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.is_email_verified as isEmailVerified',
      'seller_profiles.business_name as businessName',
      'seller_profiles.business_region as businessRegion',
      'seller_profiles.ghana_card_number as ghanaCardNumber',
      'seller_profiles.verification_status as verificationStatus',
      'seller_profiles.created_at as joinedDate',
    ])
    .orderBy('seller_profiles.created_at', 'asc');
  if (status) query = query.where('seller_profiles.verification_status', '=', status);
  const rows = await query.limit(200).execute();
  return rows.map((r) => ({ ...r, isEmailVerified: r.isEmailVerified === 1 }));
}
