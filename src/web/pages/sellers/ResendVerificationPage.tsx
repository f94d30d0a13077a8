import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { resendSellerVerification } from '../../../local/sellers';
import { parseWith } from '../../../shared/schemas/parse';
import { VERIFICATION_RESEND_SECONDS, resendVerificationSchema } from '../../../shared/schemas/sellers';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

/** /resend-verification: a new seller verification link for an address. */
export default function ResendVerificationPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(resendVerificationSchema, { email });
    if (!parsed.ok) {
      setError(parsed.error.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      setNotice((await resendSellerVerification(publicApi, parsed.value.email)).message);
      setCountdown(VERIFICATION_RESEND_SECONDS);
    } catch (e) {
      setError(errorMessage(e, 'Could not send a new link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container-page max-w-xl py-12">
      <h1 className="text-2xl font-bold">{t('seller.title.resendVerification')}</h1>
      <p className="mt-2 text-gray-700">Enter the e-mail address you registered your seller account with. We will send a new verification link.</p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        {notice && <Alert kind="success">{notice}</Alert>}
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => { setEmail(e.target.value); setError(undefined); }} error={error} />
        <button type="submit" className="btn-primary w-full" disabled={busy || countdown > 0}>
          {countdown > 0 ? `You can ask again in ${countdown}s` : busy ? 'Sending...' : 'Send verification link'}
        </button>
      </form>
      <p className="mt-6 text-sm text-gray-700">
        <Link to="/signin" className="font-medium text-brand-dark underline">Back to sign in</Link>
      </p>
    </section>
  );
}
