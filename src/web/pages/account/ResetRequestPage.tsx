import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from '../../../local/account';
import { MESSAGES, resetRequestSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';

/** /password-reset-request: the e-mail form. The answer is the same whether or not the account exists. */
export default function ResetRequestPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(resetRequestSchema, { email });
    if (!parsed.ok) {
      setError(parsed.error.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await requestPasswordReset(publicApi, parsed.value.email);
      setSentTo(parsed.value.email);
    } catch (e) {
      setError(errorMessage(e, 'Could not send the reset link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="mb-2 text-2xl font-bold">Forgot your password?</h1>
        <p className="mb-6 text-sm text-gray-700">Enter your e-mail address and we will send you a link and a code to choose a new password.</p>
        {sentTo ? (
          <div className="grid gap-4">
            <Alert kind="success">{MESSAGES.resetRequested}</Alert>
            <p className="text-sm text-gray-700">If an account uses {sentTo}, the message arrives in a minute or two. The link and the code work for 30 minutes.</p>
            <Link to={`/password-reset?email=${encodeURIComponent(sentTo)}`} className="btn-primary">I have a code</Link>
            <button type="button" className="btn-outline" onClick={() => setSentTo(undefined)}>Send again</button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field label="Email address" type="email" autoComplete="email" value={email} onChange={(e) => { setEmail(e.target.value); setError(undefined); }} error={error} />
            <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Sending…' : 'Send reset link'}</button>
          </form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/signin" className="font-medium text-brand-dark underline">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}
