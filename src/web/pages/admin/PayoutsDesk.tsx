import { useId, useState } from 'react';
import { Price } from '../../components/Price';
import { errorMessage } from '../../lib/error-message';
import { fromMinor, toMinor } from '../../../shared/money';
import type { PayoutRun, PayoutStatus, Reconciliation } from '../../../shared/schemas/money';
import { api } from '../../lib/api';
import { formatDateTime } from '../../../shared/dates';
import { useRemote } from '../../hooks/useRemote';
import { RemoteList, useDecision } from './ui';

type Shown = 'DUE' | PayoutStatus;
const SHOWN: Record<Shown, string> = { DUE: 'Due at the next run', PENDING: 'On their way', SUCCESS: 'Sent', FAILED: 'Failed', REVERSED: 'Reversed' };

/**
 * 'Payouts': who is due, what was sent, what failed (with a retry), the run button, the
 * reconciliation of our payouts with the provider's transfers, and the trial balance.
 * Every action here is in the audit log.
 */
export function PayoutsDesk() {
  const [shown, setShown] = useState<Shown>('DUE');
  const filterId = useId();
  const due = useRemote(async () => ({ value: shown === 'DUE' ? (await api.call('GET /admin/payouts/due')).data : [] }), [shown]);
  const list = useRemote(async () => ({ value: shown === 'DUE' ? [] : (await api.call('GET /admin/payouts', { query: { status: shown } })).data }), [shown]);
  const books = useRemote(async () => ({ value: (await api.call('GET /admin/ledger/trial-balance')).data }), [shown]);
  const [report, setReport] = useState<Reconciliation>();
  const [lastRun, setLastRun] = useState<PayoutRun>();
  const reload = () => {
    due.reload();
    list.reload();
    books.reload();
  };
  const decision = useDecision(reload);
  // A run sends real money: the operator first sees how many payouts and how much, as the server counts them now.
  const [toRun, setToRun] = useState<{ count: number; total: number }>();
  const [asking, setAsking] = useState(false);
  const askToRun = async () => {
    setAsking(true);
    try {
      const ready = (await api.call('GET /admin/payouts/due')).data.filter((r) => r.waiting === null);
      setToRun({ count: ready.length, total: fromMinor(ready.reduce((sum, r) => sum + toMinor(r.available), 0)) });
    } catch (e) {
      decision.fail(0, errorMessage(e, 'Could not count the payouts due. Please try again.'));
    } finally {
      setAsking(false);
    }
  };
  const run = () => {
    setToRun(undefined);
    void decision.run(0, async () => setLastRun((await api.call('POST /admin/payouts/run')).data), 'Payouts run.');
  };

  return (
    <div className="space-y-4">
      {books.data && (
        <p className={books.data.balanced ? 'text-green-900' : 'font-semibold text-red-800'}>
          Trial balance: debits <Price value={books.data.debits} /> · credits <Price value={books.data.credits} /> {books.data.balanced ? '(balanced)' : '(NOT balanced)'}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="max-w-xs">
          <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-gray-800">Show</label>
          <select id={filterId} className="input" value={shown} onChange={(e) => setShown(e.target.value as Shown)}>
            {Object.entries(SHOWN).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <button type="button" className="btn-primary" disabled={decision.busy === 0 || asking} onClick={() => void askToRun()}>
          Run payouts now
        </button>
        <button type="button" className="btn-outline" onClick={() => void api.call('GET /admin/payouts/reconciliation').then((r) => setReport(r.data))}>
          Reconcile with the provider
        </button>
      </div>
      {toRun && (
        <div role="group" aria-label="Confirm the payout run" className="card space-y-3 p-4">
          <p className="font-semibold text-gray-900">
            {toRun.count === 0 ? 'No seller is due a payout now: the run sends no money.' : <>Send {toRun.count} {toRun.count === 1 ? 'payout' : 'payouts'}, <Price value={toRun.total} /> in all, now? The money leaves for the sellers' accounts at once.</>}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={decision.busy === 0} onClick={run}>
              {toRun.count === 0 ? 'Run now' : `Yes, send ${toRun.count} ${toRun.count === 1 ? 'payout' : 'payouts'}`}
            </button>
            <button type="button" className="btn-outline" disabled={decision.busy === 0} onClick={() => setToRun(undefined)}>Not now</button>
          </div>
        </div>
      )}
      {decision.errorFor(0) && <p className="text-red-800">{decision.errorFor(0)}</p>}
      {lastRun && (
        <p className="text-sm text-gray-800">
          Last run: {lastRun.created} payouts prepared, {lastRun.sent} sent, {lastRun.pending} waiting for the provider, {lastRun.failed} failed, {lastRun.errors} to try again, {lastRun.held} held (new account), {lastRun.uncollectedCancelled} uncollected orders cancelled.
          {lastRun.notPrepared > 0 && ` ${lastRun.notPrepared} sellers' payouts could not be prepared: the database refused them (the server log says why); their money stays available and the next run tries again.`}
        </p>
      )}
      {report && (
        <div className="card p-4 text-sm">
          <p className="font-semibold">Reconciliation: {report.checked} payouts checked, {report.mismatches.length} mismatch{report.mismatches.length === 1 ? '' : 'es'}</p>
          <ul className="mt-2 space-y-1">
            {report.mismatches.map((m, i) => (
              <li key={`${m.payoutId}-${i}`}>Payout {m.payoutId} ({m.reference}, seller {m.sellerId}, <Price value={m.amount} />): {m.problem}</li>
            ))}
          </ul>
        </div>
      )}
      {shown === 'DUE' ? (
        <RemoteList remote={due} empty="No seller has money available.">
          {(rows) => (
            <ul className="space-y-3">
              {rows.map((r) => (
                <li key={r.sellerId} className="card p-4 text-sm">
                  <p className="font-semibold">{r.businessName} · <Price value={r.available} /></p>
                  <p className="text-gray-700">{r.account ?? 'No payout account'}{r.waiting ? ` · waits: ${r.waiting}` : ' · paid at the next run'}</p>
                </li>
              ))}
            </ul>
          )}
        </RemoteList>
      ) : (
        <RemoteList remote={list} empty="No payouts to show.">
          {(payouts) => (
            <ul className="space-y-3">
              {payouts.map((p) => (
                <li key={p.id} className="card p-4 text-sm">
                  <p className="font-semibold">{p.businessName} · <Price value={p.amount} /> · {SHOWN[p.status]}</p>
                  <p className="text-gray-700">{p.account} · {p.reference} · {formatDateTime(p.createdAt)}</p>
                  {p.lastError && <p className="text-red-800">Last answer: {p.lastError}</p>}
                  {decision.errorFor(p.id) && <p className="text-red-800">{decision.errorFor(p.id)}</p>}
                  {p.status !== 'SUCCESS' && (
                    <button type="button" className="btn-primary mt-2" disabled={decision.busy === p.id} onClick={() => void decision.run(p.id, () => api.call('POST /admin/payouts/:id/retry', { params: { id: p.id } }), `Payout ${p.id} tried again.`)}>
                      Retry
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </RemoteList>
      )}
    </div>
  );
}
