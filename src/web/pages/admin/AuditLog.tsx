import { useId, useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '../../../shared/schemas/audit';
import { api } from '../../lib/api';
import { formatDateTime } from '../../../shared/dates';
import { useRemote } from '../../hooks/useRemote';
import { Pager, RemoteList } from './ui';

export const AUDIT_LABELS: Record<AuditAction, string> = {
  'submission.approve': 'Approved listing',
  'submission.reject': 'Rejected listing',
  'seller.verify': 'Verified seller',
  'seller.reject': 'Rejected seller',
  'order.status': 'Moved order',
  'order.line': 'Line at the warehouse',
  'payout.run': 'Ran payouts',
  'payout.retry': 'Retried a payout',
  'ussd.order': 'Order by USSD',
  'ussd.listing': 'Listing by USSD',
  'ussd.seller': 'Seller registered by USSD',
  'transport.tariff': 'Changed the transport tariff',
  'transport.distance': 'Set a road distance',
  'warehouse.staff.assign': 'Assigned warehouse staff',
  'warehouse.staff.remove': 'Removed warehouse staff',
  'transporter.verify': 'Verified transporter',
  'transporter.reject': 'Rejected transporter',
  'transport.reassign': 'Reassigned a consignment',
  'order.refusal': 'Decided a refused line',
  'transport.lost': 'Recorded a consignment lost',
};

/** 'Audit log': every operator decision, newest first: who, what, on which thing, when. */
export function AuditLog() {
  const [filter, setFilter] = useState<AuditAction | ''>('');
  const [page, setPage] = useState(1);
  const filterId = useId();
  const remote = useRemote(
    async () => ({ value: await api.call('GET /admin/audit', { query: { page: String(page), action: filter || undefined } }) }),
    [filter, page],
  );
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-gray-800">Action</label>
        <select id={filterId} className="input" value={filter} onChange={(e) => { setFilter(e.target.value as AuditAction | ''); setPage(1); }}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{AUDIT_LABELS[a]}</option>)}
        </select>
      </div>
      <RemoteList remote={{ ...remote, data: remote.data?.data }} empty="No operator actions yet.">
        {(entries) => (
          <ul className="divide-y divide-gray-200 card">
            {entries.map((e) => (
              <li key={e.id} className="p-3 text-sm">
                <p className="font-semibold text-gray-900">{AUDIT_LABELS[e.action] ?? e.action} · {e.target.type} #{e.target.id}</p>
                {e.detail && <p className="break-words text-gray-800">{e.detail}</p>}
                <p className="text-gray-600"><span className="break-words">{e.actor.email}</span> · <time dateTime={e.at}>{formatDateTime(e.at)}</time></p>
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <Pager pagination={remote.data?.pagination} onPage={setPage} />
    </div>
  );
}
