import { Link } from 'react-router-dom';
import { SELLER_MESSAGES } from '../../../shared/schemas/sellers';

/** Where a used, expired or unknown verification link lands. */
export default function VerifyEmailFailedPage() {
  return (
    <section className="container-page max-w-xl py-12">
      <h1 className="text-2xl font-bold">{SELLER_MESSAGES.verifyFailedTitle}</h1>
      <p className="mt-3 text-gray-700">{SELLER_MESSAGES.verifyFailed}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/resend-verification" className="btn-primary">Resend verification email</Link>
        <Link to="/contact" className="btn-outline">Contact support</Link>
        <Link to="/signin" className="btn-outline">Sign in</Link>
      </div>
    </section>
  );
}
