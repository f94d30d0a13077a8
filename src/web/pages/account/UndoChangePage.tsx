import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { undoContactChange } from '../../../local/account';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

/**
 * /undo-change?token=…: the link in "your e-mail (or phone) changed", sent to the old address.
 * It acts only on a press, not on opening: mail scanners open links too.
 */
export default function UndoChangePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  const undo = async () => {
    setBusy(true);
    try {
      setState({ kind: 'success', text: await undoContactChange(publicApi, token) });
    } catch (e) {
      setState({ kind: 'error', text: errorMessage(e, t('api.undoInvalid')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-3 text-2xl font-bold text-gray-900">{t('undo.title')}</h1>
      <p className="mb-4 text-gray-700">{t('undo.text')}</p>
      {state && <div className="mb-4"><Alert kind={state.kind}>{state.text}</Alert></div>}
      {state?.kind === 'success' ? (
        <Link to="/password-reset-request" className="btn-primary min-h-11">{t('undo.reset')}</Link>
      ) : (
        <button type="button" className="btn-primary min-h-11" onClick={undo} disabled={busy || !token}>
          {busy ? t('undo.restoring') : t('undo.button')}
        </button>
      )}
      {!token && <p className="mt-3 text-sm text-red-800">{t('api.undoInvalid')}</p>}
    </div>
  );
}
