import { Link } from 'react-router-dom';
import type { SessionUser } from '../../../local/session';
import { SecurityCard } from './SecurityCard';

/**
 * /profile for an operator. The shopper's profile (GET /shop/customers/me: addresses, recent
 * orders) is for customers only, so the operator's page is built from the session: who is
 * signed in, the way to the console, and the password and sessions (calls any user may make).
 */
export function OperatorProfile({ user }: { user: SessionUser }) {
  return (
    <div className="container-page grid max-w-2xl gap-4 py-6">
      <h1 className="text-2xl font-bold">My Account</h1>
      <section className="card p-4" aria-labelledby="operator-who">
        <h2 id="operator-who" className="text-lg font-semibold">{`${user.firstName} ${user.lastName}`.trim() || user.email}</h2>
        <p className="text-sm text-gray-700">{user.email}</p>
        <p className="mt-1 text-sm text-gray-700">Account type: Operator</p>
        <Link to="/admin" className="btn-primary mt-4">Operator console</Link>
      </section>
      <SecurityCard passwordChangedAt={user.passwordChangedAt} />
    </div>
  );
}
