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
  message: string;
  raw: unknown;
}

export interface WebhookEvent {
  event: string;
  reference: string | undefined;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  charge(input: ChargeInput): Promise<ChargeStarted>;
  verify(reference: string): Promise<VerifiedPayment>;
  /** Sends the code the customer typed, for providers whose charge answered needsOtp. */
  submitOtp?(reference: string, otp: string): Promise<ChargeStarted>;
  /** Throws PaymentSignatureError unless the body carries the provider's valid signature. */
  parseWebhook(rawBody: string, signature: string | undefined): WebhookEvent;
}

export class PaymentSignatureError extends Error {}

/** The provider could not be reached or refused the request outright. */
export class PaymentProviderError extends Error {}
