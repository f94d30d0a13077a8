import { Smartphone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { NETWORK_LABELS } from '../../../shared/phone';
import { AccountLayout, displayPhone } from './AccountLayout';
import { useProfile } from './ProfilePage';

/** /payment-methods: what paying is like here. Nothing is stored: the number is typed at checkout. */
export default function PaymentMethodsPage() {
  const { profile } = useProfile();
  return (
    <AccountLayout title="Payment Methods">
      <div className="grid max-w-2xl gap-4">
        <div className="card p-5">
          <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold">
            <Smartphone className="text-brand" aria-hidden="true" /> Mobile money
          </h2>
          <p className="text-sm text-gray-700">
            You pay for orders with mobile money: {Object.values(NETWORK_LABELS).join(', ')}. At checkout you choose the network and
            enter the number to charge, then approve the payment on your phone. We do not store mobile money numbers or card details.
          </p>
          <p className="mt-3 text-sm">
            <span className="text-gray-600">Phone number on your account: </span>
            <span className="font-medium">{displayPhone(profile?.phoneNumber)}</span>{' '}
            <Link to="/profile" className="text-brand-dark underline">Change</Link>
          </p>
        </div>
        <div className="card p-5 text-sm text-gray-700">
          <h2 className="mb-2 text-lg font-semibold text-gray-900">Cards</h2>
          Card payments are not available yet.
        </div>
      </div>
    </AccountLayout>
  );
}
