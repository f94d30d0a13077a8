import type { Config } from '../../config';
import type { Db } from '../db';
import { createPaystackProvider } from './paystack';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';

export * from './types';
export { createSandboxProvider, readSandboxState, SANDBOX_DISPLAY_TEXT, type SandboxProvider } from './sandbox';

/**
 * Paystack when its secret key is configured, otherwise the labelled sandbox. The sandbox
 * keeps its prompt in the database, so it is built per request over that request's handle.
 */
export function createPaymentProvider(config: Pick<Config, 'paystack'>, db: Db): PaymentProvider {
  return config.paystack ? createPaystackProvider(config.paystack) : createSandboxProvider(db);
}
export { createTransferProvider, TRANSFER_BULK_MAX, type TransferInput, type TransferProvider, type TransferState } from './transfers';
