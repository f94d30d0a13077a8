import { useId, useState } from 'react';
import { VERIFICATION_STATUSES, type AdminSeller, type VerificationStatus } from '../../../shared/schemas/sellers';
import { api } from '../../lib/api';
import { Alert } from '../../components/ui/Alert';
import { formatDate } from '../../../shared/dates';
import { useRemote } from '../../hooks/useRemote';
import { VerificationBadge } from '../../components/ui/VerificationBadge';
import { RemoteList, useDecision } from './ui';

/** Why Verify is off: the server refuses it too (409), this says so before the press. */
const NO_CARD_REASON = 'Verify is off: this seller has not given a Ghana Card number yet. Ask them to add it on their Verification page.';

const FILTER_LABELS: Record<VerificationStatus | '', string> = { PENDING: 'Waiting for verification', VERIFIED: 'Verified', REJECTED: 'Rejected', '': 'All sellers' };

/** 'Sellers': the operator checks the Ghana Card and business, then verifies or rejects. */
export function SellersReview() {
  const [filter, setFilter] = useState<VerificationStatus | ''>('PENDING');
  const filterId = useId();
  const remote = useRemote(
    async () => ({ value: (await api.call('GET /admin/sellers', { query: { verificationStatus: filter || undefined } })).data }),
    [filter],
  );
  const decision = useDecision(remote.reload);
  const decide = (seller: AdminSeller, status: 'VERIFIED' | 'REJECTED') =>
    decision.run(
      seller.userId,
      () => api.call('POST /admin/sellers/:userId/verification', { params: { userId: seller.userId }, body: { status } }),
      `${seller.businessName || seller.email} is now ${status === 'VERIFIED' ? 'verified' : 'rejected'}.`,
    );

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-gray-800">Show</label>
        <select id={filterId} className="input" value={filter} onChange={(e) => setFilter(e.target.value as VerificationStatus | '')}>
          {[...VERIFICATION_STATUSES, ''].map((s) => <option key={s} value={s}>{FILTER_LABELS[s as VerificationStatus | '']}</option>)}
        </select>
      </div>
      <RemoteList remote={remote} empty="No sellers to show.">
        {(sellers) => (
          <ul className="space-y-3">
            {sellers.map((s) => {
              const busy = decision.busy === s.userId;
              const error = decision.errorFor(s.userId);
              const noCard = !s.ghanaCardNumber;
              return (
                <li key={s.userId} className="card p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 className="font-semibold text-gray-900">{s.businessName || 'Business name not given'}</h2>
                    <VerificationBadge status={s.verificationStatus} />
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-gray-600">Owner</dt>
                    <dd className="text-gray-900">{s.firstName} {s.lastName}</dd>
                    <dt className="text-gray-600">E-mail</dt>
                    <dd className="break-words text-gray-900">{s.email ? `${s.email} ${s.isEmailVerified ? '(verified)' : '(not verified)'}` : 'None (registered by USSD)'}</dd>
                    <dt className="text-gray-600">Phone</dt>
                    <dd className="text-gray-900">{s.phone ?? '—'}</dd>
                    <dt className="text-gray-600">Ghana Card</dt>
                    <dd className="font-mono text-gray-900">{s.ghanaCardNumber || 'Not given'}</dd>
                    <dt className="text-gray-600">Region</dt>
                    <dd className="text-gray-900">{s.businessRegion ?? '—'}</dd>
                    <dt className="text-gray-600">Joined</dt>
                    <dd className="text-gray-900">{formatDate(s.joinedDate)}</dd>
                  </dl>
                  {error && <div className="mt-3"><Alert kind="error">{error}</Alert></div>}
                  {noCard && s.verificationStatus !== 'VERIFIED' && <p id={`no-card-${s.userId}`} className="mt-3 text-sm text-amber-900">{NO_CARD_REASON}</p>}
                  <div className="mt-3 flex flex-wrap gap-2">
                    {s.verificationStatus !== 'VERIFIED' && (
                      <button type="button" className="btn-primary" disabled={busy || noCard} aria-describedby={noCard ? `no-card-${s.userId}` : undefined} onClick={() => decide(s, 'VERIFIED')} aria-label={`Verify ${s.businessName || s.email}`}>Verify</button>
                    )}
                    {s.verificationStatus !== 'REJECTED' && (
                      <button type="button" className="btn-outline" disabled={busy} onClick={() => decide(s, 'REJECTED')} aria-label={`Reject ${s.businessName || s.email}`}>Reject</button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </RemoteList>
    </div>
  );
}
