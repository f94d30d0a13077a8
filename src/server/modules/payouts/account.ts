import { payoutAccountLabel, type PayoutType } from '../../../shared/payout';
import type { Db } from '../../platform/db';

export interface PayoutAccount {
  /** Whose account: a seller's profile or a transporter's (issue 40), where its recipient is kept. */
  payee: 'SELLER' | 'TRANSPORTER';
  type: PayoutType;
  name: string;
  number: string;
  network: string | null;
  bankCode: string | null;
  /** The account in one string: a payout, and a provider's recipient, belong to exactly this. */
  key: string;
  label: string;
  changedAt: string | null;
  recipientCode: string | null;
  recipientFor: string | null;
}

/** Payouts wait this long after the account changes: a stolen session must not redirect a farmer's money. */
export const PAYOUT_HOLD_MS = 24 * 3600_000;

type ProfileColumns = {
  payout_type: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  payout_network: string | null;
  payout_bank_code: string | null;
  payout_account_changed_at: string | null;
  payout_recipient_code: string | null;
  payout_recipient_for: string | null;
};

/** The seller_profiles columns a payout account is read from (with the seller's id). */
export const PAYOUT_PROFILE_COLUMNS = ['user_id', 'payout_type', 'bank_account_name', 'bank_account_number', 'payout_network', 'payout_bank_code', 'payout_account_changed_at', 'payout_recipient_code', 'payout_recipient_for'] as const;

export const accountKey = (a: { type: string; name: string; number: string; network: string | null; bankCode: string | null }) =>
  [a.type, a.network ?? a.bankCode ?? '', a.number, a.name].join('|');

/** The seller's payout account, when it is complete enough to pay. */
export function payoutAccountOf(row: ProfileColumns): PayoutAccount | undefined {
  const type = row.payout_type as PayoutType | null;
  if (!type || !row.bank_account_name || !row.bank_account_number) return undefined;
  if (type === 'MOBILE_MONEY' ? !row.payout_network : !row.payout_bank_code) return undefined;
  const base = { type, name: row.bank_account_name, number: row.bank_account_number, network: row.payout_network, bankCode: row.payout_bank_code };
  return {
    payee: 'SELLER',
    ...base,
    key: accountKey(base),
    label: payoutAccountLabel(base),
    changedAt: row.payout_account_changed_at,
    recipientCode: row.payout_recipient_code,
    recipientFor: row.payout_recipient_for,
  };
}

export async function readPayoutAccount(db: Db, payeeId: number): Promise<PayoutAccount | undefined> {
  return (await readPayoutAccounts(db, [payeeId])).get(payeeId);
}

/**
 * A transporter's payout account (issue 40): the mobile-money wallet of their profile, in their
 * name. It is set at registration and has no change route yet, so no 24-hour hold applies. The
 * provider's recipient is kept as a seller's is (037): made once for the wallet, and made again
 * when the wallet (or the name on it) is no longer the one it was made for.
 */
function transporterAccountOf(row: { payout_network: string; payout_number: string; first_name: string; last_name: string; payout_recipient_code: string | null; payout_recipient_for: string | null }): PayoutAccount {
  const base = { type: 'MOBILE_MONEY' as const, name: `${row.first_name} ${row.last_name}`.trim(), number: row.payout_number, network: row.payout_network, bankCode: null };
  return { payee: 'TRANSPORTER', ...base, key: accountKey(base), label: payoutAccountLabel(base), changedAt: null, recipientCode: row.payout_recipient_code, recipientFor: row.payout_recipient_for };
}

/**
 * Each payee's payout account (those complete enough to pay), in one read each of sellers and
 * transporters: a seller's from their profile, a transporter's wallet. `forUpdate` (PostgreSQL)
 * locks the profiles' rows for the caller's transaction, so two payout runs make one payout each.
 */
export async function readPayoutAccounts(db: Db, payeeIds: number[], options: { forUpdate?: boolean } = {}): Promise<Map<number, PayoutAccount>> {
  const accounts = new Map<number, PayoutAccount>();
  if (payeeIds.length === 0) return accounts;
  let sellers = db.selectFrom('seller_profiles').select([...PAYOUT_PROFILE_COLUMNS]).where('user_id', 'in', payeeIds).orderBy('user_id');
  if (options.forUpdate) sellers = sellers.forUpdate();
  for (const row of await sellers.execute()) {
    const account = payoutAccountOf(row);
    if (account) accounts.set(row.user_id, account);
  }
  const others = payeeIds.filter((id) => !accounts.has(id));
  if (others.length === 0) return accounts;
  let transporters = db
    .selectFrom('transporter_profiles')
    .innerJoin('users', 'users.id', 'transporter_profiles.user_id')
    .select(['transporter_profiles.user_id', 'transporter_profiles.payout_network', 'transporter_profiles.payout_number', 'transporter_profiles.payout_recipient_code', 'transporter_profiles.payout_recipient_for', 'users.first_name', 'users.last_name'])
    .where('transporter_profiles.user_id', 'in', others)
    .orderBy('transporter_profiles.user_id');
  if (options.forUpdate) transporters = transporters.forUpdate('transporter_profiles');
  for (const row of await transporters.execute()) accounts.set(row.user_id, transporterAccountOf(row));
  return accounts;
}

/** Whether payouts to this account are held because it changed less than 24 hours ago. */
export const isHeld = (account: PayoutAccount, at: Date) => account.changedAt !== null && at.getTime() - new Date(account.changedAt).getTime() < PAYOUT_HOLD_MS;
