import type { Db } from '../db';
import { now } from '../db';
import { precompiled } from '../db/precompiled';
import type { ChargeStarted, PaymentProvider, VerifiedPayment } from './types';

/**
 * SANDBOX provider, used when no Paystack keys are configured. NO REAL MONEY MOVES.
 * It stands in for the customer's phone: the "prompt" is a state kept in the payment's
 * own row (payments.raw), answered through POST /payments/sandbox/{reference}/approve or
 * /decline, which the checkout page shows as a clearly labelled simulated prompt.
 */
export type SandboxPrompt = 'WAITING' | 'APPROVED' | 'DECLINED';

export interface SandboxState {
  simulated: true;
  prompt: SandboxPrompt;
  answeredAt: string | null;
}

export const SANDBOX_DISPLAY_TEXT = 'Simulated mobile money prompt (sandbox — no real money)';

export function readSandboxState(raw: string | null): SandboxState | undefined {
  if (!raw) return undefined;
  try {
    const state = JSON.parse(raw) as Partial<SandboxState>;
    return state.simulated === true && typeof state.prompt === 'string' ? (state as SandboxState) : undefined;
  } catch {
    return undefined;
  }
}

export interface SandboxProvider extends PaymentProvider {
  /** The simulated customer answers the prompt. Only a WAITING prompt can be answered. */
  answer(reference: string, answer: 'APPROVED' | 'DECLINED'): Promise<SandboxPrompt | undefined>;
}

// Built once per dialect: every sandbox charge and answer runs them (precompiled.ts).
const promptWaiting = precompiled((db, p: (name: 'raw' | 'at' | 'reference') => never) =>
  db.updateTable('payments').set({ raw: p('raw'), updated_at: p('at') }).where('reference', '=', p('reference')),
);
const answerPrompt = precompiled((db, p: (name: 'raw' | 'at' | 'reference' | 'waiting') => never) =>
  db.updateTable('payments').set({ raw: p('raw'), updated_at: p('at') }).where('reference', '=', p('reference')).where('provider', '=', 'sandbox').where('raw', '=', p('waiting')),
);

export function createSandboxProvider(db: Db): SandboxProvider {
  async function state(reference: string) {
    const row = await db.selectFrom('payments').select(['raw', 'amount_minor', 'currency']).where('reference', '=', reference).executeTakeFirst();
    return row ? { row, state: readSandboxState(row.raw) } : undefined;
  }

  return {
    name: 'sandbox',

    async charge(input): Promise<ChargeStarted> {
      const prompt: SandboxState = { simulated: true, prompt: 'WAITING', answeredAt: null };
      await promptWaiting(db, { raw: JSON.stringify(prompt), at: now(), reference: input.reference });
      return { status: 'PENDING', needsOtp: false, displayText: SANDBOX_DISPLAY_TEXT, providerTransactionId: `SANDBOX-${input.reference}`, raw: prompt };
    },

    async verify(reference, stored): Promise<VerifiedPayment> {
      const found = stored ? { row: stored, state: readSandboxState(stored.raw) } : await state(reference);
      const prompt = found?.state?.prompt;
      return {
        status: prompt === 'APPROVED' ? 'success' : prompt === 'DECLINED' ? 'failed' : 'pending',
        // The sandbox charges exactly what was asked, like a customer approving the prompt.
        amountMinor: found?.row.amount_minor ?? 0,
        currency: found?.row.currency ?? '',
        providerTransactionId: `SANDBOX-${reference}`,
        message: prompt === 'DECLINED' ? 'Declined on the simulated prompt' : prompt === 'APPROVED' ? 'Approved on the simulated prompt' : 'Waiting for the simulated prompt',
        raw: found?.state ?? null,
      };
    },

    // The sandbox refunds at once: no money moved, so there is none to wait for.
    async refund(input) {
      return { status: 'processed', providerRefundId: `SANDBOX-REFUND-${input.reference}`, message: 'Refunded at once (sandbox — no real money)' };
    },

    async refundStatus(providerRefundId) {
      return { status: 'processed', providerRefundId, message: 'Refunded at once (sandbox — no real money)' };
    },

    parseWebhook() {
      throw new Error('The sandbox has no webhooks');
    },

    async answer(reference, answer) {
      const next: SandboxState = { simulated: true, prompt: answer, answeredAt: now() };
      // Conditional on the prompt still waiting, so a second answer changes nothing.
      const waiting = JSON.stringify({ simulated: true, prompt: 'WAITING', answeredAt: null } satisfies SandboxState);
      const answered = await answerPrompt(db, { raw: JSON.stringify(next), at: now(), reference, waiting });
      // This call answered it, or an earlier one did: then the prompt says how.
      return Number(answered.numAffectedRows) === 1 ? answer : (await state(reference))?.state?.prompt;
    },
  };
}
