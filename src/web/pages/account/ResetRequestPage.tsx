import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from '../../../local/account';
import { resetRequestSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { apiText, Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

/** /password-reset-request: the e-mail form. The answer is the same whether or not the account exists. */
export default function ResetRequestPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(resetRequestSchema, { email });
    if (!parsed.ok) {
      setError(apiText(parsed.error.message));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await requestPasswordReset(publicApi, parsed.value.email);
      setSentTo(parsed.value.email);
    } catch (e) {
      setError(errorMessage(e, t('reset.sendFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="mb-2 text-2xl font-bold">{t('reset.forgotTitle')}</h1>
        <p className="mb-6 text-sm text-gray-700">{t('reset.forgotText')}</p>
        {sentTo ? (
          <div className="grid gap-4">
            <Alert kind="success">{t('api.resetRequested')}</Alert>
            <p className="text-sm text-gray-700">{t('reset.arrives', { email: sentTo })}</p>
            <Link to={`/password-reset?email=${encodeURIComponent(sentTo)}`} className="btn-primary">{t('reset.haveCode')}</Link>
            <button type="button" className="btn-outline" onClick={() => setSentTo(undefined)}>{t('reset.sendAgain')}</button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field label={t('auth.emailLabel')} type="email" autoComplete="email" value={email} onChange={(e) => { setEmail(e.target.value); setError(undefined); }} error={error} />
            <button type="submit" className="btn-primary" disabled={busy}>{busy ? t('reset.sending') : t('reset.sendLink')}</button>
          </form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/signin" className="font-medium text-brand-dark underline">{t('auth.backToSignIn')}</Link>
        </p>
      </div>
    </div>
  );
}
