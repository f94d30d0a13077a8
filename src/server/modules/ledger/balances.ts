import { sql } from 'kysely';
import { fromMinor } from '../../../shared/money';
import type { TrialBalanceAnswer } from '../../../shared/schemas/money';
import type { Db } from '../../platform/db';
import { ACCOUNTS, DEBIT_NORMAL, type Account } from './accounts';

export interface TrialBalance {
  /** Pesewas on each side; equal whenever the books are right. */
  debitsMinor: number;
  creditsMinor: number;
  accounts: { account: Account; balanceMinor: number; side: 'debit' | 'credit' }[];
}

/** Every account's balance, each on its own side; the two sides must be equal. */
export async function trialBalance(db: Db): Promise<TrialBalance> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account', sql<number>`sum(debit_minor) - sum(credit_minor)`.as('net')])
    .groupBy('account')
    .orderBy('account')
    .execute();
  let debitsMinor = 0;
  let creditsMinor = 0;
  const accounts = rows.map((r) => {
    const net = Number(r.net);
    // A balance on its unusual side (a debit-normal account in credit) still counts where it lies.
    if (net >= 0) debitsMinor += net;
    else creditsMinor -= net;
    const account = r.account as Account;
    return { account, balanceMinor: DEBIT_NORMAL.includes(account) ? net : -net, side: net >= 0 ? ('debit' as const) : ('credit' as const) };
  });
  return { debitsMinor, creditsMinor, accounts };
}

/** The trial balance as the operator reads it: cedis, and whether the two sides agree. */
export async function trialBalanceInCedis(db: Db): Promise<TrialBalanceAnswer> {
  const tb = await trialBalance(db);
  return {
    currency: 'GHS',
    debits: fromMinor(tb.debitsMinor),
    credits: fromMinor(tb.creditsMinor),
    balanced: tb.debitsMinor === tb.creditsMinor,
    accounts: tb.accounts.map((a) => ({ account: a.account, side: a.side, balance: fromMinor(a.balanceMinor) })),
  };
}

export interface SellerBalances {
  heldMinor: number;
  availableMinor: number;
  sendingMinor: number;
  paidOutMinor: number;
}

/** A seller's money: held in escrow, available, on its way, and paid out (net of reversals). */
export async function sellerBalances(db: Db, sellerId: number): Promise<SellerBalances> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account', sql<number>`sum(credit_minor) - sum(debit_minor)`.as('net')])
    .where('seller_id', '=', sellerId)
    .where('account', 'in', [ACCOUNTS.escrow, ACCOUNTS.available, ACCOUNTS.sending, ACCOUNTS.clearing])
    .groupBy('account')
    .execute();
  const net = (account: Account) => Number(rows.find((r) => r.account === account)?.net ?? 0);
  return {
    heldMinor: net(ACCOUNTS.escrow),
    availableMinor: net(ACCOUNTS.available),
    sendingMinor: net(ACCOUNTS.sending),
    // Payouts leave our provider balance with the seller's id on the leg; a reversal brings it back.
    paidOutMinor: net(ACCOUNTS.clearing),
  };
}
