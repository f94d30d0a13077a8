import { sql } from 'kysely';
import { fromMinor } from '../../../shared/money';
import type { AdminPayout, DuePayout, PayoutRun, PayoutStatus } from '../../../shared/schemas/money';
import type { Deps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { createTransferProvider } from '../../platform/payments';
import { recordAudit } from '../audit';
import { ACCOUNTS } from '../ledger';
import { isHeld, readPayoutAccounts } from './account';
import { createPayout } from './due';
import { payoutOf } from './earnings';
import { emptyPayoutRun, runPayouts, sendDuePayouts } from './job';

/** The operator's payouts desk (ADMIN): the latest payouts, optionally of one status. */
export async function listPayouts(db: Db, status: PayoutStatus | undefined): Promise<AdminPayout[]> {
  // A transporter (issue 40) has no business: the desk names them.
  let q = db
    .selectFrom('payouts')
    .innerJoin('users as u', 'u.id', 'payouts.seller_id')
    .leftJoin('seller_profiles as s', 's.user_id', 'payouts.seller_id')
    .selectAll('payouts')
    .select(['s.business_name', 'u.first_name', 'u.last_name'])
    .orderBy('payouts.id', 'desc')
    .limit(200);
  if (status) q = q.where('payouts.status', '=', status);
  const rows = await q.execute();
  return rows.map(({ business_name, first_name, last_name, ...r }) => ({ ...payoutOf(r), sellerId: r.seller_id, businessName: business_name ?? `${first_name} ${last_name}`.trim() }));
}

/**
 * Sellers and transporters the next run would pay (or holds back, and why): every payee with
 * money available, their payout account read as the run reads it (readPayoutAccounts), named
 * by their business, else (a transporter) by their name.
 */
export async function duePayouts(db: Db, payoutMinimumMinor: number): Promise<DuePayout[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .select(['e.seller_id', sql<number>`sum(e.credit_minor) - sum(e.debit_minor)`.as('available')])
    .where('e.account', '=', ACCOUNTS.available)
    .where('e.seller_id', 'is not', null)
    .groupBy('e.seller_id')
    .having(sql<number>`sum(e.credit_minor) - sum(e.debit_minor)`, '>', 0)
    .orderBy('e.seller_id')
    .limit(500)
    .execute();
  const ids = rows.map((r) => r.seller_id!);
  if (ids.length === 0) return [];
  const accounts = await readPayoutAccounts(db, ids);
  const names = new Map(
    (await db.selectFrom('users').leftJoin('seller_profiles as s', 's.user_id', 'users.id').select(['users.id', 'users.first_name', 'users.last_name', 's.business_name']).where('users.id', 'in', ids).execute()).map((u) => [u.id, u.business_name ?? `${u.first_name} ${u.last_name}`.trim()]),
  );
  const at = new Date();
  return rows.map((r) => {
    const account = accounts.get(r.seller_id!);
    const available = Number(r.available);
    const waiting = !account
      ? 'No payout account'
      : isHeld(account, at)
        ? 'Payout account changed in the last 24 hours'
        : available < payoutMinimumMinor
          ? 'Below the payout minimum'
          : null;
    return { sellerId: r.seller_id!, businessName: names.get(r.seller_id!) ?? '', available: fromMinor(available), account: account?.label ?? null, waiting };
  });
}

/** Runs the payout job now, records it in the audit log, and answers what it did. */
export async function runPayoutsNow(deps: Deps, operator: AuthUser): Promise<PayoutRun> {
  const run = await runPayouts(deps);
  await inTransaction(deps.db, (trx) => recordAudit(trx, operator, 'payout.run', { type: 'payouts', id: 0 }, JSON.stringify(run)));
  return run;
}

const RETRY_REFUSED: Record<string, string> = {
  held: 'The seller changed their payout account in the last 24 hours: payouts wait until the hold ends.',
  no_account: 'The seller has no complete payout account.',
  below_minimum: 'The seller has nothing available to pay out now.',
  open: 'A payout to this seller is already on its way.',
  failed_before: 'The seller has a failed payout to this account.',
};

/**
 * The operator tries a failed or reversed payout again: a new payout (new reference) of what the
 * seller has available now, sent at once. A payout still on its way is asked about again.
 */
export async function retryPayout(deps: Deps, operator: AuthUser, id: number): Promise<PayoutRun> {
  const payout = await deps.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!payout) throw notFound('Payout not found');
  if (payout.status === 'SUCCESS') throw conflict('This payout was sent; there is nothing to try again.');
  const at = new Date();
  if (payout.status === 'PENDING') {
    await deps.db.updateTable('payouts').set({ next_attempt_at: at.toISOString(), claimed_until: null }).where('id', '=', id).where('status', '=', 'PENDING').execute();
  } else {
    const provider = createTransferProvider(deps.config, deps.db).name;
    const result = await createPayout(deps.db, deps.dialect, payout.seller_id, { minimumMinor: 1, provider, at, operator: true });
    if (result !== 'created') throw conflict(RETRY_REFUSED[result]);
  }
  await inTransaction(deps.db, (trx) => recordAudit(trx, operator, 'payout.retry', { type: 'payout', id }, `${payout.status} payout ${payout.reference} tried again`));
  const run = emptyPayoutRun();
  await sendDuePayouts(deps, at, run);
  return run;
}
