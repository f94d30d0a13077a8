import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { isResetTokenLive, resetPassword } from '../../../local/account';
import { MESSAGES } from '../../../shared/schemas/accounts';
import { NewPasswordForm } from './NewPasswordForm';
import { publicApi } from '../../lib/publicApi';
import { Spinner } from '../../components/Spinner';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

const REDIRECT_MS = 2500;

/** /reset-password?token=…: the page the e-mailed link opens. */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  // verifying -> valid | invalid; offline the check cannot run, so the form is shown and the
  // reset call itself gives the verdict.
  const [check, setCheck] = useState<'verifying' | 'valid' | 'invalid'>(token ? 'verifying' : 'invalid');

  useEffect(() => {
    if (!token) return;
    let live = true;
    isResetTokenLive(publicApi, token)
      .then((valid) => live && setCheck(valid ? 'valid' : 'invalid'))
      .catch(() => live && setCheck('valid'));
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/signin', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="mb-6 text-2xl font-bold">{t('reset.chooseTitle')}</h1>
        {check === 'verifying' ? (
          <Spinner label={t('reset.checkingLink')} />
        ) : check === 'invalid' ? (
          <div className="grid gap-4">
            <Alert kind="error">{token ? t('api.resetInvalid') : t('reset.missingToken')}</Alert>
            <Link to="/password-reset-request" className="btn-primary">{t('reset.newLink')}</Link>
          </div>
        ) : done ? (
          <Alert kind="success">{t('api.resetDone')}</Alert>
        ) : (
          <>
            <NewPasswordForm
              error={error}
              save={async (newPassword) => {
                setError(undefined);
                try {
                  await resetPassword(publicApi, { token, newPassword });
                  setDone(true);
                } catch (e) {
                  setError(e instanceof ApiError && !e.isNetwork ? e.message : errorMessage(e, t('reset.failed')));
                }
              }}
            />
            {(error === MESSAGES.resetInvalid || error === t('api.resetInvalid')) && (
              <p className="mt-4 text-center text-sm"><Link to="/password-reset-request" className="font-medium text-brand-dark underline">{t('reset.newLink')}</Link></p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
