import { AlertTriangle, CloudOff, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { OutboxEntry } from '../../local/db';
import { useDismiss } from '../hooks/useDismiss';
import { useOnline } from '../hooks/useOnline';
import { useOutbox } from '../hooks/useOutbox';
import { changeWords } from '../i18n/change-words';
import { loadPageMessages, useT } from '../i18n/language';

/**
 * The navigation bar's word on unsent changes: how many wait (and whether we are offline),
 * and every change the server refused, with what failed and why, until the user taps Retry
 * or Discard. Shows nothing when everything is sent. (The bar's own pill says 'Offline'.)
 */
export function SyncIndicator() {
  const t = useT();
  const online = useOnline();
  const { waiting, failed, retry, discard } = useOutbox();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close, buttonRef);

  const pending = waiting.length > 0 || failed.length > 0;
  const wordsReady = usePageMessages(pending);
  if (!pending || !wordsReady) return null;
  const summary = [
    waiting.length > 0 && t(online ? 'sync.waiting' : 'sync.waitingOffline', { n: waiting.length }),
    failed.length > 0 && t('sync.failed', { n: failed.length }),
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={summary}
        title={summary}
        data-testid="sync-indicator"
        onClick={() => setOpen((o) => !o)}
        className={`flex h-8 items-center gap-1 rounded-full px-2 text-xs font-semibold ${
          failed.length > 0 ? 'bg-red-100 text-red-800' : 'bg-gray-100 text-gray-800'
        }`}
      >
        {failed.length > 0 ? (
          <AlertTriangle size={14} aria-hidden="true" />
        ) : online ? (
          <RefreshCw size={14} aria-hidden="true" className="animate-spin [animation-duration:2s]" />
        ) : (
          <CloudOff size={14} aria-hidden="true" />
        )}
        <span aria-hidden="true">{failed.length > 0 ? t('sync.failedShort', { n: failed.length }) : waiting.length}</span>
      </button>
      <span role="status" className="sr-only">{summary}</span>
      {open && (
        // On a phone the chip sits mid-bar: a panel hung from it would start off the screen's left
        // edge. Below sm it spans the screen under the bar instead (fits from 320 px up).
        <div id={panelId} data-testid="sync-panel" className="card fixed inset-x-2 top-14 z-50 max-h-[calc(100dvh-4rem)] overflow-y-auto p-3 text-sm shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-10 sm:w-80">
          {failed.length > 0 && (
            <section aria-label={t('sync.notAccepted')}>
              <h2 className="font-semibold text-red-800">{t('sync.refused')}</h2>
              <ul className="mt-2 space-y-3">
                {failed.map((entry) => (
                  <FailedChange key={entry.seq} entry={entry} onRetry={retry} onDiscard={discard} />
                ))}
              </ul>
            </section>
          )}
          {waiting.length > 0 && (
            <section aria-label={t('sync.waitingList')} className={failed.length > 0 ? 'mt-4 border-t border-gray-200 pt-3' : ''}>
              <h2 className="font-semibold">{t('sync.waiting', { n: waiting.length })}</h2>
              <p className="text-gray-600">
                {online ? t('sync.sending') : t('sync.offline')}
              </p>
              <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-gray-800">
                {waiting.map((entry) => (
                  <li key={entry.seq}>{changeWords(entry)}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function FailedChange({ entry, onRetry, onDiscard }: { entry: OutboxEntry; onRetry(seq: number): Promise<void>; onDiscard(seq: number): Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const act = (action: (seq: number) => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action(entry.seq!);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-lg bg-red-50 p-2">
      <p className="font-medium text-gray-900">{changeWords(entry)}</p>
      <p className="text-red-800">{entry.error ?? t('sync.refusedOne')}</p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-primary px-3 py-1 text-xs" disabled={busy} onClick={act(onRetry)}>
          {t('sync.retry')}
        </button>
        <button type="button" className="btn-outline px-3 py-1 text-xs" disabled={busy} onClick={act(onDiscard)}>
          {t('sync.discard')}
        </button>
      </div>
    </li>
  );
}

/**
 * The chip's words are with the pages' messages, which the home does not load: the chip shows
 * once they are here (a moment after the first change waits), never with a message's id.
 */
function usePageMessages(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    void loadPageMessages().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [wanted, ready]);
  return ready;
}
