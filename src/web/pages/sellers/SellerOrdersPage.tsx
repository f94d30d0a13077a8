import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { OUTBOX_EVENT } from '../../../local/outbox';
import { markAtWarehouse, refreshSellerOrders } from '../../../local/sellers';
import { formatCedis } from '../../../shared/money';
import { SELLER_ORDER_STATES, type SellerOrder } from '../../../shared/schemas/sellers';
import { api } from '../../app/api';
import { Spinner } from '../../components/Spinner';
import { SellerShell } from './SellerShell';
import { useRemote } from './useRemote';
import { formatDate } from '../../../shared/dates';

const capitalise = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');

/** /seller/orders: orders that contain the seller's products, with only the seller's lines. */
export default function SellerOrdersPage() {
  return <SellerShell title="Orders">{(owner) => <Orders owner={owner} />}</SellerShell>;
}

const STATE_WORDS: Record<string, string> = { PROCESSING: 'To bring in', SHIPPED: 'Ready for pickup', DELIVERED: 'Collected', CANCELLED: 'Cancelled' };

function Orders({ owner }: { owner: string }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const filterId = useId();
  const { data, loading, error, fromCache, reload } = useRemote(() => refreshSellerOrders(api, owner, page, undefined, status), [owner, page, status]);
  // A mark queued or sent: show it (the outbox copy overlays the last answer until the server has it).
  useEffect(() => {
    window.addEventListener(OUTBOX_EVENT, reload);
    return () => window.removeEventListener(OUTBOX_EVENT, reload);
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
              <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-800">{STATE_WORDS[order.status] ?? capitalise(order.status)}</span>
              <span className={`rounded-full px-2 py-0.5 ${order.paymentStatus === 'PAID' ? 'bg-green-100 text-green-900' : 'bg-yellow-100 text-yellow-900'}`}>
                Payment: {capitalise(order.paymentStatus)}
              </span>
            </div>
            <ul className="mt-3 divide-y divide-gray-100 text-sm">
              {order.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-1">
                  <span>{item.quantity} × {item.productName}</span>
                  <span className="flex items-center gap-3">
                    <span>{formatCedis(item.total)}</span>
                    <LineState order={order} item={item} />
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
              <span className="text-gray-700">Buyer: {order.buyerName}{order.pickupWarehouse ? ` · Pickup: ${order.pickupWarehouse}` : ''}</span>
              <span className="font-semibold">Your items: {formatCedis(order.sellerTotal)}</span>
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
  if (item.atWarehouseAt) return <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">At the warehouse</span>;
  if (order.status !== 'PROCESSING') return null;
  return (
    <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => void markAtWarehouse(order, item)} aria-label={`Mark ${item.productName} at the warehouse`}>
      Mark at the warehouse
    </button>
  );
}
