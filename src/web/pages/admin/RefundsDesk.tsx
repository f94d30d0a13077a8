import { useState } from 'react';
import { Price } from '../../components/Price';
import { REFUND_STATUSES, type RefundStatus } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { capitalise } from '../../components/ui/badges';
import { formatDateTime } from '../../../shared/dates';
import { useRemote } from '../../hooks/useRemote';
import { Pager, RemoteList, StatusFilter } from './ui';

/** 'Refunds': every refund and where it has got to; the refund job retries them by itself. */
export function RefundsDesk() {
  const [filter, setFilter] = useState<RefundStatus | ''>('');
  const [page, setPage] = useState(1);
  const remote = useRemote(async () => ({ value: await api.call('GET /admin/refunds', { query: { page: String(page), status: filter || undefined } }) }), [filter, page]);
  return (
    <div className="space-y-4">
      <StatusFilter label="State" all="All refunds" states={REFUND_STATUSES} value={filter} onChange={(value) => { setFilter(value); setPage(1); }} />
      <RemoteList remote={{ ...remote, data: remote.data?.data }} empty="No refunds to show.">
        {(refunds) => (
          <ul className="space-y-3">
            {refunds.map((r) => (
              <li key={r.id} className="card p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">Order {r.orderNumber} · <Price value={r.amount} /></p>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${r.status === 'COMPLETED' ? 'bg-green-100 text-green-900' : r.status === 'FAILED' ? 'bg-red-100 text-red-900' : 'bg-yellow-100 text-yellow-900'}`}>
                    Refund {capitalise(r.status).toLowerCase()}
                  </span>
                </div>
                <p className="mt-1 text-sm text-gray-700">{r.reason} · {r.provider} {r.paymentReference}</p>
                <p className="text-sm text-gray-700">
                  Asked {formatDateTime(r.createdAt)} · {r.attempts} attempt{r.attempts === 1 ? '' : 's'}
                  {r.completedAt && ` · completed ${formatDateTime(r.completedAt)}`}
                  {r.nextAttemptAt && ` · next try ${formatDateTime(r.nextAttemptAt)}`}
                </p>
                {r.lastError && <p className="text-sm text-red-800">Last answer: {r.lastError}</p>}
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <Pager pagination={remote.data?.pagination} onPage={setPage} />
    </div>
  );
}
