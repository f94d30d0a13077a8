import { useState } from 'react';
import { formatDateTime } from '../../../shared/dates';
import { formatCedis } from '../../../shared/money';
import type { Refusal, RefusalDecision } from '../../../shared/schemas/refusals';
import { useRemote } from '../../hooks/useRemote';
import { useT } from '../../i18n/language';
import { api } from '../../lib/api';
import { RemoteList, useDecision } from './ui';

/** The operator's promise to buyer and seller: a refused line is decided within 48 hours (docs/money.md). */
const OVERDUE_MS = 48 * 3600_000;

type Choice = { outcome: 'REFUND'; chargedTo: 'SELLER' | 'TRANSPORTER' } | { outcome: 'RELEASE' };

/**
 * 'Refusals at pickup': lines buyers refused at the counter, oldest first, each decided once:
 * a refund charged to the seller (or, for goods that came on a consignment, the transporter), or
 * a release to the seller. Money moves only after the operator confirms what it will do.
 */
export function RefusalsDesk() {
  const t = useT();
  const remote = useRemote(async () => ({ value: (await api.call('GET /admin/refusals')).data }), []);
  const decision = useDecision(remote.reload);
  const [asked, setAsked] = useState<{ id: number; choice: Choice }>();
  const confirmText = (r: Refusal, choice: Choice) => {
    const amount = formatCedis(r.amount);
    if (choice.outcome === 'RELEASE') return t('refusals.confirmRelease', { amount });
    return t(choice.chargedTo === 'SELLER' ? 'refusals.confirmRefundSeller' : 'refusals.confirmRefundTransporter', { amount });
  };
  const send = (r: Refusal, choice: Choice) => {
    setAsked(undefined);
    const body: RefusalDecision = choice.outcome === 'RELEASE' ? { outcome: 'RELEASE' } : { outcome: 'REFUND', chargedTo: choice.chargedTo };
    void decision.run(r.id, () => api.call('POST /admin/refusals/:id/decision', { params: { id: r.id }, body }), confirmText(r, choice));
  };
  return (
    <RemoteList remote={remote} empty={t('refusals.empty')}>
      {(refusals) => (
        <ul className="space-y-3">
          {refusals.map((r) => (
            <li key={r.id} className="card space-y-2 p-4">
              <p className="font-semibold">{t('refusals.line', { quantity: r.quantity, name: r.productName, seller: r.seller, number: r.orderNumber })} · {formatCedis(r.amount)}</p>
              <p className="text-sm text-gray-700">{t('refusals.facts', { warehouse: r.warehouse, at: formatDateTime(r.createdAt), reason: r.reason })}</p>
              {r.photoUrl && (
                <a href={r.photoUrl} target="_blank" rel="noreferrer" className="block w-fit">
                  <img src={r.photoUrl} alt={t('refusals.photoAlt', { name: r.productName })} width={160} height={120} loading="lazy" className="h-24 w-32 rounded object-cover" />
                </a>
              )}
              {r.travelled && <p className="text-sm text-gray-700">{t('refusals.travelled')}</p>}
              {Date.now() - new Date(r.createdAt).getTime() > OVERDUE_MS && <p className="text-sm font-semibold text-red-800">{t('refusals.overdue')}</p>}
              {asked?.id === r.id ? (
                <div role="group" aria-label={confirmText(r, asked.choice)} className="space-y-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
                  <p>{confirmText(r, asked.choice)}</p>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn-primary" onClick={() => send(r, asked.choice)}>{t('refusals.yes')}</button>
                    <button type="button" className="btn-outline" onClick={() => setAsked(undefined)}>{t('refusals.no')}</button>
                  </div>
                </div>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn-outline" disabled={decision.busy === r.id} onClick={() => setAsked({ id: r.id, choice: { outcome: 'REFUND', chargedTo: 'SELLER' } })}>{t('refusals.refundSeller')}</button>
                  {r.travelled && <button type="button" className="btn-outline" disabled={decision.busy === r.id} onClick={() => setAsked({ id: r.id, choice: { outcome: 'REFUND', chargedTo: 'TRANSPORTER' } })}>{t('refusals.refundTransporter')}</button>}
                  <button type="button" className="btn-outline" disabled={decision.busy === r.id} onClick={() => setAsked({ id: r.id, choice: { outcome: 'RELEASE' } })}>{t('refusals.release')}</button>
                </div>
              )}
              {decision.errorFor(r.id) && <p role="alert" className="text-sm text-red-800">{decision.errorFor(r.id)}</p>}
            </li>
          ))}
        </ul>
      )}
    </RemoteList>
  );
}
