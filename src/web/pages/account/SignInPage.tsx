import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { resendEmailCode, signIn } from '../../../local/account';
import { MESSAGES, loginSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';
import { ChooserDialog } from './ChooserDialog';
import { VerifyEmailDialog } from './VerifyEmailDialog';
import { publicApi } from '../../lib/publicApi';
import { returnPath, type ReturnState } from './return-path';
import { showToast } from '../../components/ui/toast';
import { Alert } from '../../components/ui/Alert';
import { AuthCard } from './AuthCard';
import { Field, PasswordField } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { SmsSignIn } from './SmsSignIn';

export default function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as ReturnState | null;
  const target = returnPath(state);
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
  if (session && !done && !busy && !verifying) return <Navigate to={target} replace />;

  const finish = async () => {
    setDone(true);
    await signIn(publicApi, email, password);
    showToast(MESSAGES.signedIn);
    navigate(target, { replace: true });
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
      if (e instanceof ApiError && e.status === 401) setError(MESSAGES.invalidCredentials);
      else setError(errorMessage(e, 'Login failed'));
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
        setError(errorMessage(e, 'Failed to resend code'));
        return;
      }
    }
    setVerifying(true);
  };

  return (
    <AuthCard title="Sign in to your account">
      <form onSubmit={submit} noValidate className="grid gap-4">
        {error && (
          <Alert kind="error">
            {error}
            {unverified && (
              <button type="button" onClick={startVerification} className="mt-2 block font-semibold underline">
                Send me a verification code
              </button>
            )}
          </Alert>
        )}
        <Field
          label="Email address"
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
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldErrors((f) => ({ ...f, password: '' }));
          }}
          error={fieldErrors.password}
        />
        <div className="text-right text-sm">
          <Link to="/password-reset-request" className="font-medium text-brand-dark underline">Forgot your password?</Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <SmsSignIn
        onSignedIn={() => {
          setDone(true);
          showToast(MESSAGES.signedIn);
          navigate(target, { replace: true });
        }}
      />
      <p className="mt-6 text-center text-sm text-gray-700">
        New to Akuafo Market?{' '}
        <button type="button" onClick={() => setChooser(true)} className="font-medium text-brand-dark underline">
          create a new account
        </button>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link to="/products" className="text-gray-700 underline">Continue to Products</Link>
      </p>
      <ChooserDialog open={chooser} onClose={() => setChooser(false)} from={state?.from} />
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
            setError(errorMessage(e, 'Login failed after verification'));
          }
        }}
      />
    </AuthCard>
  );
}
