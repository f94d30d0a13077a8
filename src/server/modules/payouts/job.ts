import type { PayoutRun } from '../../../shared/schemas/money';
import type { Deps } from '../../http/context';
import { now } from '../../platform/db';
import { claimDue } from '../../platform/db/claims';
import { createTransferProvider, PaymentProviderError, TRANSFER_BULK_MAX, type TransferInput, type TransferProvider, type TransferState } from '../../platform/payments';
import { inTransaction, isUniqueViolation } from '../../platform/db/transactions';
import { inLanes, repeatEvery } from '../../platform/jobs';
import { cancelUncollected } from '../orders';
import { readPayoutAccounts, type PayoutAccount } from './account';
import { createPayout, createPayouts, PREPARE_BATCH, sellersAboveMinimum, type DueResult, type PayoutOptions } from './due';
import { applyTransferStates, type PayoutStatus } from './outcome';

export type PayoutDeps = Pick<Deps, 'config' | 'db' | 'dialect' | 'logger'> & { transfers?: TransferProvider };

/** A claimed batch is left alone by every other job instance for this long. */
const LEASE_MS = 2 * 60_000;
const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();
/** 5 s, 10 s, 20 s ... up to an hour between attempts after an outage. */
const backoff = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
/** Batches one instance sends at once: the provider's answers overlap, each row is still claimed once. */
const BATCH_LANES = 4;
/** Single calls (recipients, verifies, transfers after a refused bulk) in flight at once per batch. */
const CALL_LANES = 8;

export type { PayoutRun };

export const emptyPayoutRun = (): PayoutRun => ({ uncollectedCancelled: 0, created: 0, held: 0, noAccount: 0, sent: 0, failed: 0, pending: 0, errors: 0, notPrepared: 0 });

const providerOf = (deps: PayoutDeps) => deps.transfers ?? createTransferProvider(deps.config, deps.db);

/** Claims the next batch of due payouts (claimDue, as the refund job does); null: raced, try again. */
async function claimBatch(deps: PayoutDeps, at: Date) {
  const claim = await claimDue(deps.db, deps.dialect, 'payouts', { statuses: ['PENDING'], at, leaseMs: LEASE_MS, limit: TRANSFER_BULK_MAX });
  if (claim.rows.length === 0) return claim.raced ? null : undefined;
  const attempts = new Map(claim.rows.map((r) => [r.id, r.attempts]));
  const rows = await deps.db.selectFrom('payouts').selectAll().where('id', 'in', [...attempts.keys()]).orderBy('id').execute();
  return rows.map((row) => ({ ...row, attempts: attempts.get(row.id)! }));
}
type Claimed = NonNullable<Awaited<ReturnType<typeof claimBatch>>>[number];

/**
 * One attempt at a batch of payouts. Provider calls run outside any transaction: first a
 * verify for each payout tried before (its answer may have been lost in a crash; adopted if the
 * provider has it), then recipients for new accounts, then one bulk transfer for the rest.
 * Every answer is then written in one transaction (status, ledger, messages).
 */
async function attemptBatch(deps: PayoutDeps, provider: TransferProvider, rows: Claimed[], at: Date, run: PayoutRun): Promise<void> {
  const answers: { payoutId: number; state: TransferState }[] = [];
  const errors = new Map<number, unknown>();
  const guarded = (row: Claimed, call: () => Promise<void>) => call().catch((error: unknown) => void errors.set(row.id, error));

  const toSend: Claimed[] = rows.filter((row) => row.attempts <= 1 && !row.transfer_code);
  await inLanes(rows.filter((row) => !toSend.includes(row)), CALL_LANES, (row) =>
    guarded(row, async () => {
      const earlier = await provider.verifyTransfer(row.reference);
      if (earlier.status !== 'unknown') answers.push({ payoutId: row.id, state: earlier });
      else toSend.push(row);
    }),
  );

  const accounts = await readPayoutAccounts(deps.db, [...new Set(toSend.map((r) => r.seller_id))]);
  const ready: Claimed[] = [];
  for (const row of toSend) {
    const account = accounts.get(row.seller_id);
    if (!account || account.key !== row.account_key) answers.push({ payoutId: row.id, state: { status: 'failed', transferCode: null, message: 'The payout account changed after this payout was prepared' } });
    else ready.push(row);
  }
  // A recipient belongs to one account: a changed account gets a new one.
  const recipients = new Map<number, string>();
  const needed: number[] = [];
  for (const sellerId of new Set(ready.map((r) => r.seller_id))) {
    const account = accounts.get(sellerId)!;
    if (account.recipientCode && account.recipientFor === account.key) recipients.set(sellerId, account.recipientCode);
    else needed.push(sellerId);
  }
  const made = await makeRecipients(provider, needed.map((sellerId) => accounts.get(sellerId)!));
  const madeNow: { sellerId: number; code: string; key: string; payee: PayoutAccount['payee'] }[] = [];
  needed.forEach((sellerId, i) => {
    const code = made[i];
    if (typeof code === 'string') {
      recipients.set(sellerId, code);
      const account = accounts.get(sellerId)!;
      madeNow.push({ sellerId, code, key: account.key, payee: account.payee });
    } else for (const row of ready) if (row.seller_id === sellerId) errors.set(row.id, code);
  });
  if (madeNow.length) {
    // Kept where the account is read from: a seller's profile, or a transporter's (037).
    await inTransaction(deps.db, async (trx) => {
      for (const r of madeNow) {
        const set = { payout_recipient_code: r.code, payout_recipient_for: r.key };
        if (r.payee === 'TRANSPORTER') await trx.updateTable('transporter_profiles').set(set).where('user_id', '=', r.sellerId).execute();
        else await trx.updateTable('seller_profiles').set(set).where('user_id', '=', r.sellerId).execute();
      }
    });
  }

  const sending = ready.filter((row) => recipients.has(row.seller_id));
  const inputOf = (row: Claimed): TransferInput => ({ reference: row.reference, amountMinor: row.amount_minor, currency: row.currency, recipientCode: recipients.get(row.seller_id)!, reason: accounts.get(row.seller_id)!.payee === 'TRANSPORTER' ? 'Akuafo Market transport' : 'Akuafo Market sales' });
  let bulk: Map<string, TransferState> | null = null;
  if (sending.length > 0 && provider.transferBulk) {
    try {
      bulk = await provider.transferBulk(sending.map(inputOf));
    } catch (error) {
      // The outcome is unknown: every payout in it is verified on its next attempt, never re-sent blind.
      for (const row of sending) errors.set(row.id, error);
    }
  }
  if (bulk) for (const row of sending) answers.push({ payoutId: row.id, state: bulk.get(row.reference)! });
  else {
    // No bulk, or the bulk was refused whole before anything was made: one by one.
    await inLanes(sending.filter((row) => !errors.has(row.id)), CALL_LANES, (row) =>
      guarded(row, async () => void answers.push({ payoutId: row.id, state: await provider.transfer(inputOf(row)) })),
    );
  }

  if (answers.length) {
    try {
      count(run, await applyTransferStates(deps.db, answers, at));
    } catch {
      // One payout the books refuse must not hold up the batch: one by one, each failure on its own row.
      for (const answer of answers) {
        try {
          count(run, await applyTransferStates(deps.db, [answer], at));
        } catch (error) {
          errors.set(answer.payoutId, error);
        }
      }
    }
  }
  if (errors.size) await recordErrors(deps, rows, errors, at, run);
}

/** Recipients for these accounts: one bulk request when the provider has it, else one call each. */
async function makeRecipients(provider: TransferProvider, accounts: PayoutAccount[]): Promise<(string | unknown)[]> {
  const inputs = accounts.map((a) => ({ type: a.type, name: a.name, accountNumber: a.number, network: a.network, bankCode: a.bankCode }));
  if (inputs.length === 0) return [];
  if (provider.createRecipients) {
    try {
      return await provider.createRecipients(inputs);
    } catch (error) {
      return inputs.map(() => error);
    }
  }
  const made: unknown[] = [];
  await inLanes([...inputs.keys()], CALL_LANES, async (i) => {
    made[i] = await provider.createRecipient(inputs[i]).catch((error: unknown) => error);
  });
  return made;
}

function count(run: PayoutRun, statuses: Map<number, PayoutStatus>) {
  for (const status of statuses.values()) {
    if (status === 'SUCCESS') run.sent += 1;
    else if (status === 'FAILED' || status === 'REVERSED') run.failed += 1;
    else run.pending += 1;
  }
}

/** Payouts whose attempt failed before an answer: the lease goes, and they are tried again after a backoff. */
async function recordErrors(deps: PayoutDeps, rows: Claimed[], errors: Map<number, unknown>, at: Date, run: PayoutRun) {
  await inTransaction(deps.db, async (trx) => {
    for (const row of rows) {
      const error = errors.get(row.id);
      if (error === undefined) continue;
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof PaymentProviderError)) deps.logger.error({ payout: row.id, err: error }, 'payout attempt failed');
      else deps.logger.warn({ payout: row.id, err: message }, 'payout attempt failed; will ask again');
      await trx.updateTable('payouts').set({ last_error: message, claimed_until: null, next_attempt_at: later(at, backoff(row.attempts)), updated_at: now() }).where('id', '=', row.id).where('status', '=', 'PENDING').execute();
      run.errors += 1;
    }
  });
}

/** Sends every payout due now, a batch at a time (each claimed by one lane of one instance); safe on every instance of a fleet at once. */
export async function sendDuePayouts(deps: PayoutDeps, at: Date, run: PayoutRun): Promise<void> {
  const provider = providerOf(deps);
  const lane = async () => {
    for (let rows = await claimBatch(deps, at); rows !== undefined; rows = await claimBatch(deps, at)) {
      if (rows) await attemptBatch(deps, provider, rows, at, run);
    }
  };
  await Promise.all(Array.from({ length: BATCH_LANES }, lane));
}

/** The payout job's run: uncollected orders, new payouts for every seller above the minimum (a batch per transaction), then sending. */
export async function runPayouts(deps: PayoutDeps, at: Date = new Date()): Promise<PayoutRun> {
  const run = emptyPayoutRun();
  run.uncollectedCancelled = (await cancelUncollected(deps.db, deps.config.uncollectedAfterDays, at)).length;
  const options = { minimumMinor: deps.config.payoutMinimumMinor, provider: providerOf(deps).name, at };
  const sellers = await sellersAboveMinimum(deps.db, deps.config.payoutMinimumMinor);
  for (let start = 0; start < sellers.length; start += PREPARE_BATCH) {
    const batch = sellers.slice(start, start + PREPARE_BATCH);
    const results = await createPayouts(deps.db, deps.dialect, batch, options).catch((error: unknown) => {
      // Another instance made one of these payouts at the same moment (payouts_one_open) is
      // expected; anything else is the database failing, said so. Either way one by one, so
      // the rest still go.
      if (isUniqueViolation(error)) deps.logger.debug({ err: error }, 'payout batch raced another instance; one seller at a time');
      else deps.logger.warn({ err: error, sellers: batch.length }, 'payout batch not created; trying one seller at a time');
      return prepareOneByOne(deps, batch, options, run);
    });
    for (const result of results.values()) {
      if (result === 'created') run.created += 1;
      else if (result === 'held') run.held += 1;
      else if (result === 'no_account') run.noAccount += 1;
    }
  }
  await sendDuePayouts(deps, at, run);
  return run;
}

/** A batch's sellers one at a time: only another instance's payout (a unique violation) is "open"; a real failure is logged and counted. */
async function prepareOneByOne(deps: PayoutDeps, sellerIds: number[], options: PayoutOptions, run: PayoutRun): Promise<Map<number, DueResult>> {
  const results = new Map<number, DueResult>();
  for (const sellerId of sellerIds) {
    try {
      results.set(sellerId, await createPayout(deps.db, deps.dialect, sellerId, options));
    } catch (error) {
      if (isUniqueViolation(error)) {
        results.set(sellerId, 'open');
        continue;
      }
      deps.logger.error({ err: error, seller: sellerId }, 'payout not prepared; the seller is tried again next run');
      run.notPrepared += 1;
    }
  }
  return results;
}

/** The payout job: every `everyMs` (an hour by default) while the server is up; stop() waits for a run. */
export function startPayoutJob(deps: PayoutDeps, everyMs = 3600_000): { stop(): Promise<void> } {
  return repeatEvery('payout job', everyMs, () => runPayouts(deps), deps.logger);
}
