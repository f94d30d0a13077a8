import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { resendEmailCode, signIn } from '../../../local/account';
import { localDb } from '../../../local/db';
import { deviceLanguage } from '../../i18n/device-choice';
import { loginSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';
import { ChooserDialog } from './ChooserDialog';
import { VerifyEmailDialog } from './VerifyEmailDialog';
import { publicApi } from '../../lib/publicApi';
import { homeFor, returnPath, signInPurpose, type ReturnState } from './return-path';
import { showToast } from '../../components/ui/toast';
import { Alert } from '../../components/ui/Alert';
import { AuthCard } from '../../components/AuthCard';
import { Field, PasswordField } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { SmsSignIn } from './SmsSignIn';
import { useT } from '../../i18n/language';

export default function SignInPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as ReturnState | null;
  // ?next= (a link or a button's return path) or the remembered page; ?for= says why we ask.
  const { next, reason, after } = signInPurpose(location.search);
  const target = returnPath(state, next);
  const { session, loading } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(state?.error);
  const [unverified, setUnverified] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [chooser, setChooser] = useState(false);
  // Set once we sign in here, so the redirect below does not race our own navigation.
  const [done, setDone] = useState(false);

  if (loading) return <Spinner />;
  if (session && !done && !busy && !verifying) return <Navigate to={homeFor(session.user.userType, target)} replace />;

  const finish = async () => {
    setDone(true);
    const signedIn = await signIn(publicApi, email, password, localDb, deviceLanguage());
    showToast(t('api.signedIn'));
    navigate(homeFor(signedIn.user.userType, target), { replace: true, state: after });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(loginSchema, { email, password });
    if (!parsed.ok) {
      setFieldErrors(parsed.error.fieldErrors);
      return;
    }
    setFieldErrors({});
    setError(undefined);
    setUnverified(false);
    setBusy(true);
    try {
      await finish();
    } catch (e) {
      setDone(false);
      if (e instanceof ApiError && e.code === 'email_not_verified') setUnverified(true);
      if (e instanceof ApiError && e.status === 401) setError(t('api.invalidCredentials'));
      else setError(errorMessage(e, t('auth.loginFailed')));
    } finally {
      setBusy(false);
    }
  };

  const startVerification = async () => {
    setError(undefined);
    try {
      await resendEmailCode(publicApi, email.trim());
    } catch (e) {
      // A code sent less than 30 s ago is still good: open the dialog anyway.
      if (!(e instanceof ApiError && e.status === 429)) {
        setError(errorMessage(e, t('auth.resendFailed')));
        return;
      }
    }
    setVerifying(true);
  };

  return (
    <AuthCard title={t('signin.title')}>
      {reason && (
        <div className="mb-4">
          <Alert kind="info">{t(`signin.why.${reason}`)}</Alert>
        </div>
      )}
      <form onSubmit={submit} noValidate className="grid gap-4">
        {error && (
          <Alert kind="error">
            {error}
            {unverified && (
              <button type="button" onClick={startVerification} className="mt-2 block font-semibold underline">
                {t('signin.sendCode')}
              </button>
            )}
          </Alert>
        )}
        <Field
          label={t('auth.emailLabel')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldErrors((f) => ({ ...f, email: '' }));
          }}
          error={fieldErrors.email}
        />
        <PasswordField
          label={t('auth.passwordLabel')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldErrors((f) => ({ ...f, password: '' }));
          }}
          error={fieldErrors.password}
        />
        <div className="text-right text-sm">
          <Link to="/password-reset-request" className="font-medium text-brand-dark underline">{t('signin.forgot')}</Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t('signin.busy') : t('auth.signIn')}
        </button>
      </form>
      <SmsSignIn
        onSignedIn={() => {
          setDone(true);
          showToast(t('api.signedIn'));
          navigate(target, { replace: true, state: after });
        }}
      />
      <p className="mt-6 text-center text-sm text-gray-700">
        {t('signin.new')}{' '}
        <button type="button" onClick={() => setChooser(true)} className="font-medium text-brand-dark underline">
          {t('signin.create')}
        </button>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link to="/products" className="text-gray-700 underline">{t('signin.continue')}</Link>
      </p>
      <ChooserDialog open={chooser} onClose={() => setChooser(false)} from={target === '/' ? undefined : target} />
      <VerifyEmailDialog
        email={email.trim()}
        open={verifying}
        onClose={() => setVerifying(false)}
        onVerified={async () => {
          try {
            await finish();
          } catch (e) {
            setDone(false);
            setVerifying(false);
            setError(errorMessage(e, t('auth.loginFailedAfterVerify')));
          }
        }}
      />
    </AuthCard>
  );
}
