import { useEffect, useState } from 'react';
import type { AppFilesState } from '../../../local/app-files';
import { appFilesState, saveWholeApp } from '../../lib/app-files';
import { useOnline } from '../../hooks/useOnline';
import { useT } from '../../i18n/language';
import { formatBytes } from './FieldSettings';

/**
 * The app's own files (src/local/app-files.ts): a first visit on a slow line keeps only the
 * pages it opened; here the person saves the rest, knowing what it costs.
 */
export function AppFilesCard() {
  const t = useT();
  const online = useOnline();
  const [state, setState] = useState<AppFilesState>();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    void appFilesState().then(setState).catch(() => undefined);
  }, []);
  if (!state) return null;
  const save = async () => {
    setSaving(true);
    setFailed(false);
    try {
      const after = await saveWholeApp();
      setState(after);
      setFailed(after.missingFiles > 0);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card p-5 text-sm" aria-labelledby="app-files-title">
      <h2 id="app-files-title" className="mb-2 text-lg font-semibold">{t('appFiles.title')}</h2>
      {state.missingFiles === 0 ? (
        <p className="text-gray-700">{t('appFiles.whole')}</p>
      ) : (
        <>
          <p className="text-gray-700">{t('appFiles.opened')}</p>
          <button type="button" className="btn-outline mt-3 px-3 py-1.5 text-sm" disabled={saving || !online} onClick={() => void save()}>
            {saving ? t('appFiles.saving') : t('appFiles.save', { size: formatBytes(state.missingBytes) })}
          </button>
          {failed && <p role="alert" className="mt-2 text-red-700">{t('appFiles.failed')}</p>}
        </>
      )}
    </section>
  );
}
