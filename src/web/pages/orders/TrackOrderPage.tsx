import { ConsignmentTimeline, readyAtOf } from '../../components/ConsignmentTimeline';
import { ArrowLeft, Check, LifeBuoy, Search } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { localTrackedOrder } from '../../../local/orders';
import { parseWith } from '../../../shared/schemas/parse';
import { orderNumberSchema, TRACKING_STEPS, type TrackedOrder } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { Price } from '../../components/Price';
import { TotalRows } from '../../components/TotalRows';
import { partsOfOrder } from '../../../shared/totals';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';
import { PaymentBadge, StatusBadge, capitalise, statusWords } from '../../components/ui/badges';
import { useLocale, useT } from '../../i18n/language';
import { formatDate } from '../../../shared/dates';
import { apiText } from '../../components/ui/forms';

type Lookup = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; order: TrackedOrder; offline?: boolean } | { kind: 'missing'; orderNumber: string } | { kind: 'error'; message?: string };

/** /track-order (optional ?orderNumber=): public route; signed-out visitors are asked to sign in. */
export default function TrackOrderPage() {
  const t = useT();
  const { session, loading } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get('orderNumber') ?? '');
  const [error, setError] = useState<string>();
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const inputId = useId();

  const track = useCallback(async (raw: string) => {
    const checked = parseWith(orderNumberSchema, raw);
    if (!checked.ok) return setError(apiText(checked.error.message));
    setError(undefined);
    setLookup({ kind: 'loading' });
    try {
      const { data } = await api.call('GET /shop/customers/track-order/:orderNumber', { params: { orderNumber: checked.value } });
      setLookup({ kind: 'found', order: data });
    } catch (e) {
      const kept = e instanceof ApiError && e.isNetwork ? await localTrackedOrder(checked.value) : undefined;
      if (kept) setLookup({ kind: 'found', order: kept, offline: true });
      else if (e instanceof ApiError && e.status === 404) setLookup({ kind: 'missing', orderNumber: checked.value });
      else setLookup({ kind: 'error', message: (e as Error).message || undefined });
    }
  }, []);

  const fromUrl = params.get('orderNumber');
  useEffect(() => {
    if (session && fromUrl) void track(fromUrl);
  }, [session, fromUrl, track]);

  if (loading) return <Spinner />;
  if (!session) {
    return (
      <div className="container-page py-12 text-center">
        <h1 className="text-2xl font-bold">{t('track.signInTitle')}</h1>
        <p className="mt-2 text-gray-700">{t('track.signInText')}</p>
        <Link to="/signin" state={{ from: location.pathname + location.search }} className="btn-primary mt-6">{t('nav.signIn')}</Link>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = input.trim();
    if (trimmed && trimmed.toUpperCase() === fromUrl?.toUpperCase()) void track(trimmed);
    else if (trimmed) setParams({ orderNumber: trimmed.toUpperCase() });
    else void track(trimmed);
  };

  const searchAgain = () => {
    setInput('');
    setLookup({ kind: 'idle' });
    setParams({});
  };

  return (
    <div className="container-page max-w-3xl py-6">
      <Link to="/orders" className="inline-flex items-center gap-1 text-sm text-brand-dark hover:underline">
        <ArrowLeft size={16} aria-hidden="true" /> {t('orders.title')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t('track.title')}</h1>
      <form onSubmit={submit} noValidate className="mt-4 flex gap-2" role="search">
        <label htmlFor={inputId} className="sr-only">{t('track.number')}</label>
        <input
          id={inputId}
          className="input"
          placeholder={t('track.placeholder')}
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="btn-primary"><Search size={18} aria-hidden="true" /> {t('track.button')}</button>
      </form>
      {error && <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">{error}</p>}

      {lookup.kind === 'loading' && <Spinner label={t('track.loading')} />}
      {lookup.kind === 'error' && <p role="alert" className="mt-6 text-red-700">{lookup.message ?? t('order.fetchFailed')}</p>}
      {lookup.kind === 'missing' && (
        <div className="card mt-6 p-6 text-center">
          <h2 className="text-lg font-semibold">{t('track.notFound')}</h2>
          <p className="mt-2 text-gray-700">{t('track.numberNotFound', { number: lookup.orderNumber })}</p>
          <button type="button" className="btn-outline mt-4" onClick={searchAgain}>{t('track.again')}</button>
        </div>
      )}
      {lookup.kind === 'found' && lookup.offline && (
        <p role="status" className="mt-4 text-sm text-gray-700">{t('track.offline')}</p>
      )}
      {lookup.kind === 'found' && <TrackedOrderView order={lookup.order} />}

      <aside className="card mt-6 flex items-start gap-3 p-4">
        <LifeBuoy size={22} className="shrink-0 text-brand" aria-hidden="true" />
        <div>
          <h2 className="font-semibold">{t('track.help')}</h2>
          <p className="text-sm text-gray-700">{t('track.helpText')}</p>
          <Link to="/support" className="btn-outline mt-2">{t('track.support')}</Link>
        </div>
      </aside>
    </div>
  );
}

function TrackedOrderView({ order }: { order: TrackedOrder }) {
  const t = useT();
  const locale = useLocale();
  const cancelled = order.status === 'CANCELLED';
  const current = Math.max(0, TRACKING_STEPS.indexOf(order.status));
  return (
    <section className="mt-6 space-y-4" aria-labelledby="tracked-title">
      <div className="card p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="tracked-title" className="text-lg font-semibold">{order.orderNumber}</h2>
          <StatusBadge status={order.status} />
        </div>
        <p className="text-sm text-gray-600">{t('track.placedBy', { date: formatDate(order.createdAt, locale), name: order.customerName })}</p>
        <ol className="mt-4 grid grid-cols-4 gap-1" aria-label={t('track.progress')}>
          {TRACKING_STEPS.map((step, i) => {
            const reached = !cancelled && i <= current;
            return (
              <li key={step} className="flex flex-col items-center text-center" aria-current={!cancelled && i === current ? 'step' : undefined}>
                <span className={`flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${reached ? 'bg-brand-dark text-white' : 'bg-gray-200 text-gray-600'}`}>
                  {reached ? <Check size={16} aria-hidden="true" /> : i + 1}
                </span>
                <span className={`mt-1 text-xs ${reached ? 'font-semibold text-brand-dark' : 'text-gray-600'}`}>{statusWords(step)}</span>
              </li>
            );
          })}
        </ol>
        {cancelled && <p className="mt-3 text-sm font-medium text-red-700">{t('track.cancelled')}</p>}
      </div>

      <ConsignmentTimeline consignments={order.consignments} readyAt={readyAtOf(order)} />

      <div className="card p-4">
        <h3 className="font-semibold">{t('track.items')}</h3>
        <ul className="mt-2 divide-y divide-gray-100">
          {order.items.map((item, i) => (
            <li key={i} className="flex items-center gap-3 py-2">
              {item.productImage ? <img src={item.productImage} alt="" width={48} height={36} className="h-9 w-12 rounded object-cover" /> : <span className="h-9 w-12 rounded bg-brand-light" aria-hidden="true" />}
              <span className="flex-1 text-sm">{item.quantity} × {item.productName}</span>
              <Price value={item.unitPrice * item.quantity} className="text-sm font-semibold" />
            </li>
          ))}
        </ul>
        <TotalRows parts={partsOfOrder(order)} className="mt-2 space-y-1 border-t border-gray-200 pt-2 text-sm" />
      </div>

      <div className="card grid gap-4 p-4 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t('order.paymentLabel')}</h3>
          <p className="text-sm text-gray-700">{order.paymentMethod === 'MOBILE_MONEY' ? t('checkout.mobileMoney') : capitalise(order.paymentMethod)}</p>
          <PaymentBadge status={order.paymentStatus} />
        </div>
        <div>
          <h3 className="font-semibold">{t('checkout.pickup')}</h3>
          <p className="text-sm font-medium text-gray-800">{order.shippingAddress.name}</p>
          <p className="text-sm text-gray-700">{order.shippingAddress.street}</p>
          <p className="text-sm text-gray-700">{order.shippingAddress.region}, {order.shippingAddress.country}</p>
          <p className="text-sm text-gray-700">{t(order.status === 'DELIVERED' ? 'track.collected' : 'track.expected', { date: formatDate(order.expectedDelivery, locale) })}</p>
        </div>
      </div>
    </section>
  );
}
