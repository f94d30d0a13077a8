import type { MobileMoneyNetwork } from '../../../shared/phone';
import type { PaymentProviderName } from '../../../shared/schemas/checkout';

/**
 * One interface for every payment provider (DESIGN.md "Payments"): start a mobile-money
 * charge, verify a payment by its reference, and read a signed webhook. The checkout and
 * payments modules only ever talk to this interface.
 */
export interface ChargeInput {
  reference: string;
  amountMinor: number;
  currency: string;
  email: string;
  /** 0XXXXXXXXX */
  phone: string;
  network: MobileMoneyNetwork;
  orderNumber: string;
}

export interface ChargeStarted {
  /** PENDING: the customer has a prompt to answer; the provider may also settle at once. */
  status: 'PENDING' | 'PAID' | 'FAILED';
  /** Telecel (Vodafone) Cash: the customer must type a voucher code before the charge goes on. */
  needsOtp: boolean;
  displayText: string;
  providerTransactionId: string | null;
  raw: unknown;
}

/** What the provider says happened to a payment; the server decides what it means. */
export interface VerifiedPayment {
  status: 'success' | 'failed' | 'pending';
  amountMinor: number;
  currency: string;
  providerTransactionId: string | null;
  /** The provider's fee on a successful payment, in pesewas, when it reports one. */
  feeMinor?: number;
  message: string;
  raw: unknown;
}

export interface RefundInput {
  /** Our reference of the payment being refunded. */
  reference: string;
  /** The provider's id of that payment, when it gave one. */
  providerTransactionId: string | null;
  amountMinor: number;
  currency: string;
  /** Shown to the customer by providers that pass it on. */
  reason: string;
  /** Which part of the payment (refunds.part_key): a payment may be refunded in parts, each once. */
  part: string;
  /** Sent before without a known outcome: the provider is asked first whether it made it. */
  triedBefore: boolean;
}

/** What the provider says about a refund: accepted and paying out, paid out, or refused/given up. */
export interface RefundState {
  status: 'pending' | 'processed' | 'failed';
  providerRefundId: string | null;
  message: string;
}

export interface WebhookEvent {
  event: string;
  reference: string | undefined;
}

/** The parts of a payments row a provider may read. */
export interface StoredPayment {
  raw: string | null;
  amount_minor: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  charge(input: ChargeInput): Promise<ChargeStarted>;
  /**
   * What happened to the payment. `stored` is its row as the caller has just read it: a
   * provider that keeps its answer there (the sandbox) need not read it again; a real one asks.
   */
  verify(reference: string, stored?: StoredPayment): Promise<VerifiedPayment>;
  /** Sends the code the customer typed, for providers whose charge answered needsOtp. */
  submitOtp?(reference: string, otp: string): Promise<ChargeStarted>;
  /** Asks the provider to send a successful payment's money back (PaymentProviderError when unreachable). */
  refund(input: RefundInput): Promise<RefundState>;
  /** Where an accepted refund has got to. */
  refundStatus(providerRefundId: string): Promise<RefundState>;
  /** Throws PaymentSignatureError unless the body carries the provider's valid signature. */
  parseWebhook(rawBody: string, signature: string | undefined): WebhookEvent;
}

export class PaymentSignatureError extends Error {}

/** The provider could not be reached or refused the request outright. */
export class PaymentProviderError extends Error {}
