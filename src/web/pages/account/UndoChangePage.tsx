import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { undoContactChange } from '../../../local/account';
import { MESSAGES } from '../../../shared/schemas/accounts';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';

/**
 * /undo-change?token=…: the link in "your e-mail (or phone) changed", sent to the old address.
 * It acts only on a press, not on opening: mail scanners open links too.
 */
export default function UndoChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  const undo = async () => {
    setBusy(true);
    try {
      setState({ kind: 'success', text: await undoContactChange(publicApi, token) });
    } catch (e) {
      setState({ kind: 'error', text: errorMessage(e, MESSAGES.undoInvalid) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-3 text-2xl font-bold text-gray-900">Was this change not you?</h1>
      <p className="mb-4 text-gray-700">
        Put your previous e-mail address or phone number back. Every device signed in to your account is signed out,
        including whoever made the change.
      </p>
      {state && <div className="mb-4"><Alert kind={state.kind}>{state.text}</Alert></div>}
      {state?.kind === 'success' ? (
        <Link to="/password-reset-request" className="btn-primary min-h-11">Reset my password</Link>
      ) : (
        <button type="button" className="btn-primary min-h-11" onClick={undo} disabled={busy || !token}>
          {busy ? 'Restoring…' : 'Undo the change'}
        </button>
      )}
      {!token && <p className="mt-3 text-sm text-red-800">{MESSAGES.undoInvalid}</p>}
    </div>
  );
}
