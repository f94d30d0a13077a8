import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { sendQueuedChanges, signOut } from '../../local/sign-out';
import { api } from '../lib/api';
import { loadPageMessages, useT } from '../i18n/language';

/**
 * Sign-out as every screen offers it (account menu, account pages, seller dashboard): queued
 * changes are sent first; any that cannot be sent are dropped only after the user says so in
 * the dialog. Signed out, the app goes home. Render `dialog` outside any hidden menu.
 */
export function useSignOut(): { start: () => void; busy: boolean; dialog: ReactNode } {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState(0);

  const run = async (discardUnsent: boolean) => {
    setBusy(true);
    try {
      const unsent = discardUnsent ? 0 : await sendQueuedChanges(api);
      if (unsent > 0) {
        // The dialog's words are with the pages' messages (not loaded on the home).
        await loadPageMessages();
        setUnsent(unsent);
        return;
      }
      setUnsent(0);
      // Home first, then the wipe: no page is left on screen showing the person who left.
      navigate('/', { replace: true });
      await signOut(api, undefined, { discardUnsent: true });
    } finally {
      setBusy(false);
    }
  };

  const dialog = <UnsentChangesDialog count={unsent} busy={busy} onWait={() => setUnsent(0)} onDiscard={() => void run(true)} />;
  return { start: () => void run(false), busy, dialog };
}

/** "N changes not sent yet": wait (stay signed in; they go when the network does), or lose them. */
function UnsentChangesDialog({ count, busy, onWait, onDiscard }: { count: number; busy: boolean; onWait: () => void; onDiscard: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (count > 0 && !dialog.open) dialog.showModal();
    if (count === 0 && dialog.open) dialog.close();
  }, [count]);
  return (
    <dialog ref={ref} onClose={onWait} aria-labelledby="unsent-title" className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 backdrop:bg-black/50">
      <div className="p-6">
        <h2 id="unsent-title" className="text-xl font-bold">{t('signOut.title', { n: count })}</h2>
        <p className="mt-2 text-gray-800">
          {t('signOut.text', { n: count })}
        </p>
        <div className="mt-5 grid gap-3 sm:grid-cols-2">
          <button type="button" className="btn-primary" onClick={onWait} autoFocus>{t('signOut.wait')}</button>
          <button type="button" className="btn-outline text-red-800" onClick={onDiscard} disabled={busy}>{t('signOut.anyway')}</button>
        </div>
      </div>
    </dialog>
  );
}
