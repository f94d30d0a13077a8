import { useId, useState } from 'react';
import { formatCedis } from '../../../shared/money';
import { LINE_LABELS, ORDER_STATUS_LABELS } from '../../../shared/order-labels';
import { formatPhone } from '../../../shared/phone';
import { ORDER_STATUSES, orderStatusUpdateSchema, pickupCodeSchema, type AdminOrderLine, type AdminOrderListItem, type OrderStatus } from '../../../shared/schemas/orders';
import { parseWith } from '../../../shared/schemas/parse';
import { api } from '../../lib/api';
import { Alert } from '../../components/ui/Alert';
import { formatDateTime } from '../../../shared/dates';
import { PaymentBadge, StatusBadge } from '../../components/ui/badges';
import { useRemote } from '../../hooks/useRemote';
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
    async () => ({ value: await api.call('GET /admin/orders', { query: { page: String(page), status: filter || undefined } }) }),
    [filter, page],
  );
  const decision = useDecision(remote.reload);
  const move = (order: AdminOrderListItem, status: Move, notes: string) => {
    const parsed = parseWith(orderStatusUpdateSchema, { status, notes });
    if (!parsed.ok) return decision.fail(order.id, parsed.error.message);
    void decision.run(
      order.id,
      () => api.call('PATCH /admin/orders/:id/status', { params: { id: order.id }, body: { status, ...(parsed.value.notes ? { notes: parsed.value.notes } : {}) } }),
      `Order ${order.orderNumber} is now ${ORDER_STATUS_LABELS[status].toLowerCase()}.`,
    );
  };

  /** Warehouse staff take a line in themselves, or take a mistaken mark back (both audited). */
  const markLine = (order: AdminOrderListItem, line: AdminOrderLine, arrived: boolean) => {
    const params = { id: order.id, itemId: line.id };
    void decision.run(
      order.id,
      () => (arrived ? api.call('PUT /admin/orders/:id/items/:itemId/at-warehouse', { params }) : api.call('DELETE /admin/orders/:id/items/:itemId/at-warehouse', { params })),
      arrived ? `${line.productName} (order ${order.orderNumber}) is at the warehouse.` : `${line.productName} (order ${order.orderNumber}) is no longer marked at the warehouse.`,
    );
  };

  /** Warehouse staff hand a ready order over with the buyer's 6-digit code. */
  const collect = (order: AdminOrderListItem, code: string) => {
    const parsed = parseWith(pickupCodeSchema, { code });
    if (!parsed.ok) return decision.fail(order.id, parsed.error.message);
    void decision.run(order.id, () => api.call('POST /admin/orders/:id/pickup', { params: { id: order.id }, body: parsed.value }), `Order ${order.orderNumber} was collected.`);
  };

  return (
    <div className="space-y-4">
      <StatusFilter label="Status" all="All orders" states={ORDER_STATUSES} name={(s) => ORDER_STATUS_LABELS[s]} value={filter} onChange={(value) => { setFilter(value); setPage(1); }} />
      <RemoteList remote={{ ...remote, data: remote.data?.data }} empty="No orders to show.">
        {(orders) => (
          <ul className="space-y-3">
            {orders.map((o) => (
              <li key={o.id}>
                <OrderCard key={o.status} order={o} busy={decision.busy === o.id} error={decision.errorFor(o.id)} onMove={(status, notes) => move(o, status, notes)} onCollect={(code) => collect(o, code)} onLine={(line, arrived) => markLine(o, line, arrived)} />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <Pager pagination={remote.data?.pagination} onPage={setPage} />
    </div>
  );
}

type CardProps = {
  order: AdminOrderListItem;
  busy: boolean;
  error: string | undefined;
  onMove: (status: Move, notes: string) => void;
  onCollect: (code: string) => void;
  onLine: (line: AdminOrderLine, arrived: boolean) => void;
};

function OrderCard({ order: o, busy, error, onMove, onCollect, onLine }: CardProps) {
  const [notes, setNotes] = useState('');
  const [code, setCode] = useState('');
  const codeId = useId();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const notesId = useId();
  const missing = o.lines.filter((l) => !l.atWarehouseAt);
  // Ready for pickup only with every line in: the server refuses otherwise, so the button waits too.
  const next = missing.length === 0 ? NEXT[o.status] : undefined;
  const cancellable = CANCELLABLE.includes(o.status);

  return (
    <article className="card p-4" aria-labelledby={`order-${o.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`order-${o.id}`} className="font-semibold text-gray-900">Order {o.orderNumber}</h2>
        <div className="flex flex-wrap gap-1"><StatusBadge status={o.status} /><PaymentBadge status={o.paymentStatus} /></div>
      </div>
      <p className="mt-1 text-sm text-gray-700">{formatDateTime(o.createdAt)} · {o.customer.firstName} {o.customer.lastName} ({o.customer.email}{o.customer.phone ? `, ${formatPhone(o.customer.phone)}` : ''})</p>
      <p className="text-sm text-gray-700">Pickup: {o.pickupWarehouse}</p>
      <ul className="mt-2 divide-y divide-gray-100 text-sm text-gray-800" aria-label={`Lines of order ${o.orderNumber}`}>
        {o.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
            <span>{line.quantity} × {line.productName} <span className="text-gray-600">· {line.sellerName}</span></span>
            <LineState status={o.status} line={line} busy={busy} onLine={onLine} />
          </li>
        ))}
      </ul>
      {o.status === 'PROCESSING' && missing.length > 0 && (
        <p className="mt-1 text-sm text-amber-900">Ready for pickup once every line is at the warehouse ({missing.length} missing).</p>
      )}
      <p className="mt-2 font-bold text-gray-900">{formatCedis(o.totalAmount)}</p>
      {error && <div className="mt-3"><Alert kind="error">{error}</Alert></div>}
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

/** A line's state, with the operator's own mark (or its undo) while the order is still coming in. */
function LineState({ status, line, busy, onLine }: { status: OrderStatus; line: AdminOrderLine; busy: boolean; onLine: CardProps['onLine'] }) {
  const arrived = Boolean(line.atWarehouseAt);
  const open = status === 'PROCESSING';
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${arrived ? 'bg-green-100 text-green-900' : 'bg-gray-100 text-gray-800'}`}>
        {arrived ? LINE_LABELS.atWarehouse : LINE_LABELS.missing}
      </span>
      {open && !arrived && (
        <button type="button" className="btn-outline min-h-11" disabled={busy} onClick={() => onLine(line, true)} aria-label={`Mark arrived: ${line.productName}`}>Mark arrived</button>
      )}
      {open && arrived && (
        <button type="button" className="btn-outline min-h-11" disabled={busy} onClick={() => onLine(line, false)} aria-label={`Undo: ${line.productName} not at the warehouse`}>Undo</button>
      )}
    </span>
  );
}
