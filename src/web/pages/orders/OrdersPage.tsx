import { useLiveQuery } from 'dexie-react-hooks';
import { ChevronLeft, ChevronRight, PackageOpen } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { localOrdersPage, refreshOrders } from '../../../local/orders';
import type { Pagination } from '../../../shared/pagination';
import { ORDERS_PAGE_SIZE } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { Price } from '../../components/Price';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { Alert } from '../../components/ui/Alert';
import { PaymentBadge, StatusBadge, paymentWords, statusWords } from '../../components/ui/badges';
import { formatDate } from '../../../shared/dates';
import { itemsText } from '../../components/items-text';
import { useLocale, useT } from '../../i18n/language';

/** /orders: the history, read from the phone's copy and refreshed from the server when online. */
export default function OrdersPage() {
  const t = useT();
  const locale = useLocale();
  const { session } = useSession();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const local = useLiveQuery(() => localOrdersPage(page, ORDERS_PAGE_SIZE), [page, session?.user.id]);
  const [server, setServer] = useState<{ page: number; pagination: Pagination }>();
  const [state, setState] = useState<'loading' | 'done' | 'error'>('loading');

  const load = useCallback(() => {
    setState('loading');
    refreshOrders(api, page)
      .then((answer) => {
        setServer({ page, pagination: answer.pagination });
        setState('done');
      })
      .catch(() => setState('error'));
  }, [page]);

  useEffect(() => {
    if (session && online) load();
    else setState('done');
  }, [session, online, load]);

  if (!session) return <p className="container-page py-12 text-center">{t('orders.signIn')}</p>;
  const orders = local?.data;
  const pagination = server?.page === page ? server.pagination : local?.pagination;

  return (
    <div className="container-page py-6">
      <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
      {!online && <div className="mt-4"><Alert kind="info">{t('orders.offline')}</Alert></div>}

      {orders === undefined || (orders.length === 0 && state === 'loading') ? (
        <Spinner label={t('orders.loading')} />
      ) : orders.length === 0 && state === 'error' ? (
        <div className="py-12 text-center">
          <h2 className="text-xl font-semibold">{t('orders.errorTitle')}</h2>
          <p className="mt-2 text-gray-700">{t('orders.errorText')}</p>
          <button type="button" className="btn-primary mt-4" onClick={load}>{t('orders.tryAgain')}</button>
        </div>
      ) : orders.length === 0 ? (
        <div className="py-12 text-center">
          <PackageOpen size={48} className="mx-auto text-gray-400" aria-hidden="true" />
          <h2 className="mt-2 text-xl font-semibold">{t('orders.none')}</h2>
          <p className="mt-2 text-gray-700">{t('orders.noneText')}</p>
          <Link to="/products" className="btn-primary mt-4">{t('orders.browse')}</Link>
        </div>
      ) : (
        <>
          {state === 'error' && <div className="mt-4"><Alert kind="error">{t('orders.errorText')}</Alert></div>}
          <ul className="mt-4 space-y-3" data-testid="order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <Link to={`/orders/${order.id}`} className="card flex gap-3 p-3 transition hover:ring-brand">
                  {order.previewImage ? (
                    <img src={order.previewImage} alt="" width={80} height={60} loading="lazy" className="h-16 w-20 shrink-0 rounded-lg object-cover" />
                  ) : (
                    <span className="h-16 w-20 shrink-0 rounded-lg bg-brand-light" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="whitespace-nowrap font-semibold">{order.orderNumber}</span>
                      <StatusBadge status={order.status} />
                      {/* A paid order's state already reads "Paid": the payment badge only when it adds something. */}
                      {paymentWords(order.paymentStatus) !== statusWords(order.status) && <PaymentBadge status={order.paymentStatus} />}
                    </span>
                    <span className="mt-1 flex flex-wrap justify-between gap-x-2 text-sm text-gray-600">
                      <span>{formatDate(order.createdAt, locale)} · {itemsText(order.itemCount)}</span>
                      <Price value={order.totalAmount} className="font-bold text-gray-900" />
                    </span>
                    <span className="mt-1 block break-words text-sm text-gray-800">
                      {order.itemsSummary.map((i) => `${i.quantity} × ${i.productName}`).join(', ')}
                      {order.hasMoreItems ? t('orders.andMore') : ''}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {pagination && pagination.totalPages > 1 && (
            <nav aria-label={t('orders.pages')} className="mt-6 flex items-center justify-center gap-3">
              <button type="button" className="btn-outline" disabled={!pagination.hasPreviousPage} onClick={() => setParams({ page: String(page - 1) })}>
                <ChevronLeft size={16} aria-hidden="true" /> {t('products.previous')}
              </button>
              <span className="text-sm text-gray-700">{t('orders.pageOf', { page: pagination.currentPage, pages: pagination.totalPages })}</span>
              <button type="button" className="btn-outline" disabled={!pagination.hasNextPage} onClick={() => setParams({ page: String(page + 1) })}>
                {t('products.next')} <ChevronRight size={16} aria-hidden="true" />
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
