import { useId, useState } from 'react';
import { CHANNEL_LABELS } from '../../../shared/schemas/notifications';
import { api } from '../../lib/api';
import { formatDateTime } from '../../../shared/dates';
import { useRemote } from '../../hooks/useRemote';
import { RemoteList, useDecision } from './ui';

type Shown = 'QUEUED' | 'FAILED';

/** 'Messages': the outbox's queued and failed e-mails, SMS and pushes; a failed one can be sent again. */
export function MessagesDesk() {
  const [status, setStatus] = useState<Shown>('FAILED');
  const filterId = useId();
  const remote = useRemote(async () => ({ value: await api.call('GET /admin/messages', { query: { status } }) }), [status]);
  const decision = useDecision(remote.reload);

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-gray-800">Show</label>
        <select id={filterId} className="input" value={status} onChange={(e) => setStatus(e.target.value as Shown)}>
          <option value="FAILED">Failed messages</option>
          <option value="QUEUED">Queued messages</option>
        </select>
      </div>
      <RemoteList remote={{ ...remote, data: remote.data?.data }} empty={status === 'FAILED' ? 'No failed messages.' : 'Nothing is waiting to be sent.'}>
        {(messages) => (
          <ul className="space-y-3">
            {messages.map((m) => (
              <li key={m.id} className="card p-4 text-sm">
                <p className="font-semibold text-gray-900">
                  {CHANNEL_LABELS[m.channel]} to <span className="break-all">{m.recipient}</span>
                </p>
                {m.subject && <p className="text-gray-800">{m.subject}</p>}
                <p className="mt-1 line-clamp-2 whitespace-pre-line text-gray-600">{m.body}</p>
                <p className="mt-2 text-gray-700">
                  {m.attempts} attempt{m.attempts === 1 ? '' : 's'} · queued {formatDateTime(m.createdAt)}
                  {m.status !== 'FAILED' && m.attempts > 0 ? ` · next try ${formatDateTime(m.nextAttemptAt)}` : ''}
                </p>
                {m.lastError && <p className="mt-1 break-words text-red-800">Last error: {m.lastError}</p>}
                {decision.errorFor(m.id) && <p className="mt-1 text-red-800">{decision.errorFor(m.id)}</p>}
                {m.status === 'FAILED' && (
                  <button
                    type="button"
                    className="btn-primary mt-3"
                    disabled={decision.busy === m.id}
                    onClick={() => void decision.run(m.id, () => api.call('POST /admin/messages/:id/retry', { params: { id: m.id } }), `Message ${m.id} is queued again.`)}
                  >
                    Retry
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </div>
  );
}
