import { useId, useState } from 'react';
import { formatCedis } from '../../../shared/money';
import type { Page } from '../../../shared/pagination';
import { ORDER_STATUSES, orderStatusUpdateSchema, pickupCodeSchema, type AdminOrderListItem, type OrderStatus } from '../../../shared/schemas/orders';
import { parseWith } from '../../../shared/schemas/parse';
import { api } from '../../app/api';
import { Banner, capitalise, formatDateTime, PaymentBadge, StatusBadge } from '../orders/ui';
import { useRemote } from '../sellers/useRemote';
import { Pager, RemoteList, StatusFilter, useDecision } from './ui';

type Move = 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

/** The next step forward from each status; payment moves PENDING -> PROCESSING by itself. */
const NEXT: Partial<Record<OrderStatus, { to: Move; label: string }>> = {
  PROCESSING: { to: 'SHIPPED', label: 'Mark ready for pickup' },
};
const CANCELLABLE: OrderStatus[] = ['PENDING', 'PROCESSING', 'SHIPPED'];

/** 'Orders': recent orders, newest first; the operator moves them along or cancels them. */
export function OrdersDesk() {
  const [filter, setFilter] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const remote = useRemote(
    async () => ({ value: await api.get<Page<AdminOrderListItem>>(`admin/orders?page=${page}${filter ? `&status=${filter}` : ''}`) }),
    [filter, page],
  );
  const decision = useDecision(remote.reload);
  const move = (order: AdminOrderListItem, status: Move, notes: string) => {
    const parsed = parseWith(orderStatusUpdateSchema, { status, notes });
    if (!parsed.ok) return decision.fail(order.id, parsed.error.message);
    void decision.run(
      order.id,
      () => api.patch(`admin/orders/${order.id}/status`, { status, ...(parsed.value.notes ? { notes: parsed.value.notes } : {}) }),
      `Order ${order.orderNumber} is now ${capitalise(status).toLowerCase()}.`,
    );
  };

  /** Warehouse staff hand a ready order over with the buyer's 6-digit code. */
  const collect = (order: AdminOrderListItem, code: string) => {
    const parsed = parseWith(pickupCodeSchema, { code });
    if (!parsed.ok) return decision.fail(order.id, parsed.error.message);
    void decision.run(order.id, () => api.post(`admin/orders/${order.id}/pickup`, parsed.value), `Order ${order.orderNumber} is delivered.`);
  };

  return (
    <div className="space-y-4">
      <StatusFilter label="Status" all="All orders" states={ORDER_STATUSES} value={filter} onChange={(value) => { setFilter(value); setPage(1); }} />
      {decision.done && <Banner kind="success">{decision.done}</Banner>}
      <RemoteList remote={{ ...remote, data: remote.data?.data }} empty="No orders to show.">
        {(orders) => (
          <ul className="space-y-3">
            {orders.map((o) => (
              <li key={o.id}>
                <OrderCard key={o.status} order={o} busy={decision.busy === o.id} error={decision.errorFor(o.id)} onMove={(status, notes) => move(o, status, notes)} onCollect={(code) => collect(o, code)} />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <Pager pagination={remote.data?.pagination} onPage={setPage} />
    </div>
  );
}

function OrderCard({ order: o, busy, error, onMove, onCollect }: { order: AdminOrderListItem; busy: boolean; error: string | undefined; onMove: (status: Move, notes: string) => void; onCollect: (code: string) => void }) {
  const [notes, setNotes] = useState('');
  const [code, setCode] = useState('');
  const codeId = useId();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const notesId = useId();
  const next = NEXT[o.status];
  const cancellable = CANCELLABLE.includes(o.status);

  return (
    <article className="card p-4" aria-labelledby={`order-${o.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`order-${o.id}`} className="font-semibold text-gray-900">Order {o.orderNumber}</h2>
        <div className="flex flex-wrap gap-1"><StatusBadge status={o.status} /><PaymentBadge status={o.paymentStatus} /></div>
      </div>
      <p className="mt-1 text-sm text-gray-700">{formatDateTime(o.createdAt)} · {o.customer.firstName} {o.customer.lastName} ({o.customer.email}{o.customer.phone ? `, ${o.customer.phone}` : ''})</p>
      <p className="text-sm text-gray-700">Pickup: {o.pickupWarehouse}</p>
      <ul className="mt-2 text-sm text-gray-800">
        {o.itemsSummary.map((item, i) => <li key={i}>{item.quantity} × {item.productName}</li>)}
      </ul>
      <p className="mt-2 font-bold text-gray-900">{formatCedis(o.totalAmount)}</p>
      {error && <div className="mt-3"><Banner kind="error">{error}</Banner></div>}
      {o.status === 'SHIPPED' && (
        <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); onCollect(code); }}>
          <div>
            <label htmlFor={codeId} className="block text-sm font-medium text-gray-800">Buyer's pickup code</label>
            <input id={codeId} className="input w-36 font-mono tracking-widest" inputMode="numeric" autoComplete="off" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Checking…' : 'Hand over'}</button>
        </form>
      )}
      {(next || cancellable) && (
        <div className="mt-3 space-y-2">
          <label htmlFor={notesId} className="block text-sm font-medium text-gray-800">Note for the order history (optional)</label>
          <input id={notesId} className="input" value={notes} maxLength={500} onChange={(e) => setNotes(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            {next && <button type="button" className="btn-primary" disabled={busy} onClick={() => onMove(next.to, notes)}>{busy ? 'Sending…' : next.label}</button>}
            {cancellable && !confirmingCancel && (
              <button type="button" className="btn-outline" disabled={busy} onClick={() => setConfirmingCancel(true)}>Cancel order</button>
            )}
            {confirmingCancel && (
              <>
                <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} onClick={() => onMove('CANCELLED', notes)}>Yes, cancel {o.orderNumber}</button>
                <button type="button" className="btn-outline" disabled={busy} onClick={() => setConfirmingCancel(false)}>Keep order</button>
              </>
            )}
          </div>
          {confirmingCancel && o.paymentStatus === 'PAID' && <p className="text-sm text-amber-900">This order is paid: cancelling refunds the buyer's mobile money.</p>}
        </div>
      )}
    </article>
  );
}
