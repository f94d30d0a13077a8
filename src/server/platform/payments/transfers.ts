import type { Config } from '../../config';
import type { Db } from '../db';
import { PaymentProviderError } from './types';

/**
 * Transfers (payouts to sellers) through the same provider as payments: Paystack Transfers when
 * its key is set, otherwise a labelled sandbox that completes every transfer at once (no real
 * money). Never called inside a database transaction.
 */
export interface RecipientInput {
  type: 'MOBILE_MONEY' | 'BANK';
  name: string;
  accountNumber: string;
  /** MTN, VODAFONE, AIRTEL_TIGO for mobile money. */
  network: string | null;
  /** The bank's code for a bank account. */
  bankCode: string | null;
}

export interface TransferInput {
  /** Our own reference: the provider refuses a second transfer with it. */
  reference: string;
  amountMinor: number;
  currency: string;
  recipientCode: string;
  reason: string;
}

/** unknown: the provider has no transfer with this reference (it was never made). */
export interface TransferState {
  status: 'success' | 'failed' | 'reversed' | 'pending' | 'unknown';
  transferCode: string | null;
  message: string;
}

export interface TransferProvider {
  readonly name: 'paystack' | 'sandbox';
  createRecipient(input: RecipientInput): Promise<string>;
  transfer(input: TransferInput): Promise<TransferState>;
  verifyTransfer(reference: string): Promise<TransferState>;
  /**
   * Many transfers in one request (at most TRANSFER_BULK_MAX), each with its own reference;
   * answers each one's state by reference. null: refused whole before anything was made (one
   * bad item), so the caller sends them one by one. Throws when the outcome is unknown.
   */
  transferBulk?(inputs: TransferInput[]): Promise<Map<string, TransferState> | null>;
  /**
   * Many recipients in one request (at most TRANSFER_BULK_MAX), answered in the inputs' order:
   * each one's code, or the error that kept it from being made.
   */
  createRecipients?(inputs: RecipientInput[]): Promise<(string | PaymentProviderError)[]>;
}

/** Paystack's bulk transfer takes up to 100 transfers a request. */
export const TRANSFER_BULK_MAX = 100;

/** Paystack's codes for Ghana's mobile-money wallets as transfer recipients. */
const PAYSTACK_MOMO_BANK: Record<string, string> = { MTN: 'MTN', VODAFONE: 'VOD', AIRTEL_TIGO: 'ATL' };

interface Answer<T> {
  status: boolean;
  message: string;
  data?: T;
}
interface PaystackTransfer {
  status?: string;
  transfer_code?: string;
  reference?: string;
}

const stateOf = (data: PaystackTransfer | undefined, message: string): TransferState => {
  const s = data?.status ?? '';
  const status = s === 'success' ? 'success' : s === 'failed' || s === 'abandoned' || s === 'rejected' ? 'failed' : s === 'reversed' ? 'reversed' : 'pending';
  return { status, transferCode: data?.transfer_code ?? null, message };
};

const recipientBody = (input: RecipientInput) => ({
  type: input.type === 'MOBILE_MONEY' ? 'mobile_money' : 'ghipss',
  name: input.name,
  account_number: input.accountNumber,
  bank_code: input.type === 'MOBILE_MONEY' ? PAYSTACK_MOMO_BANK[input.network ?? ''] : input.bankCode,
  currency: 'GHS',
});

export function createPaystackTransfers(options: { secretKey: string; baseUrl: string }): TransferProvider {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${options.secretKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Paystack could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => undefined)) as Answer<T> | undefined;
    // No readable answer, or a server error: we cannot know what happened; ask again later.
    if (!answer || typeof answer.status !== 'boolean' || response.status >= 500) throw new PaymentProviderError(answer?.message || `Paystack answered ${response.status}`);
    return { httpStatus: response.status, answer };
  }

  return {
    name: 'paystack',
    async createRecipient(input) {
      const { answer } = await call<{ recipient_code?: string }>('POST', '/transferrecipient', recipientBody(input));
      if (!answer.status || !answer.data?.recipient_code) throw new PaymentProviderError(`Paystack refused the payout account: ${answer.message}`);
      return answer.data.recipient_code;
    },
    async createRecipients(inputs) {
      const bodies = inputs.map(recipientBody);
      const { answer } = await call<{ success?: { recipient_code?: string; details?: { account_number?: string; bank_code?: string } }[] }>('POST', '/transferrecipient/bulk', { batch: bodies });
      if (!answer.status) return inputs.map(() => new PaymentProviderError(`Paystack refused the payout accounts: ${answer.message}`));
      // The answer names each recipient by its account; an account twice in one batch is one recipient.
      const made = new Map((answer.data?.success ?? []).map((r) => [`${r.details?.bank_code}|${r.details?.account_number}`, r.recipient_code]));
      return bodies.map((b) => made.get(`${b.bank_code}|${b.account_number}`) ?? new PaymentProviderError('Paystack did not make a recipient for this payout account'));
    },
    async transfer(input) {
      const { answer } = await call<PaystackTransfer>('POST', '/transfer', {
        source: 'balance',
        amount: input.amountMinor,
        currency: input.currency,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
      });
      if (answer.status) return stateOf(answer.data, answer.message);
      // Refused: perhaps because an earlier attempt with this reference got through (its answer lost).
      const earlier = await this.verifyTransfer(input.reference);
      return earlier.status === 'unknown' ? { status: 'failed', transferCode: null, message: answer.message || 'Paystack refused the transfer' } : earlier;
    },
    async transferBulk(inputs) {
      if (inputs.length > TRANSFER_BULK_MAX) throw new Error(`At most ${TRANSFER_BULK_MAX} transfers in one bulk request`);
      const { answer } = await call<PaystackTransfer[]>('POST', '/transfer/bulk', {
        currency: inputs[0]?.currency ?? 'GHS',
        source: 'balance',
        transfers: inputs.map((input) => ({ amount: input.amountMinor, reference: input.reference, reason: input.reason, recipient: input.recipientCode })),
      });
      if (!answer.status) return null;
      const byReference = new Map((answer.data ?? []).map((t) => [t.reference, t]));
      // A transfer missing from the answer is asked about again later (verify), never re-sent blind.
      return new Map(inputs.map((input) => [input.reference, byReference.has(input.reference) ? stateOf(byReference.get(input.reference), answer.message) : { status: 'pending', transferCode: null, message: 'Not in the bulk answer; will verify' }]));
    },
    async verifyTransfer(reference) {
      const { answer } = await call<PaystackTransfer>('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      if (!answer.status) return { status: 'unknown', transferCode: null, message: answer.message };
      return stateOf(answer.data, answer.message);
    },
  };
}

/** SANDBOX: no keys, no real money. Every transfer succeeds at once; a payout row is its own record. */
export function createSandboxTransfers(db: Db): TransferProvider {
  return {
    name: 'sandbox',
    async createRecipient(input) {
      return `SANDBOX-RCP-${input.type}-${input.accountNumber.slice(-4)}`;
    },
    async transfer(input) {
      // The sandbox's own record that the transfer was made, so verify can tell.
      await db.updateTable('payouts').set({ transfer_code: `SANDBOX-TRF-${input.reference}` }).where('reference', '=', input.reference).execute();
      return { status: 'success', transferCode: `SANDBOX-TRF-${input.reference}`, message: 'Sent at once (sandbox — no real money)' };
    },
    async transferBulk(inputs) {
      const states = new Map<string, TransferState>();
      for (const input of inputs) states.set(input.reference, await this.transfer(input));
      return states;
    },
    async verifyTransfer(reference) {
      const row = await db.selectFrom('payouts').select('transfer_code').where('reference', '=', reference).executeTakeFirst();
      return row?.transfer_code ? { status: 'success', transferCode: `SANDBOX-TRF-${reference}`, message: 'Sent (sandbox — no real money)' } : { status: 'unknown', transferCode: null, message: 'No such transfer' };
    },
  };
}

export function createTransferProvider(config: Pick<Config, 'paystack'>, db: Db): TransferProvider {
  return config.paystack ? createPaystackTransfers(config.paystack) : createSandboxTransfers(db);
}
