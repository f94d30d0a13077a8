import { sql } from 'kysely';
import { now, type Db } from '../../platform/db';
import { DEBIT_NORMAL, SELLER_ACCOUNTS, type Account } from './accounts';

export interface Leg {
  account: Account;
  sellerId?: number | null;
  orderId?: number | null;
  debit?: number;
  credit?: number;
}

export interface Posting {
  /** Names the event once: posting the same key again does nothing (a retried path, a race). */
  key: string;
  kind: string;
  memo: string;
  orderId?: number | null;
  payoutId?: number | null;
  legs: Leg[];
}

/**
 * Only `npm run bench money` switches this off, to measure what the ledger's writes cost the
 * checkout path; nothing in the app does.
 */
export const ledgerForBench = { off: false };

/** A posting that would unbalance the books or overdraw a seller: the caller's transaction rolls back. */
export class LedgerError extends Error {}

/**
 * Writes one balanced ledger transaction in the caller's database transaction (the one that
 * makes the state change), so the books change exactly when the state does. Returns false when
 * the event was already posted. Rows are append-only (013_ledger's triggers refuse edits).
 */
export async function post(trx: Db, posting: Posting): Promise<boolean> {
  if (ledgerForBench.off) return false;
  if (!trx.isTransaction) throw new LedgerError('Ledger entries are written inside the transaction of the change they record');
  const legs = posting.legs.filter((l) => (l.debit ?? 0) !== 0 || (l.credit ?? 0) !== 0);
  let debits = 0;
  let credits = 0;
  for (const leg of legs) {
    const d = leg.debit ?? 0;
    const c = leg.credit ?? 0;
    if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c) || d < 0 || c < 0 || (d > 0 && c > 0)) throw new LedgerError(`Bad leg in ${posting.key}`);
    debits += d;
    credits += c;
  }
  if (debits !== credits) throw new LedgerError(`Unbalanced posting ${posting.key}: debits ${debits}, credits ${credits}`);
  if (legs.length === 0) return false;
  const at = now();
  const head = await trx
    .insertInto('ledger_transactions')
    .values({ event_key: posting.key, kind: posting.kind, order_id: posting.orderId ?? null, payout_id: posting.payoutId ?? null, memo: posting.memo, created_at: at })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!head) return false;
  await trx
    .insertInto('ledger_entries')
    .values(legs.map((l) => ({ transaction_id: head.id, account: l.account, seller_id: l.sellerId ?? null, order_id: l.orderId ?? posting.orderId ?? null, debit_minor: l.debit ?? 0, credit_minor: l.credit ?? 0, created_at: at })))
    .execute();
  // A seller's money never goes below zero: checked after the write, inside the transaction.
  for (const leg of legs) {
    if (!leg.debit || !SELLER_ACCOUNTS.includes(leg.account)) continue;
    if ((await balanceOf(trx, leg.account, leg.sellerId ?? null, leg.account === 'escrow_held' ? leg.orderId ?? posting.orderId : undefined)) < 0) {
      throw new LedgerError(`${posting.key} would take ${leg.account} of seller ${leg.sellerId} below zero`);
    }
  }
  return true;
}

/** An account's balance on its normal side (pesewas), for one seller (and order) when given. */
export async function balanceOf(db: Db, account: Account, sellerId: number | null, orderId?: number | null): Promise<number> {
  let q = db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('debit_minor'), sql<number>`0`).as('d'), eb.fn.coalesce(eb.fn.sum<number>('credit_minor'), sql<number>`0`).as('c')])
    .where('account', '=', account);
  q = sellerId === null ? q.where('seller_id', 'is', null) : q.where('seller_id', '=', sellerId);
  if (orderId !== undefined && orderId !== null) q = q.where('order_id', '=', orderId);
  const row = await q.executeTakeFirstOrThrow();
  const net = Number(row.d) - Number(row.c);
  return (DEBIT_NORMAL.includes(account) ? net : -net) + 0;
}
