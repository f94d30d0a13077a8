import { useId, useState, type ReactNode } from 'react';
import type { Pagination } from '../../../shared/pagination';
import { Spinner } from '../../components/Spinner';
import { showToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/error-message';
import { Alert } from '../../components/ui/Alert';
import { capitalise } from '../../components/ui/badges';
import type { Remote } from '../../hooks/useRemote';

/** Loading, failure and empty states shared by the console's three lists. */
export function RemoteList<T>({ remote, empty, children }: { remote: Remote<T[]>; empty: string; children: (items: T[]) => ReactNode }) {
  if (remote.error && !remote.data) {
    return (
      <div className="space-y-3">
        <Alert kind="error">{errorMessage(remote.error, 'Could not load this list. Please try again.')}</Alert>
        <button type="button" className="btn-outline" onClick={remote.reload}>Retry</button>
      </div>
    );
  }
  if (!remote.data) return <Spinner />;
  if (remote.data.length === 0) return <p className="card p-6 text-center text-gray-700">{empty}</p>;
  return <>{children(remote.data)}</>;
}

export function Pager({ pagination, onPage }: { pagination: Pagination | undefined; onPage: (page: number) => void }) {
  if (!pagination || pagination.totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      <button type="button" className="btn-outline" disabled={!pagination.hasPreviousPage} onClick={() => onPage(pagination.currentPage - 1)}>Previous</button>
      <span className="text-sm text-gray-700">Page {pagination.currentPage} of {pagination.totalPages}{pagination.totalIsLowerBound ? '+' : ''}</span>
      <button type="button" className="btn-outline" disabled={!pagination.hasNextPage} onClick={() => onPage(pagination.currentPage + 1)}>Next</button>
    </nav>
  );
}

const DONE_TOAST_MS = 5000;

/**
 * Runs one operator decision at a time: `busy` names the item being sent, `error` is the server's
 * answer (e.g. a 409 when another operator got there first), shown at the item. What happened
 * is said in a toast at the bottom of the screen: the operator is looking at the item they
 * acted on, often far down the list, not at the top of the page.
 */
export function useDecision(onDone: () => void) {
  const [busy, setBusy] = useState<number>();
  const [error, setError] = useState<{ id: number; message: string }>();
  const run = async (id: number, send: () => Promise<unknown>, doneMessage: string) => {
    setBusy(id);
    setError(undefined);
    try {
      await send();
      showToast(doneMessage, DONE_TOAST_MS);
      onDone();
    } catch (e) {
      setError({ id, message: errorMessage(e, 'That did not work. Please try again.') });
    } finally {
      setBusy(undefined);
    }
  };
  /** A decision refused before sending (the form's own check). */
  const fail = (id: number, message: string) => setError({ id, message });
  return { busy, error, run, fail, errorFor: (id: number) => (error?.id === id ? error.message : undefined) };
}

/** The console's "show only this state" select; choosing one starts again at page 1 (the caller's onChange). */
export function StatusFilter<S extends string>({ label, all, states, value, onChange, name = capitalise }: { label: string; all: string; states: readonly S[]; value: S | ''; onChange: (value: S | '') => void; name?: (state: S) => string }) {
  const id = useId();
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as S | '')}>
        <option value="">{all}</option>
        {states.map((s) => <option key={s} value={s}>{name(s)}</option>)}
      </select>
    </div>
  );
}
