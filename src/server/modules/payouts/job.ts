import { sql } from 'kysely';
import type { Deps } from '../../http/context';
import { now } from '../../platform/db';
import { createTransferProvider, PaymentProviderError, type TransferProvider, type TransferState } from '../../platform/payments';
import { inTransaction } from '../../platform/db/transactions';
import { repeatEvery } from '../../platform/jobs';
import { cancelUncollected } from '../orders/uncollected';
import { readPayoutAccount } from './account';
import { createPayout, sellersAboveMinimum, type DueResult } from './due';
import { applyTransferState } from './outcome';

export type PayoutDeps = Pick<Deps, 'config' | 'db' | 'dialect' | 'logger'> & { transfers?: TransferProvider };

/** A claimed payout is left alone by every other job instance for this long. */
const LEASE_MS = 2 * 60_000;
const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();
/** 5 s, 10 s, 20 s ... up to an hour between attempts after an outage. */
const backoff = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

export interface PayoutRun {
  /** Orders cancelled because nobody collected them in time. */
  uncollectedCancelled: number;
  created: number;
  held: number;
  noAccount: number;
  sent: number;
  failed: number;
  pending: number;
  errors: number;
}

const providerOf = (deps: PayoutDeps) => deps.transfers ?? createTransferProvider(deps.config, deps.db);

/** Claims the next due payout (FOR UPDATE SKIP LOCKED on PostgreSQL, plus a lease), as the refund job does. */
async function claimNext(deps: PayoutDeps, at: Date) {
  const moment = at.toISOString();
  return inTransaction(deps.db, async (trx) => {
    let due = trx
      .selectFrom('payouts')
      .selectAll()
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', moment)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', moment)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1);
    if (deps.dialect === 'postgres') due = due.forUpdate().skipLocked();
    const row = await due.executeTakeFirst();
    if (!row) return undefined;
    const claimed = await trx
      .updateTable('payouts')
      .set({ claimed_until: later(at, LEASE_MS), attempts: sql`attempts + 1` })
      .where('id', '=', row.id)
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', moment)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? { ...row, attempts: row.attempts + 1 } : null;
  });
}
type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

/**
 * One attempt at one payout, outside any transaction. A payout tried before (its answer may have
 * been lost in a crash) is first looked up by its reference and adopted if the provider has it.
 */
async function attempt(deps: PayoutDeps, provider: TransferProvider, row: Claimed, at: Date): Promise<TransferState['status'] | 'error'> {
  try {
    if (row.attempts > 1 || row.transfer_code) {
      const earlier = await provider.verifyTransfer(row.reference);
      if (earlier.status !== 'unknown') return applied(deps, row.id, earlier, at);
    }
    const account = await readPayoutAccount(deps.db, row.seller_id);
    if (!account || account.key !== row.account_key) {
      return applied(deps, row.id, { status: 'failed', transferCode: null, message: 'The payout account changed after this payout was prepared' }, at);
    }
    let recipient = account.recipientCode;
    if (!recipient || account.recipientFor !== account.key) {
      // A recipient belongs to one account: a changed account gets a new one.
      recipient = await provider.createRecipient({ type: account.type, name: account.name, accountNumber: account.number, network: account.network, bankCode: account.bankCode });
      await deps.db.updateTable('seller_profiles').set({ payout_recipient_code: recipient, payout_recipient_for: account.key }).where('user_id', '=', row.seller_id).execute();
    }
    const state = await provider.transfer({ reference: row.reference, amountMinor: row.amount_minor, currency: row.currency, recipientCode: recipient, reason: 'Akuafo Market sales' });
    return applied(deps, row.id, state, at);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof PaymentProviderError)) deps.logger.error({ payout: row.id, err: error }, 'payout attempt failed');
    else deps.logger.warn({ payout: row.id, err: message }, 'payout attempt failed; will ask again');
    await deps.db.updateTable('payouts').set({ last_error: message, claimed_until: null, next_attempt_at: later(at, backoff(row.attempts)), updated_at: now() }).where('id', '=', row.id).where('status', '=', 'PENDING').execute();
    return 'error';
  }
}

async function applied(deps: PayoutDeps, id: number, state: TransferState, at: Date): Promise<TransferState['status']> {
  const status = await applyTransferState(deps.db, id, state, at);
  return status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'failed' : status === 'REVERSED' ? 'reversed' : 'pending';
}

/** Payouts one instance sends at once: the provider's answers overlap, each row is still claimed once. */
const LANES = 8;

/** Sends every payout due now (each claimed by one lane of one instance); safe on every instance of a fleet at once. */
export async function sendDuePayouts(deps: PayoutDeps, at: Date, run: PayoutRun): Promise<void> {
  const provider = providerOf(deps);
  const lane = async () => {
    for (let row = await claimNext(deps, at); row !== undefined; row = await claimNext(deps, at)) {
      if (!row) continue;
      const outcome = await attempt(deps, provider, row, at);
      if (outcome === 'success') run.sent += 1;
      else if (outcome === 'failed' || outcome === 'reversed') run.failed += 1;
      else if (outcome === 'error') run.errors += 1;
      else run.pending += 1;
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

/** The payout job's run: uncollected orders, new payouts for every seller above the minimum, then sending. */
export async function runPayouts(deps: PayoutDeps, at: Date = new Date()): Promise<PayoutRun> {
  const run: PayoutRun = { uncollectedCancelled: 0, created: 0, held: 0, noAccount: 0, sent: 0, failed: 0, pending: 0, errors: 0 };
  run.uncollectedCancelled = (await cancelUncollected(deps.db, deps.config.uncollectedAfterDays, at)).length;
  const provider = providerOf(deps).name;
  for (const sellerId of await sellersAboveMinimum(deps.db, deps.config.payoutMinimumMinor)) {
    const result: DueResult = await createPayout(deps.db, deps.dialect, sellerId, { minimumMinor: deps.config.payoutMinimumMinor, provider, at }).catch((error) => {
      // Another instance made this seller's payout at the same moment (payouts_one_open).
      deps.logger.debug({ sellerId, err: error }, 'payout not created');
      return 'open' as const;
    });
    if (result === 'created') run.created += 1;
    else if (result === 'held') run.held += 1;
    else if (result === 'no_account') run.noAccount += 1;
  }
  await sendDuePayouts(deps, at, run);
  return run;
}

/** The payout job: every `everyMs` (an hour by default) while the server is up; stop() waits for a run. */
export function startPayoutJob(deps: PayoutDeps, everyMs = 3600_000): { stop(): Promise<void> } {
  return repeatEvery('payout job', everyMs, () => runPayouts(deps), deps.logger);
}
