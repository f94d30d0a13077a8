import { CheckCircle2 } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { Price } from '../../components/Price';
import { TotalRows } from '../../components/TotalRows';
import type { TotalParts } from '../../../shared/totals';
import { formatPhone, NETWORK_LABELS, type MobileMoneyNetwork } from '../../../shared/phone';
import { formatDate } from '../../../shared/dates';
import { statusWords } from '../../components/ui/badges';
import { useLocale, useT } from '../../i18n/language';

/** The spec's confirmation-state order, passed through navigation state. */
export interface ConfirmationOrder {
  orderNumber: string;
  date: string;
  status: string;
  trackingNumber?: string;
  estimatedDelivery?: string | null;
  items: { name: string; quantity: number; price: number }[];
  total: number;
  /** What the total is made of (goods, VAT, pickup): listed under the items so they add up. */
  totals: TotalParts;
  paymentMethod: 'creditCard' | 'mobileMoney';
  paymentDetails?: { creditCard?: { cardNumber: string }; mobileMoney?: { network: string; phoneNumber: string } };
}

/** /order-confirmation: shows the order it was handed; without one, 'Order Not Found'. */
export default function OrderConfirmationPage() {
  const t = useT();
  const locale = useLocale();
  const order = (useLocation().state as { order?: ConfirmationOrder } | null)?.order;
  // A state kept from before totals were part of it is not shown with a total that leaves parts out.
  if (!order?.totals) {
    return (
      <div className="container-page py-12 text-center">
        <h1 className="text-2xl font-bold">{t('order.notFound')}</h1>
        <p className="mt-2 text-gray-700">{t('order.confirm.noneText')}</p>
        <Link to="/orders" className="btn-primary mt-6">{t('order.confirm.all')}</Link>
      </div>
    );
  }
  const momo = order.paymentDetails?.mobileMoney;
  return (
    <div className="container-page max-w-2xl py-8">
      <div className="text-center">
        <CheckCircle2 size={56} className="mx-auto text-brand" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">{t('order.confirm.title')}</h1>
        <p className="mt-1 text-gray-700">{t('order.confirm.line', { number: order.orderNumber, date: formatDate(order.date, locale), status: statusWords(order.status) })}</p>
        {order.estimatedDelivery && <p className="text-sm text-gray-600">{t('order.expected', { date: formatDate(order.estimatedDelivery, locale) })}</p>}
      </div>
      <div className="card mt-6 p-4">
        <ul className="divide-y divide-gray-100">
          {order.items.map((item, i) => (
            <li key={i} className="flex justify-between py-2 text-sm">
              <span>{item.quantity} × {item.name}</span>
              <Price value={item.price * item.quantity} />
            </li>
          ))}
        </ul>
        <TotalRows parts={order.totals} className="mt-2 space-y-1 border-t border-gray-200 pt-2 text-sm" />
        <p className="mt-3 text-sm text-gray-700">
          {t('order.confirm.paidWith', { method: order.paymentMethod === 'mobileMoney' ? t('checkout.mobileMoney') : t('order.confirm.card') })}
          {momo ? ` (${NETWORK_LABELS[momo.network as MobileMoneyNetwork] ?? momo.network}, ${formatPhone(momo.phoneNumber)})` : ''}
          {order.paymentDetails?.creditCard ? t('order.confirm.ending', { digits: order.paymentDetails.creditCard.cardNumber.slice(-4) }) : ''}
        </p>
      </div>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Link to={`/track-order?orderNumber=${encodeURIComponent(order.trackingNumber ?? order.orderNumber)}`} className="btn-primary">{t('order.track')}</Link>
        <Link to="/orders" className="btn-outline">{t('order.confirm.all')}</Link>
      </div>
    </div>
  );
}
