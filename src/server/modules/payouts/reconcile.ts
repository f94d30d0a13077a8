import { fromMinor } from '../../../shared/money';
import type { ReconciliationRow } from '../../../shared/schemas/money';
import type { Db } from '../../platform/db';
import type { TransferProvider } from '../../platform/payments';

/** The ledger postings each payout status must have, and must not have. */
const EXPECTED: Record<string, { needs: string[]; forbids: string[] }> = {
  PENDING: { needs: ['payout.claim'], forbids: ['payout.sent', 'payout.failed', 'payout.reversed'] },
  SUCCESS: { needs: ['payout.claim', 'payout.sent'], forbids: ['payout.failed', 'payout.reversed'] },
  FAILED: { needs: ['payout.claim', 'payout.failed'], forbids: ['payout.sent'] },
  REVERSED: { needs: ['payout.claim'], forbids: [] },
};
/** What the provider must say for each of our statuses (PENDING: anything not final yet). */
const PROVIDER_AGREES: Record<string, string[]> = { PENDING: ['pending', 'unknown'], SUCCESS: ['success'], FAILED: ['failed', 'unknown'], REVERSED: ['reversed', 'failed'] };

/**
 * Our books against the provider's transfers: every payout of the last `limit`, asked about by
 * reference (outside any transaction), and its ledger postings checked against its status.
 * Answers only the mismatches.
 */
export async function reconcilePayouts(db: Db, provider: TransferProvider, limit = 200): Promise<{ checked: number; mismatches: ReconciliationRow[] }> {
  const payouts = await db.selectFrom('payouts').selectAll().orderBy('id', 'desc').limit(limit).execute();
  const postings = payouts.length
    ? await db.selectFrom('ledger_transactions').select(['payout_id', 'kind']).where('payout_id', 'in', payouts.map((p) => p.id)).execute()
    : [];
  const mismatches: ReconciliationRow[] = [];
  for (const p of payouts) {
    const kinds = postings.filter((t) => t.payout_id === p.id).map((t) => t.kind);
    let said: string;
    try {
      said = p.provider === provider.name ? (await provider.verifyTransfer(p.reference)).status : `not asked (made with ${p.provider})`;
    } catch (error) {
      said = `could not be asked: ${(error as Error).message}`;
    }
    const row = { payoutId: p.id, reference: p.reference, sellerId: p.seller_id, amount: fromMinor(p.amount_minor), ours: p.status, provider: said };
    const rule = EXPECTED[p.status];
    const missing = rule.needs.filter((k) => !kinds.includes(k));
    const extra = rule.forbids.filter((k) => kinds.includes(k));
    if (missing.length || extra.length) mismatches.push({ ...row, problem: `The ledger ${[missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `has ${extra.join(', ')}` : ''].filter(Boolean).join(' and ')} for a ${p.status} payout` });
    if (p.provider === provider.name && !said.startsWith('could not') && !PROVIDER_AGREES[p.status].includes(said)) {
      mismatches.push({ ...row, problem: `We say ${p.status}, the provider says ${said}` });
    } else if (said.startsWith('could not')) {
      mismatches.push({ ...row, problem: 'The provider could not be asked about this payout' });
    }
  }
  return { checked: payouts.length, mismatches };
}
