import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPassword, verifyResetCode } from '../../../local/account';
import { resetVerifyOtpSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { NewPasswordForm } from './NewPasswordForm';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

/** /password-reset: the code path. The e-mailed code buys a reset token, then a new password. */
export default function ResetWithCodePage() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [resetToken, setResetToken] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/signin', { replace: true }), 2500);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(resetVerifyOtpSchema, { email, otp });
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      setResetToken(await verifyResetCode(publicApi, parsed.value.email, parsed.value.otp));
    } catch (e) {
      setError(errorMessage(e, t('api.invalidOtp')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('reset.codeTitle')}>
      {done ? (
        <Alert kind="success">{t('api.resetDone')}</Alert>
      ) : resetToken ? (
        <NewPasswordForm
          error={error}
          save={async (newPassword) => {
            setError(undefined);
            try {
              await resetPassword(publicApi, { resetToken, newPassword });
              setDone(true);
            } catch (e) {
              setError(errorMessage(e, t('reset.failed')));
            }
          }}
        />
      ) : (
        <form onSubmit={verify} noValidate className="grid gap-4">
          <p className="text-sm text-gray-700">{t('reset.codeText')}</p>
          {error && <Alert kind="error">{error}</Alert>}
          <Field label={t('auth.emailLabel')} type="email" autoComplete="email" value={email} onChange={(e) => { setEmail(e.target.value); setErrors({}); }} error={errors.email} />
          <Field label={t('reset.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => { setOtp(e.target.value.replace(/\D/g, '')); setErrors({}); }} error={errors.otp} />
          <button type="submit" className="btn-primary" disabled={busy}>{busy ? t('reset.checking') : t('reset.continue')}</button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/password-reset-request" className="text-gray-700 underline">{t('reset.needCode')}</Link>
        {' · '}
        <Link to="/signin" className="font-medium text-brand-dark underline">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthCard>
  );
}
