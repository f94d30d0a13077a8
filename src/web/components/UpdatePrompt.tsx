import { useEffect, useState } from 'react';
import { UPDATE_READY_EVENT } from '../lib/events';
import { useT } from '../i18n/language';

/** "A new version is ready" banner; the update applies only when the user says so. */
export function UpdatePrompt() {
  const t = useT();
  const [accept, setAccept] = useState<(() => void) | undefined>();
  useEffect(() => {
    const onReady = (event: Event) => setAccept(() => (event as CustomEvent<() => void>).detail);
    window.addEventListener(UPDATE_READY_EVENT, onReady);
    return () => window.removeEventListener(UPDATE_READY_EVENT, onReady);
  }, []);
  if (!accept) return null;
  return (
    <div role="status" className="fixed inset-x-2 bottom-2 z-50 flex items-center justify-between gap-3 rounded-xl bg-gray-900 p-3 text-sm text-white shadow-lg sm:left-auto sm:w-96">
      <span>{t('app.update.ready')}</span>
      <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={accept}>{t('app.update.button')}</button>
    </div>
  );
}
