import { useId, useState } from 'react';
import { requestCancel, type LocalOrderDetail } from '../../../local/orders';
import type { OrderRefund } from '../../../shared/schemas/orders';
import { Price } from '../../components/Price';
import { Alert } from '../../components/ui/Alert';
import { formatDateTime } from '../../../shared/dates';

const REFUND_WORDS: Record<OrderRefund['status'], string> = {
  PENDING: 'Refund requested: we are sending it to your mobile money provider.',
  PROCESSING: 'Refund on its way: your mobile money provider is paying it out.',
  COMPLETED: 'Refund completed',
  FAILED: 'The refund could not be paid out. Our team will contact you.',
};

export function RefundState({ refund }: { refund: OrderRefund }) {
  return (
    <Alert kind={refund.status === 'COMPLETED' ? 'success' : refund.status === 'FAILED' ? 'error' : 'info'}>
      <span className="font-semibold">{REFUND_WORDS[refund.status]}</span> <Price value={refund.amount} />
      {refund.completedAt && <span className="block text-xs">Refunded on {formatDateTime(refund.completedAt)}</span>}
    </Alert>
  );
}

/** The buyer cancels an order (reason optional); asked offline, it is sent when the network returns. */
export function CancelOrder({ order }: { order: LocalOrderDetail }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  if (order.cancel?.status === 'failed') return <Alert kind="error">Your cancellation was not accepted: {order.cancel.error}</Alert>;
  if (order.cancel && order.status !== 'CANCELLED') return <Alert kind="info">Cancellation requested. It is sent as soon as you are online.</Alert>;
  if (!order.canCancel || order.status === 'CANCELLED') return null;
  if (!open) {
    return <button type="button" className="btn-outline" onClick={() => setOpen(true)}>Cancel order</button>;
  }
  return (
    <div className="card space-y-2 p-4">
      <label htmlFor={reasonId} className="block text-sm font-medium">Why are you cancelling? (optional)</label>
      <textarea id={reasonId} className="input min-h-16" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      {order.paymentStatus === 'PAID' && <p className="text-sm text-gray-700">You paid for this order: the money goes back to your mobile money wallet.</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => void requestCancel(order.id, reason)}>Yes, cancel order {order.orderNumber}</button>
        <button type="button" className="btn-outline" onClick={() => setOpen(false)}>Keep order</button>
      </div>
    </div>
  );
}
