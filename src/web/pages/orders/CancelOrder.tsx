import { useId, useState } from 'react';
import { requestCancel, type LocalOrderDetail } from '../../../local/orders';
import type { OrderRefund } from '../../../shared/schemas/orders';
import { Price } from '../../components/Price';
import { Alert } from '../../components/ui/Alert';
import { formatDateTime } from '../../../shared/dates';
import { useLocale, useT } from '../../i18n/language';

export function RefundState({ refund }: { refund: OrderRefund }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Alert kind={refund.status === 'COMPLETED' ? 'success' : refund.status === 'FAILED' ? 'error' : 'info'}>
      <span className="font-semibold">{t(`order.refund.${refund.status}`)}</span> <Price value={refund.amount} />
      {refund.completedAt && <span className="block text-xs">{t('order.refundedOn', { date: formatDateTime(refund.completedAt, locale) })}</span>}
    </Alert>
  );
}

/** The buyer cancels an order (reason optional); asked offline, it is sent when the network returns. */
export function CancelOrder({ order }: { order: LocalOrderDetail }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  if (order.cancel?.status === 'failed') return <Alert kind="error">{t('order.cancelRefused', { error: order.cancel.error ?? '' })}</Alert>;
  if (order.cancel && order.status !== 'CANCELLED') return <Alert kind="info">{t('order.cancelRequested')}</Alert>;
  if (!order.canCancel || order.status === 'CANCELLED') return null;
  if (!open) {
    return <button type="button" className="btn-outline" onClick={() => setOpen(true)}>{t('order.cancel')}</button>;
  }
  return (
    <div className="card space-y-2 p-4">
      <label htmlFor={reasonId} className="block text-sm font-medium">{t('order.cancelWhy')}</label>
      <textarea id={reasonId} className="input min-h-16" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      {order.paymentStatus === 'PAID' && <p className="text-sm text-gray-700">{t('order.cancelRefund')}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => void requestCancel(order.id, reason)}>{t('order.cancelYes', { number: order.orderNumber })}</button>
        <button type="button" className="btn-outline" onClick={() => setOpen(false)}>{t('order.keep')}</button>
      </div>
    </div>
  );
}
