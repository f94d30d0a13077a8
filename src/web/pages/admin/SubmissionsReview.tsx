import { useId, useState, type FormEvent } from 'react';
import { Price } from '../../components/Price';
import { parseWith } from '../../../shared/schemas/parse';
import { rejectSubmissionSchema, type AdminSubmission } from '../../../shared/schemas/submissions';
import { api } from '../../lib/api';
import { Alert } from '../../components/ui/Alert';
import { formatDateTime } from '../../../shared/dates';
import { useRemote } from '../../hooks/useRemote';
import { VerificationBadge } from '../../components/ui/VerificationBadge';
import { ListingChanges } from './ListingChanges';
import { Pager, RemoteList, useDecision } from './ui';
import { useApiText } from '../../components/ui/forms';

/** 'Listings to review': sellers' pending products and changes to live ones, oldest first; approve puts one live. */
export function SubmissionsReview() {
  const [page, setPage] = useState(1);
  const remote = useRemote(async () => ({ value: await api.call('GET /admin/submissions', { query: { status: 'PENDING', page: String(page) } }) }), [page]);
  const decision = useDecision(remote.reload);
  const list = { ...remote, data: remote.data?.data };

  return (
    <div className="space-y-4">
      <RemoteList remote={list} empty="No listings are waiting for review.">
        {(items) => (
          <ul className="space-y-4">
            {items.map((s) => (
              <li key={s.id}>
                <SubmissionCard
                  submission={s}
                  busy={decision.busy === s.id}
                  error={decision.errorFor(s.id)}
                  // The version looked at goes along: a listing changed since is refused (409), not approved blind.
                  onApprove={() => decision.run(s.id, () => api.call('POST /admin/submissions/:id/approve', { params: { id: s.id }, body: { updatedAt: s.updatedAt } }), s.changesPending ? `The changes to "${s.name}" are approved and live.` : `"${s.name}" is approved and live.`)}
                  onReject={(note) => decision.run(s.id, () => api.call('POST /admin/submissions/:id/reject', { params: { id: s.id }, body: { note } }), s.changesPending ? `The changes to "${s.name}" were turned down; the approved listing stays live.` : `"${s.name}" was sent back to the seller.`)}
                />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <Pager pagination={remote.data?.pagination} onPage={setPage} />
    </div>
  );
}

function SubmissionCard({ submission: s, busy, error, onApprove, onReject }: {
  submission: AdminSubmission;
  busy: boolean;
  error: string | undefined;
  onApprove: () => void;
  onReject: (note: string) => void;
}) {
  const say = useApiText();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const noteId = useId();

  const reject = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(rejectSubmissionSchema, { note });
    if (!parsed.ok) return setNoteError(parsed.error.fieldErrors.note ?? parsed.error.message);
    setNoteError(undefined);
    onReject(parsed.value.note);
  };

  return (
    <article className="card p-4" aria-labelledby={`submission-${s.id}`}>
      {s.images.length > 0 && (
        <div className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1">
          {s.images.map((image, i) => (
            <img key={image.id} src={image.urls[320]} alt={`${s.name}, photo ${i + 1}`} width={120} height={120} loading="lazy" className="h-28 w-28 shrink-0 rounded-lg object-cover ring-1 ring-gray-200" />
          ))}
        </div>
      )}
      {s.changesPending && <p className="mb-1 text-sm font-semibold text-amber-800">Changes to a live listing</p>}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`submission-${s.id}`} className="text-lg font-semibold text-gray-900">{s.name}</h2>
        <p className="text-lg font-bold text-brand-dark"><Price value={s.price} /></p>
      </div>
      <p className="text-sm text-gray-700">{s.category} · {s.condition} · {s.region} · {s.stockQuantity} in stock · {s.changesPending ? 'changed' : 'sent'} {formatDateTime(s.changesPending ? s.updatedAt : s.createdAt)}</p>
      {s.changesPending && s.live && <ListingChanges submission={s} live={s.live} />}
      <p className="mt-2 whitespace-pre-line text-sm text-gray-800">{s.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-700">
        <span>Seller: <span className="font-medium text-gray-900">{s.seller.businessName || s.seller.email}</span> ({s.seller.email})</span>
        <VerificationBadge status={s.seller.verificationStatus} />
      </div>
      {error && <div className="mt-3"><Alert kind="error">{error}</Alert></div>}
      {rejecting ? (
        <form onSubmit={reject} className="mt-4 space-y-2" noValidate>
          <label htmlFor={noteId} className="block text-sm font-medium text-gray-800">Reason for the seller</label>
          <textarea
            id={noteId}
            className="input min-h-20"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${noteId}-error` : undefined}
          />
          {noteError && <p id={`${noteId}-error`} className="text-sm text-red-700">{say(noteError)}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>{busy ? 'Sending…' : 'Send rejection'}</button>
            <button type="button" className="btn-outline" onClick={() => setRejecting(false)} disabled={busy}>Keep for later</button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={onApprove} disabled={busy}>{busy ? 'Sending…' : s.changesPending ? 'Approve changes' : 'Approve'}</button>
          <button type="button" className="btn-outline" onClick={() => setRejecting(true)} disabled={busy}>{s.changesPending ? 'Reject changes' : 'Reject'}</button>
        </div>
      )}
    </article>
  );
}
