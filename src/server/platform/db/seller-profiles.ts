import type { SellerRegistration } from '../../../shared/schemas/sellers';
import { now, type Db } from './index';

/**
 * A new seller's business, waiting for the operator's verification: the row the web's seller
 * sign-up (sellers/service.ts) and USSD's Sell (ussd/phone-accounts.ts) both make. Here, below
 * both modules, so neither imports the other's folder.
 */
export async function insertSellerProfile(
  trx: Db,
  userId: number,
  input: Pick<SellerRegistration, 'businessName' | 'businessType' | 'businessRegion'> & Partial<Pick<SellerRegistration, 'businessDescription' | 'businessAddress' | 'ghanaCardNumber'>>,
  at = now(),
): Promise<void> {
  await trx
    .insertInto('seller_profiles')
    .values({
      user_id: userId,
      business_name: input.businessName,
      business_description: input.businessDescription ?? null,
      business_type: input.businessType,
      business_address: input.businessAddress ?? null,
      business_region: input.businessRegion,
      ghana_card_number: input.ghanaCardNumber ?? null,
      bank_account_name: null,
      bank_account_number: null,
      verification_status: 'PENDING',
      commission_rate_bp: 500,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
