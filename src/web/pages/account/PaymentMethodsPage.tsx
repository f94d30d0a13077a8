import { Smartphone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { NETWORK_LABELS } from '../../../shared/phone';
import { useT } from '../../i18n/language';
import { AccountLayout, displayPhone } from './AccountLayout';
import { useProfile } from './ProfilePage';

/** /payment-methods: what paying is like here. Nothing is stored: the number is typed at checkout. */
export default function PaymentMethodsPage() {
  const t = useT();
  const { profile } = useProfile();
  return (
    <AccountLayout title={t('payMethods.title')}>
      <div className="grid max-w-2xl gap-4">
        <div className="card p-5">
          <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold">
            <Smartphone className="text-brand" aria-hidden="true" /> {t('payMethods.momo')}
          </h2>
          <p className="text-sm text-gray-700">{t('payMethods.momoText', { networks: Object.values(NETWORK_LABELS).join(', ') })}</p>
          <p className="mt-3 text-sm">
            <span className="text-gray-600">{t('payMethods.phone')}</span>
            <span className="font-medium">{displayPhone(profile?.phoneNumber)}</span>{' '}
            <Link to="/profile" className="text-brand-dark underline">{t('payMethods.change')}</Link>
          </p>
        </div>
        <div className="card p-5 text-sm text-gray-700">
          <h2 className="mb-2 text-lg font-semibold text-gray-900">{t('payMethods.cards')}</h2>
          {t('payMethods.cardsSoon')}
        </div>
      </div>
    </AccountLayout>
  );
}
