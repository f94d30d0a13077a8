import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { OUTBOX_EVENT } from '../../../local/outbox';
import { markAtWarehouse, refreshSellerOrders, undoAtWarehouse } from '../../../local/sellers';
import { Price } from '../../components/Price';
import { SELLER_ORDER_STATES, type SellerOrder } from '../../../shared/schemas/sellers';
import { api } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { ConsignmentTimeline } from '../../components/ConsignmentTimeline';
import { SellerShell } from './SellerShell';
import { useRemote } from '../../hooks/useRemote';
import { formatDate } from '../../../shared/dates';
import { LINE_LABELS, ORDER_STATUS_LABELS, orderStatusLabel, paymentStatusLabel } from '../../../shared/order-labels';
import { statusWords } from '../../components/ui/badges';
import { useT } from '../../i18n/language';


/** /seller/orders: orders that contain the seller's products, with only the seller's lines. */
export default function SellerOrdersPage() {
  return <SellerShell title="seller.title.orders">{(owner) => <Orders owner={owner} />}</SellerShell>;
}

/** The filter's words: a paid order is, for its seller, one to bring in. */
const STATE_WORDS: Record<string, string> = { ...ORDER_STATUS_LABELS, PROCESSING: 'To bring in' };

function Orders({ owner }: { owner: number }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const filterId = useId();
  const { data, loading, error, fromCache, reload } = useRemote(() => refreshSellerOrders(api, owner, page, undefined, status), [owner, page, status]);
  // A mark queued or sent: show it (the outbox copy overlays the last answer until the server has it).
  useEffect(() => {
    window.addEventListener(OUTBOX_EVENT, reload);
    return () => window.removeEventListener(OUTBOX_EVENT, reload);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once: reload is new each render but only bumps useRemote's counter
  }, []);
  const filter = (
    <div className="max-w-xs">
      <label htmlFor={filterId} className="mb-1 block text-sm font-medium">State</label>
      <select id={filterId} className="input" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
        <option value="">All orders</option>
        {SELLER_ORDER_STATES.map((s) => <option key={s} value={s}>{STATE_WORDS[s]}</option>)}
      </select>
    </div>
  );
  if (!data && loading) return <Spinner label="Loading orders..." />;
  if (!data || error) {
    return (
      <div role="alert" className="card p-6 text-center">
        <p className="font-semibold text-red-800">Error loading orders</p>
        <p className="mt-1 text-gray-700">There was an error loading your orders. Please try again.</p>
        <button type="button" className="btn-primary mt-3" onClick={reload}>Retry</button>
      </div>
    );
  }
  if (data.data.length === 0) {
    return (
      <div className="space-y-4">
      {filter}
      <div className="card p-8 text-center">
        <p className="text-lg font-semibold">No orders yet</p>
        <p className="mt-1 text-gray-700">When buyers order your products, the orders show here.</p>
        <Link to="/sellers/me/products" className="btn-primary mt-4">Manage products</Link>
      </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {filter}
      {fromCache && <p className="text-sm text-amber-800">Offline: these are the orders from your last visit.</p>}
      <ul className="space-y-3">
        {data.data.map((order) => (
          <li key={order.id} className="card p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">{order.orderNumber}</p>
              <p className="text-sm text-gray-600">{formatDate(order.createdAt)}</p>
            </div>
            <div className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
              <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-800">{STATE_WORDS[order.status] ?? orderStatusLabel(order.status)}</span>
              <span className={`rounded-full px-2 py-0.5 ${order.paymentStatus === 'PAID' ? 'bg-green-100 text-green-900' : 'bg-yellow-100 text-yellow-900'}`}>
                Payment: {paymentStatusLabel(order.paymentStatus)}
              </span>
            </div>
            <ul className="mt-3 divide-y divide-gray-100 text-sm">
              {order.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-1">
                  <span>{item.quantity} × {item.productName}</span>
                  <span className="flex items-center gap-3">
                    <Price value={item.total} />
                    <LineState order={order} item={item} />
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-3"><ConsignmentTimeline consignments={order.consignments} /></div>
            <div className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
              <span className="text-gray-700">Buyer: {order.buyerName}{order.pickupWarehouse ? ` · Pickup: ${order.pickupWarehouse}` : ''}</span>
              <span className="font-semibold">Your items: <Price value={order.sellerTotal} /></span>
            </div>
          </li>
        ))}
      </ul>
      {data.pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <p className="text-sm text-gray-700">Page {data.pagination.currentPage} of {data.pagination.totalPages}</p>
          <div className="flex gap-2">
            <button type="button" className="btn-outline" disabled={!data.pagination.hasPreviousPage} onClick={() => setPage((n) => n - 1)}>Previous</button>
            <button type="button" className="btn-outline" disabled={!data.pagination.hasNextPage} onClick={() => setPage((n) => n + 1)}>Next</button>
          </div>
        </nav>
      )}
    </div>
  );
}

function LineState({ order, item }: { order: SellerOrder; item: SellerOrder['items'][number] }) {
  const t = useT();
  // A mark may text the buyer a pickup code (the order's last line): asked once more, never one tap.
  const [asking, setAsking] = useState(false);
  // Marks can be taken back until the order is ready for pickup (the server refuses after).
  const open = order.status === 'PROCESSING';
  // Lines that travel are counted in by the staff of the seller's drop-off warehouse (the
  // server refuses the seller's own mark and its undo): the timeline says where they are.
  const travels = (order.consignments?.length ?? 0) > 0;
  if (order.status === 'DELIVERED') {
    return <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{statusWords('DELIVERED')}</span>;
  }
  if (item.atWarehouseAt) {
    return (
      <span className="flex items-center gap-2">
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{LINE_LABELS.atWarehouse}</span>
        {open && !travels && (
          <button type="button" className="btn-outline min-h-11" onClick={() => void undoAtWarehouse(order, item)} aria-label={`Undo: ${item.productName} not at the warehouse`}>
            Undo
          </button>
        )}
      </span>
    );
  }
  if (!open || travels) return null;
  if (asking) {
    return (
      <span role="group" aria-label={t('seller.mark.label', { name: item.productName })} className="flex w-full flex-wrap items-center gap-2">
        <span className="basis-full text-gray-800">{t('seller.mark.question', { name: item.productName, warehouse: order.pickupWarehouse ?? '' })}</span>
        <button type="button" className="btn-primary min-h-11" onClick={() => { setAsking(false); void markAtWarehouse(order, item); }}>{t('seller.mark.yes')}</button>
        <button type="button" className="btn-outline min-h-11" onClick={() => setAsking(false)}>{t('seller.mark.no')}</button>
      </span>
    );
  }
  return (
    <button type="button" className="btn-outline min-h-11" onClick={() => setAsking(true)} aria-label={t('seller.mark.label', { name: item.productName })}>
      {t('seller.mark.button')}
    </button>
  );
}
