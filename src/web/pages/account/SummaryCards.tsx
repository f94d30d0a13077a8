import { Heart, MapPin, Package, ShoppingCart, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Price } from '../../components/Price';
import type { Address, RecentOrder } from '../../../shared/schemas/accounts';
import { formatDate } from '../../../shared/dates';
import { orderStatusLabel } from '../../../shared/order-labels';
import { useLocale, useT } from '../../i18n/language';

const STATUS_COLOURS: Record<string, string> = {
  DELIVERED: 'bg-green-100 text-green-800',
  PROCESSING: 'bg-blue-100 text-blue-800',
  SHIPPED: 'bg-yellow-100 text-yellow-800',
  CANCELLED: 'bg-red-100 text-red-800',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_COLOURS[status] ?? 'bg-gray-100 text-gray-800'}`}>{orderStatusLabel(status)}</span>;
}

export function RecentOrdersCard({ orders }: { orders: RecentOrder[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="card p-5">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold">{t('profile.recentOrders')}</h2>
        {orders.length > 0 && <Link to="/orders" className="text-sm font-medium text-brand-dark underline">{t('profile.viewAll')}</Link>}
      </div>
      {orders.length === 0 ? (
        <div className="py-4 text-center">
          <Package className="mx-auto mb-2 text-gray-400" aria-hidden="true" />
          <p className="mb-3 text-gray-700">{t('profile.noOrders')}</p>
          <Link to="/products" className="btn-primary">{t('profile.browse')}</Link>
        </div>
      ) : (
        <ul className="divide-y divide-gray-100">
          {orders.map((order) => (
            <li key={order.id}>
              <Link to={`/orders/${order.id}`} className="flex items-center justify-between gap-2 py-3 hover:bg-gray-50">
                <span>
                  <span className="block font-medium">{order.orderNumber}</span>
                  <span className="block text-sm text-gray-600">{formatDate(order.orderDate, locale)}</span>
                </span>
                <span className="text-right">
                  <Price value={order.totalAmount} className="block font-semibold" />
                  <StatusBadge status={order.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function formatAddress(a: Address): string {
  return [a.street, a.city, a.region, a.postalCode, a.country].filter(Boolean).join(', ');
}

export function AddressesCard({ addresses }: { addresses: Address[] }) {
  const t = useT();
  const first = addresses[0];
  const more = addresses.length - 1;
  return (
    <div className="card p-5">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold">{t('profile.addresses')}</h2>
        {first && <Link to="/addresses" className="text-sm font-medium text-brand-dark underline">{t('profile.manage')}</Link>}
      </div>
      {first ? (
        <div className="text-sm">
          <p className="flex items-start gap-2">
            <MapPin size={18} className="mt-0.5 shrink-0 text-brand" aria-hidden="true" />
            <span>{formatAddress(first)}</span>
            {first.isDefault && <span className="rounded-full bg-brand-light px-2 py-0.5 text-xs font-semibold text-brand-dark">{t('profile.default')}</span>}
          </p>
          {more > 0 && <p className="mt-2 text-gray-600">{t('profile.moreAddresses', { n: more })}</p>}
        </div>
      ) : (
        <div className="py-2 text-center">
          <p className="mb-3 text-gray-700">{t('profile.noAddresses')}</p>
          <Link to="/addresses/new" className="btn-primary">{t('profile.addAddress')}</Link>
        </div>
      )}
    </div>
  );
}

export function QuickActions() {
  const t = useT();
  const actions = [
    { to: '/cart', label: t('account.cart'), icon: ShoppingCart },
    { to: '/orders', label: t('account.orders'), icon: Package },
    { to: '/wishlist', label: t('account.wishlist'), icon: Heart },
    { to: '/payment-methods', label: t('profile.paymentMethods'), icon: Wallet },
  ];
  return (
    <div className="card p-5">
      <h2 className="mb-3 text-lg font-semibold">{t('profile.quick')}</h2>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {actions.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className="flex flex-col items-center gap-1 rounded-lg border border-gray-200 p-3 text-sm hover:border-brand hover:bg-brand-light">
            <Icon className="text-brand" aria-hidden="true" />
            {label}
          </Link>
        ))}
      </div>
    </div>
  );
}
