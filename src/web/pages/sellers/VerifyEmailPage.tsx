import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { verifySellerEmail } from '../../../local/sellers';
import { SELLER_MESSAGES } from '../../../shared/schemas/sellers';
import { Spinner } from '../../components/Spinner';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { useT } from '../../i18n/language';

// A link works once: remember the answer per token, so a second render (StrictMode, a
// re-mount) never spends it twice and then reports a failure.
const attempts = new Map<string, Promise<{ message: string }>>();

/** /sellers/verify-email?token=...: spends the link, then says so or goes to the failed page. */
export default function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    if (!token) return;
    let current = attempts.get(token);
    if (!current) {
      current = verifySellerEmail(publicApi, token);
      attempts.set(token, current);
    }
    let live = true;
    current.then(
      (answer) => live && setMessage(answer.message),
      () => live && navigate('/sellers/verify-email/failed', { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  if (!token) return <Navigate to="/" replace />;
  if (!message) return <Spinner label="Verifying your email…" />;
  return (
    <section className="container-page max-w-xl py-12">
      <h1 className="mb-4 text-2xl font-bold">{t('seller.title.emailVerified')}</h1>
      <Alert kind="success">{message || SELLER_MESSAGES.verified}</Alert>
      <Link to="/signin" className="btn-primary mt-6">Sign in</Link>
    </section>
  );
}
