import { post } from '../../src/server/modules/ledger/post';
import { now, type Db } from '../../src/server/platform/db';
import { inTransaction } from '../../src/server/platform/db/transactions';

let made = 0;
const longAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString();

/** `count` new sellers, each with an MTN wallet past its hold and `minor` pesewas available. */
export async function payingSellers(db: Db, count: number, minor = 5_000): Promise<number[]> {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  return inTransaction(db, async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      made += 1;
      const at = now();
      const { id } = await trx
        .insertInto('users')
        .values({ email: `batch-seller-${run}-${made}@akuafo.test`, password_hash: 'x', first_name: 'Batch', last_name: `Seller ${made}`, phone: `+23324${String(made).padStart(7, '0')}`, user_type: 'SELLER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('seller_profiles')
        .values({ user_id: id, business_name: `Batch Farm ${made}`, business_description: null, business_type: 'FARM', business_address: null, business_region: 'Ashanti', ghana_card_number: null, bank_account_name: `Batch Farm ${made}`, bank_account_number: `024${String(made).padStart(7, '0')}`, payout_type: 'MOBILE_MONEY', payout_network: 'MTN', payout_account_changed_at: longAgo(), verification_status: 'VERIFIED', commission_rate_bp: 500, created_at: at, updated_at: at })
        .execute();
      await post(trx, { key: `test:opening:${id}`, kind: 'test.opening', memo: 'Opening balance', legs: [{ account: 'provider_clearing', debit: minor }, { account: 'seller_available', sellerId: id, credit: minor }] });
      ids.push(id);
    }
    return ids;
  });
}
