import { useLiveQuery } from 'dexie-react-hooks';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { lastCheckout } from '../../../local/checkout';
import { localOrderDetail } from '../../../local/orders';
import type { OrderDetail } from '../../../shared/schemas/orders';
// A deliberate cross-page edge (listed in .dependency-cruiser.cjs): the paid order goes to the
// confirmation page in the navigation state, in the shape that page declares.
import type { ConfirmationOrder } from '../orders/OrderConfirmationPage';
import { Price } from '../../components/Price';
import { partsOfOrder } from '../../../shared/totals';
import { useT } from '../../i18n/language';

interface SuccessState {
  orderId?: number;
  orderNumber?: string;
  amount?: number;
}

const CONFETTI_COLOURS = ['#2e8b57', '#f4d35e', '#ee964b', '#3a86ff', '#e63946'];

/** /checkout/success: shown without the navigation bar, with a short CSS celebration. */
export default function PaymentSuccessPage() {
  const t = useT();
  const state = (useLocation().state ?? {}) as SuccessState;
  const last = useLiveQuery(() => lastCheckout(), []);
  const orderNumber = state.orderNumber ?? last?.paid?.orderNumber;
  const orderId = state.orderId ?? last?.paid?.orderId;
  const amount = state.amount ?? last?.paid?.amount;

  const detail = useLiveQuery(async () => (orderId === undefined ? undefined : localOrderDetail(orderId)), [orderId]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-brand-light px-4">
      <style>{`
        @keyframes akuafo-confetti { 0% { transform: translateY(-10vh) rotate(0); opacity: 1 } 100% { transform: translateY(105vh) rotate(720deg); opacity: 0.2 } }
        .akuafo-confetti { position: absolute; top: 0; width: 10px; height: 14px; border-radius: 2px; animation: akuafo-confetti 2.8s ease-in forwards; }
        @media (prefers-reduced-motion: reduce) { .akuafo-confetti { display: none } }
      `}</style>
      <div aria-hidden="true">
        {Array.from({ length: 36 }, (_, i) => (
          <span
            key={i}
            className="akuafo-confetti"
            style={{ left: `${(i * 37) % 100}%`, background: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length], animationDelay: `${(i % 9) * 0.12}s` }}
          />
        ))}
      </div>
      <div className="card relative z-10 w-full max-w-md p-8 text-center">
        <CheckCircle2 size={64} className="mx-auto text-brand" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{t('payment.success')}</h1>
        <p className="mt-2 text-gray-700">
          {orderNumber ? t('payment.thanksNumber', { number: orderNumber }) : t('payment.thanks')}
          {amount !== undefined && (
            <>
              {' '}{t('payment.receivedBefore')}<Price value={amount} className="font-semibold" />{t('payment.receivedAfter')}
            </>
          )}{' '}
          {t('payment.email')}
        </p>
        <div className="mt-6 grid gap-3">
          <Link to="/orders" className="btn-primary">{t('payment.viewOrders')}</Link>
          {detail && (
            <Link to="/order-confirmation" state={{ order: confirmationOf(detail) }} className="btn-outline">
              {t('payment.confirmation')}
            </Link>
          )}
          <Link to="/products" className="btn-outline">{t('cart.continue')}</Link>
        </div>
      </div>
    </div>
  );
}

/** The order in the confirmation page's navigation-state shape. */
function confirmationOf(detail: OrderDetail): ConfirmationOrder {
  return {
    orderNumber: detail.orderNumber,
    date: detail.createdAt,
    status: detail.status,
    trackingNumber: detail.trackingNumber,
    estimatedDelivery: detail.estimatedDelivery,
    items: detail.items.map((i) => ({ name: i.product.name, quantity: i.quantity, price: i.unitPrice })),
    total: detail.totalAmount,
    totals: partsOfOrder(detail),
    paymentMethod: 'mobileMoney',
    paymentDetails: { mobileMoney: { network: detail.mobileMoney.network ?? '', phoneNumber: detail.mobileMoney.phoneNumber ?? '' } },
  };
}
