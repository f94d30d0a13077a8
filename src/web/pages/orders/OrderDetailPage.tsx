import { useLiveQuery } from 'dexie-react-hooks';
import { ArrowLeft, CheckCircle2, CircleDot, ClipboardList, CreditCard, Package, Warehouse, XCircle, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { OUTBOX_EVENT } from '../../../local/outbox';
import { localOrderDetail, refreshOrderDetail, type LocalOrderDetail } from '../../../local/orders';
import { CancelOrder, RefundState } from './CancelOrder';
import { formatPhone, NETWORK_LABELS, type MobileMoneyNetwork } from '../../../shared/phone';
import { api } from '../../lib/api';
import { Price } from '../../components/Price';
import { TotalRows } from '../../components/TotalRows';
import { partsOfOrder } from '../../../shared/totals';
import { Spinner } from '../../components/Spinner';
import { ConsignmentTimeline, readyAtOf } from '../../components/ConsignmentTimeline';
import { useOnline } from '../../hooks/useOnline';
import { ItemReview } from './ReviewForm';
import { Alert } from '../../components/ui/Alert';
import { PaymentBadge, StatusBadge, capitalise, historyWords } from '../../components/ui/badges';
import { useLocale, useT } from '../../i18n/language';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { useApiText } from '../../components/ui/forms';
import { formatCedis } from '../../../shared/money';
import type { OrderLineRefusal } from '../../../shared/schemas/checks';

const HISTORY_ICONS: Record<string, LucideIcon> = {
  ORDER_PLACED: ClipboardList,
  PAYMENT_CONFIRMED: CreditCard,
  PROCESSING: Package,
  SHIPPED: Warehouse,
  DELIVERED: CheckCircle2,
  CANCELLED: XCircle,
};

const REFUND_POLL_MS = 5_000;

/** /orders/{id}: kept on the phone once opened, so it also opens offline. */
export default function OrderDetailPage() {
  const t = useT();
  // The history's notes are the server's English sentences: shown in the reader's words where the catalogue has them.
  const say = useApiText();
  const locale = useLocale();
  const id = Number(useParams().orderId);
  const online = useOnline();
  // null: not on this phone; undefined: still reading.
  const order = useLiveQuery(async () => (Number.isInteger(id) ? ((await localOrderDetail(id)) ?? null) : null), [id]);
  const [state, setState] = useState<'loading' | 'done' | 'missing' | 'error'>('loading');
  const [tab, setTab] = useState<'details' | 'updates'>('details');

  const load = useCallback(() => {
    if (!Number.isInteger(id)) return setState('missing');
    refreshOrderDetail(api, id)
      .then(() => setState('done'))
      .catch((error) => setState(error instanceof ApiError && error.status === 404 ? 'missing' : 'error'));
  }, [id]);

  useEffect(() => {
    if (online) load();
    else setState('done');
  }, [online, load]);

  // A refund in flight is paid out by the server's refund job on its own clock: while the page
  // is open and online, read the order again now and then so the buyer sees it complete.
  const refundInFlight = order?.refund?.status === 'PENDING' || order?.refund?.status === 'PROCESSING';
  useEffect(() => {
    if (!online || !refundInFlight) return;
    const timer = window.setInterval(load, REFUND_POLL_MS);
    return () => window.clearInterval(timer);
  }, [online, refundInFlight, load]);

  // A review sent from this page: read the order again so it shows the server's copy.
  useEffect(() => {
    const onOutbox = () => online && load();
    window.addEventListener(OUTBOX_EVENT, onOutbox);
    return () => window.removeEventListener(OUTBOX_EVENT, onOutbox);
  }, [online, load]);

  if (order === undefined || (order === null && state === 'loading')) return <Spinner label={t('order.loading')} />;
  if (order === null && state === 'error') {
    return (
      <div className="container-page py-12 text-center">
        <p className="text-gray-700">{t('order.fetchFailed')}</p>
        <button type="button" className="btn-primary mt-4" onClick={load}>{t('orders.tryAgain')}</button>
      </div>
    );
  }
  if (order === null) {
    return (
      <div className="container-page py-12 text-center">
        <h1 className="text-2xl font-bold">{t('order.notFound')}</h1>
        <p className="mt-2 text-gray-700">{state === 'missing' || online ? t('order.notFoundText') : t('order.notSaved')}</p>
        <Link to="/orders" className="btn-primary mt-6">{t('order.back')}</Link>
      </div>
    );
  }

  return (
    <div className="container-page py-6">
      <Link to="/orders" className="inline-flex items-center gap-1 text-sm text-brand-dark hover:underline">
        <ArrowLeft size={16} aria-hidden="true" /> {t('orders.title')}
      </Link>
      <header className="mt-2 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold">{t('order.title', { number: order.orderNumber })}</h1>
        <StatusBadge status={order.status} />
      </header>
      <p className="text-sm text-gray-600">{t('order.placedOn', { date: formatDateTime(order.createdAt, locale) })}</p>
      {!online && <p className="mt-1 text-sm text-gray-600">{t('order.offline')}</p>}

      <div className="mt-4 space-y-3">
        <PickupBanner order={order} />
        {order.refund && <RefundState refund={order.refund} />}
        <CancelOrder order={order} />
        <ConsignmentTimeline consignments={order.consignments} readyAt={readyAtOf(order)} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <div role="tablist" aria-label={t('order.tabs')} className="flex border-b border-gray-200">
            {(['details', 'updates'] as const).map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`tab-${key}`}
                aria-selected={tab === key}
                aria-controls={`panel-${key}`}
                onClick={() => setTab(key)}
                className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === key ? 'border-brand text-brand-dark' : 'border-transparent text-gray-600 hover:text-gray-900'}`}
              >
                {key === 'details' ? t('order.tab.details') : t('order.tab.updates')}
              </button>
            ))}
          </div>
          {tab === 'details' ? (
            <section role="tabpanel" id="panel-details" aria-labelledby="tab-details" className="space-y-4 pt-4">
              <ul className="card divide-y divide-gray-100">
                {order.items.map((item) => (
                  <li key={item.id} className="p-3">
                    <div className="flex gap-3">
                      {item.product.imagesUrls[0] ? (
                        <img src={item.product.imagesUrls[0]} alt="" width={80} height={60} loading="lazy" className="h-16 w-20 shrink-0 rounded-lg object-cover" />
                      ) : (
                        <span className="h-16 w-20 shrink-0 rounded-lg bg-brand-light" aria-hidden="true" />
                      )}
                      <div className="min-w-0 flex-1">
                        <Link to={`/product/${item.product.id}`} className="font-medium hover:underline">{item.product.name}</Link>
                        <p className="text-xs text-gray-600">{t('order.sku', { sku: item.product.sku })}</p>
                        <p className="text-sm text-gray-700">{item.quantity} × <Price value={item.unitPrice} /></p>
                        {item.refusal ? (
                          <RefusedLine refusal={item.refusal} lineTotal={item.totalPrice} name={item.product.name} />
                        ) : item.check && (
                          <p className={`text-sm ${item.check.result === 'PASS' ? 'text-green-800' : 'text-red-700'}`}>
                            {item.check.result === 'FAIL'
                              ? t('order.checkFailed', { town: item.check.warehouse })
                              : item.check.grade && item.check.moisturePct !== null
                                ? t('quality.lastGraded', { town: item.check.warehouse, grade: item.check.grade, moisture: item.check.moisturePct.toFixed(1) })
                                : t('quality.lastChecked', { town: item.check.warehouse })}
                            {item.check.photoUrl && <CheckPhoto url={item.check.photoUrl} name={item.product.name} />}
                          </p>
                        )}
                      </div>
                      <Price value={item.totalPrice} className="font-semibold" />
                    </div>
                    {(order.status === 'DELIVERED' || item.product.review) && (
                      <ItemReview productId={item.product.id} productName={item.product.name} review={item.product.review} canReview={order.status === 'DELIVERED'} />
                    )}
                  </li>
                ))}
              </ul>
              <div className="card grid gap-4 p-4 sm:grid-cols-2">
                <div>
                  <h2 className="font-semibold">{t('order.warehouse')}</h2>
                  <p className="text-sm text-gray-800">{order.shippingAddress.name}</p>
                  <p className="text-sm text-gray-700">{order.shippingAddress.street}</p>
                  <p className="text-sm text-gray-700">{t('order.region', { region: order.shippingAddress.region, country: order.shippingAddress.country })}</p>
                </div>
                <div>
                  <h2 className="font-semibold">{t('checkout.notes')}</h2>
                  <p className="text-sm text-gray-700">{order.notes || t('order.noNotes')}</p>
                </div>
              </div>
            </section>
          ) : (
            <section role="tabpanel" id="panel-updates" aria-labelledby="tab-updates" className="pt-4">
              <ol className="card space-y-4 p-4">
                {order.statusHistory.map((step) => {
                  const Icon = HISTORY_ICONS[step.status] ?? CircleDot;
                  return (
                    <li key={step.id} className="flex gap-3">
                      <Icon size={20} className={step.status === 'CANCELLED' ? 'text-red-700' : 'text-brand'} aria-hidden="true" />
                      <div>
                        <p className="font-medium">{historyWords(step.status)}</p>
                        <p className="text-xs text-gray-600">{formatDateTime(step.createdAt, locale)}</p>
                        {step.notes && <p className="text-sm text-gray-700">{say(step.notes)}</p>}
                      </div>
                    </li>
                  );
                })}
              </ol>
            </section>
          )}
        </div>

        <aside aria-labelledby="summary-title">
          <div className="card p-4">
            <h2 id="summary-title" className="text-lg font-semibold">{t('cart.summary')}</h2>
            <TotalRows parts={partsOfOrder(order)} className="mt-3 space-y-1 text-sm" />
            <div className="mt-4 space-y-1 border-t border-gray-200 pt-3 text-sm">
              <p className="flex items-center justify-between"><span>{t('order.paymentLabel')}</span><PaymentBadge status={order.paymentStatus} /></p>
              <p className="text-gray-700">
                {order.paymentMethod === 'MOBILE_MONEY' ? t('checkout.mobileMoney') : capitalise(order.paymentMethod)}
                {order.mobileMoney.network && ` · ${NETWORK_LABELS[order.mobileMoney.network as MobileMoneyNetwork] ?? order.mobileMoney.network}`}
                {order.mobileMoney.phoneNumber && ` · ${formatPhone(order.mobileMoney.phoneNumber)}`}
              </p>
              {order.paymentDate && <p className="text-gray-700">{t('order.paidOn', { date: formatDateTime(order.paymentDate, locale) })}</p>}
              {order.paymentReference && <p className="break-all text-xs text-gray-600">{t('order.reference', { reference: order.paymentReference })}</p>}
            </div>
            <Link to={`/track-order?orderNumber=${encodeURIComponent(order.orderNumber)}`} className="btn-outline mt-4 w-full">{t('order.track')}</Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

function PickupBanner({ order }: { order: LocalOrderDetail }) {
  const t = useT();
  const locale = useLocale();
  if (order.status === 'DELIVERED') return <Alert kind="success">{t('order.collectedOn', { date: formatDate(order.deliveredAt, locale) })}</Alert>;
  if (order.status === 'SHIPPED') {
    return (
      <Alert kind="success">
        <span className="block font-semibold">{t('order.readyAt', { warehouse: order.shippingAddress.name })}</span>
        {order.pickupCode && (
          <span className="mt-1 block">
            {t('order.pickupCode')}<strong className="font-mono text-2xl tracking-widest" aria-label={t('order.pickupCodeLabel', { digits: order.pickupCode.split('').join(' ') })}>{order.pickupCode}</strong>
            <span className="block text-xs">{t('order.pickupCodeHint')}</span>
          </span>
        )}
      </Alert>
    );
  }
  if (order.status === 'CANCELLED') return <Alert kind="error">{t('order.cancelled')}</Alert>;
  return <Alert kind="info">{t('order.expected', { date: formatDate(order.estimatedDelivery, locale) })}</Alert>;
}


/**
 * A line refused at the warehouse check (refunded with it) or at the pickup counter (held until
 * the operator decides): its state in the reader's words (issue 41 item 4), cedis through the one
 * formatter. The reason is the staff's or the buyer's own words, shown as written.
 */
function RefusedLine({ refusal, lineTotal, name }: { refusal: NonNullable<OrderLineRefusal>; lineTotal: number; name: string }) {
  const t = useT();
  const reason = refusal.reason ?? (refusal.readings ? t('order.refusedReadings', { moisture: refusal.readings.moisturePct.toFixed(1), foreignMatter: refusal.readings.foreignMatterPct.toFixed(1) }) : '');
  const amount = formatCedis(refusal.refunded ?? lineTotal);
  const text =
    refusal.at === 'CHECK'
      ? t('order.refusedAtCheck', { reason, amount })
      : refusal.outcome === 'REFUND'
        ? t('order.refusedAtPickupRefunded', { reason, amount })
        : refusal.outcome === 'RELEASE'
          ? t('order.refusedAtPickupReleased', { reason })
          : t('order.refusedAtPickupOpen', { reason, amount });
  return (
    <p className={`text-sm ${refusal.outcome === 'RELEASE' ? 'text-gray-700' : refusal.outcome === 'REFUND' ? 'text-red-700' : 'text-amber-800'}`}>
      {text}
      {refusal.photoUrl && <CheckPhoto url={refusal.photoUrl} name={name} />}
    </p>
  );
}

/** The photo staff took of the goods at the check or the pickup counter (issue 41), opened full size by a tap. */
function CheckPhoto({ url, name }: { url: string; name: string }) {
  const t = useT();
  return (
    <a href={url} target="_blank" rel="noreferrer" className="mt-1 block w-fit">
      <img src={url} alt={t('order.photoAlt', { name })} width={160} height={120} loading="lazy" className="h-24 w-32 rounded object-cover" />
    </a>
  );
}
