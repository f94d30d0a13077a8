import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MobileMoneyNetwork } from '../../../shared/phone';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type ChargeInput,
  type ChargeStarted,
  type PaymentProvider,
  type RefundInput,
  type RefundState,
  type VerifiedPayment,
  type WebhookEvent,
} from './types';

/** Paystack's codes for Ghana's mobile-money providers ('vod' is Telecel, formerly Vodafone). */
const PAYSTACK_NETWORK: Record<MobileMoneyNetwork, 'mtn' | 'vod' | 'atl'> = {
  MTN: 'mtn',
  VODAFONE: 'vod',
  AIRTEL_TIGO: 'atl',
};

const TIMEOUT_MS = 15_000;

interface PaystackAnswer<T> {
  status: boolean;
  message: string;
  data?: T;
}

interface PaystackRefund {
  id?: number | string;
  status?: string;
  amount?: number;
  merchant_note?: string;
}

/** The note that names a refund's part at Paystack (the whole-order one keeps the note it always had). */
const merchantNote = (input: RefundInput) => `Akuafo Market refund of ${input.reference}${input.part === 'order' ? '' : ` (${input.part})`}`;

/** Paystack's refund states: pending, processing, needs-attention, processed, failed. */
function refundState(refund: PaystackRefund | undefined, message: string): RefundState {
  const status = refund?.status === 'processed' ? 'processed' : refund?.status === 'failed' ? 'failed' : 'pending';
  return { status, providerRefundId: refund?.id === undefined ? null : String(refund.id), message };
}

interface PaystackTransaction {
  id?: number | string;
  reference?: string;
  status?: string;
  amount?: number;
  currency?: string;
  fees?: number | null;
  display_text?: string;
  gateway_response?: string;
}

/**
 * Paystack over its REST API with the secret key. A mobile-money charge sends the prompt
 * to the customer's phone; the result arrives by webhook and is always re-read with
 * GET /transaction/verify before anything is marked paid.
 */
export function createPaystackProvider(options: { secretKey: string; baseUrl: string }): PaymentProvider {
  const { secretKey, baseUrl } = options;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ httpStatus: number; answer: PaystackAnswer<T> }> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Paystack could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => undefined)) as PaystackAnswer<T> | undefined;
    if (!answer || typeof answer.status !== 'boolean') {
      throw new PaymentProviderError(`Paystack answered ${response.status} without a readable body`);
    }
    return { httpStatus: response.status, answer };
  }

  /** This part's refund, if Paystack already made it (its merchant note names the part; else the same amount). */
  async function earlierRefund(input: RefundInput): Promise<RefundState | undefined> {
    if (!input.providerTransactionId) return undefined;
    const earlier = await call<PaystackRefund[]>('GET', `/refund?transaction=${encodeURIComponent(input.providerTransactionId)}`);
    if (earlier.httpStatus >= 500) throw new PaymentProviderError(earlier.answer.message || `Paystack answered ${earlier.httpStatus}`);
    const note = merchantNote(input);
    const existing = earlier.answer.status
      ? earlier.answer.data?.find((r) => r.status !== 'failed' && r.amount === input.amountMinor && (r.merchant_note === undefined || r.merchant_note === note))
      : undefined;
    return existing ? refundState(existing, earlier.answer.message) : undefined;
  }

  /** A charge's answer: "send_otp" asks for the voucher code, "pay_offline" means the prompt is on the phone. */
  function chargeAnswer({ httpStatus, answer }: { httpStatus: number; answer: PaystackAnswer<PaystackTransaction> }): ChargeStarted {
    if (httpStatus >= 500) throw new PaymentProviderError(answer.message || `Paystack answered ${httpStatus}`);
    const data = answer.data ?? {};
    const status = !answer.status || data.status === 'failed' ? 'FAILED' : data.status === 'success' ? 'PAID' : 'PENDING';
    return {
      status,
      needsOtp: answer.status && data.status === 'send_otp',
      displayText: data.display_text || data.gateway_response || answer.message || 'Approve the prompt on your phone',
      providerTransactionId: data.id === undefined ? null : String(data.id),
      raw: answer,
    };
  }

  return {
    name: 'paystack',

    async charge(input: ChargeInput): Promise<ChargeStarted> {
      return chargeAnswer(
        await call<PaystackTransaction>('POST', '/charge', {
          email: input.email,
          amount: input.amountMinor,
          currency: input.currency,
          reference: input.reference,
          mobile_money: { phone: input.phone, provider: PAYSTACK_NETWORK[input.network] },
          metadata: { orderNumber: input.orderNumber },
        }),
      );
    },

    async submitOtp(reference: string, otp: string): Promise<ChargeStarted> {
      return chargeAnswer(await call<PaystackTransaction>('POST', '/charge/submit_otp', { otp, reference }));
    },

    async verify(reference: string): Promise<VerifiedPayment> {
      const { httpStatus, answer } = await call<PaystackTransaction>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (httpStatus >= 500) throw new PaymentProviderError(answer.message || `Paystack answered ${httpStatus}`);
      const data = answer.data ?? {};
      // A reference Paystack does not know (yet) is not a payment: keep waiting.
      const status = !answer.status ? 'pending' : data.status === 'success' ? 'success' : ['failed', 'abandoned', 'reversed'].includes(data.status ?? '') ? 'failed' : 'pending';
      return {
        status,
        amountMinor: Number(data.amount ?? 0),
        currency: String(data.currency ?? ''),
        providerTransactionId: data.id === undefined ? null : String(data.id),
        feeMinor: typeof data.fees === 'number' && Number.isSafeInteger(data.fees) && data.fees > 0 ? data.fees : undefined,
        message: data.gateway_response || answer.message,
        raw: answer,
      };
    },

    /**
     * POST /refund for the part's amount (Paystack refunds any amount up to what is left of the
     * transaction; a payment may be refunded in parts). Paystack takes no idempotency key for
     * refunds, so the merchant note names the part: a refusal may mean an earlier attempt (whose
     * answer was lost) already got through, and then only that part's refund is adopted, never
     * another part's.
     */
    async refund(input: RefundInput): Promise<RefundState> {
      // Tried before: its answer may have been lost after Paystack made it; a partial refund
      // would be accepted again (the transaction still has room), so look first.
      if (input.triedBefore) {
        const earlier = await earlierRefund(input);
        if (earlier) return earlier;
      }
      const { httpStatus, answer } = await call<PaystackRefund>('POST', '/refund', {
        transaction: input.reference,
        amount: input.amountMinor,
        currency: input.currency,
        customer_note: input.reason,
        merchant_note: merchantNote(input),
      });
      if (httpStatus >= 500) throw new PaymentProviderError(answer.message || `Paystack answered ${httpStatus}`);
      if (answer.status) return refundState(answer.data, answer.message);
      return (await earlierRefund(input)) ?? { status: 'failed', providerRefundId: null, message: answer.message || 'Paystack refused the refund' };
    },

    async refundStatus(providerRefundId: string): Promise<RefundState> {
      const { httpStatus, answer } = await call<PaystackRefund>('GET', `/refund/${encodeURIComponent(providerRefundId)}`);
      if (httpStatus >= 500 || !answer.status) throw new PaymentProviderError(answer.message || `Paystack answered ${httpStatus}`);
      return refundState(answer.data, answer.message);
    },

    parseWebhook(rawBody: string, signature: string | undefined): WebhookEvent {
      const expected = createHmac('sha512', secretKey).update(rawBody, 'utf8').digest();
      const given = Buffer.from(signature ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PaymentSignatureError('Invalid Paystack signature');
      }
      let payload: { event?: unknown; data?: { reference?: unknown } };
      try {
        payload = JSON.parse(rawBody);
      } catch {
        throw new SyntaxError('Webhook body is not JSON');
      }
      return {
        event: String(payload.event ?? ''),
        reference: typeof payload.data?.reference === 'string' ? payload.data.reference : undefined,
      };
    },
  };
}
