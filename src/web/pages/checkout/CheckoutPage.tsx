import { useLiveQuery } from 'dexie-react-hooks';
import { CreditCard, Smartphone, WifiOff } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ensureSignInCart, readCart, cartTotals } from '../../../local/cart';
import { cartKey, keptQuote, keptWarehouses, readCheckoutDefaults, readQuote, readWarehouses, startCheckout } from '../../../local/checkout';
import type { Quote } from '../../../shared/schemas/transport';
import { TransportQuote } from './TransportQuote';
import { MOBILE_MONEY_NETWORKS, NETWORK_LABELS, type MobileMoneyNetwork } from '../../../shared/phone';
import { checkoutRequestSchema, DEFAULT_NETWORK, type CheckoutDefaults, type CheckoutStarted } from '../../../shared/schemas/checkout';
import type { Warehouse } from '../../../shared/schemas/catalogue';
import { parseWith } from '../../../shared/schemas/parse';
import { api } from '../../lib/api';
import { Price, WasPrice } from '../../components/Price';
import { TotalRows } from '../../components/TotalRows';
import { partsOfSummary } from '../../../shared/totals';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { Alert } from '../../components/ui/Alert';
import { useApiText } from '../../components/ui/forms';
import { itemsText } from '../../components/items-text';
import { useT } from '../../i18n/language';
import { PaymentStep } from './PaymentStep';

interface FormState {
  /** The chosen warehouse id; sent as pickupLocationId. */
  shippingAddressId: string;
  mobileMoneyNetwork: MobileMoneyNetwork;
  mobileMoneyNumber: string;
  agentCode: string;
  notes: string;
}

const EMPTY_FORM: FormState = { shippingAddressId: '', mobileMoneyNetwork: DEFAULT_NETWORK, mobileMoneyNumber: '', agentCode: '', notes: '' };

export default function CheckoutPage() {
  const t = useT();
  const online = useOnline();
  const lines = useLiveQuery(() => readCart(), []);
  // This sign-in's server cart, before an empty cart is believed (a fresh phone's may be on its way).
  const [cartSettled, setCartSettled] = useState(false);
  const [warehouses, setWarehouses] = useState<Warehouse[] | undefined>();
  const [warehousesFresh, setWarehousesFresh] = useState(false);
  const [warehouseError, setWarehouseError] = useState<string>();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [started, setStarted] = useState<CheckoutStarted>();
  const ids = { notes: useId(), warehouse: useId(), network: useId(), number: useId(), agent: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const [quote, setQuote] = useState<{ for: string; quote?: Quote; stale: boolean; state: 'loading' | 'offline' | 'shown' }>();
  /** Bumped when a press of Complete Order found problems: the effect below shows the first. */
  const [showProblem, setShowProblem] = useState(0);

  useEffect(() => {
    if (online) ensureSignInCart(api).catch(() => undefined).finally(() => setCartSettled(true));
    else setCartSettled(true);
  }, [online]);

  useEffect(() => {
    // Offline, the list kept from the last visit (the order itself waits for the network).
    if (!online) {
      if (!warehouses) void keptWarehouses().then((kept) => kept && setWarehouses(kept));
      return;
    }
    if (warehousesFresh) return;
    readWarehouses(api)
      .then((data) => {
        setWarehouses(data);
        setWarehousesFresh(true);
        // A suggestion only: without it the buyer chooses, as before.
        readCheckoutDefaults(api).then((defaults) => setForm((f) => withDefaults(f, defaults, data)), () => undefined);
      })
      .catch((error: Error) => setWarehouseError(error.message));
  }, [online, warehouses, warehousesFresh]);

  // The transport fees for this cart to the chosen warehouse: the server's quote online, else the
  // last one for the same cart and warehouse, else a note that the fee is confirmed at checkout.
  const chosen = Number(form.shippingAddressId) || 0;
  const cart = lines ? cartKey(lines) : '';
  const quoteFor = `${chosen}|${cart}|${online ? 'on' : 'off'}`;
  useEffect(() => {
    if (!chosen || !cart) return;
    let current = true;
    setQuote({ for: quoteFor, stale: false, state: 'loading' });
    const kept = () => keptQuote(chosen, cart).then((k) => current && setQuote(k ? { for: quoteFor, quote: k.quote, stale: true, state: 'shown' } : { for: quoteFor, stale: false, state: 'offline' }));
    if (!online) void kept();
    else readQuote(api, chosen, cart).then((q) => current && setQuote({ for: quoteFor, quote: q, stale: false, state: 'shown' }), () => void kept());
    return () => {
      current = false;
    };
  }, [quoteFor, chosen, cart, online]);

  // The first problem, in screen order, gets the focus and is scrolled to: the button may be
  // far below it on a small phone, and a screen reader reads it out.
  useEffect(() => {
    if (!showProblem) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-problem]');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView?.({ block: 'center' });
  }, [showProblem]);

  if (started) return <PaymentStep started={started} onRestart={() => setStarted(undefined)} />;
  if (lines === undefined || (lines.length === 0 && !cartSettled)) return <Spinner />;
  if (lines.length === 0) {
    return (
      <EmptyState title={t('cart.empty')} text={t('cart.emptyText')} />
    );
  }
  const totals = cartTotals(lines).summary;
  const shownQuote = quote && quote.for === quoteFor ? quote : undefined;
  const transportTotal = shownQuote?.state === 'shown' ? shownQuote.quote?.transportTotal ?? 0 : 0;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    const field = key === 'shippingAddressId' ? 'pickupLocationId' : key;
    setErrors((e) => {
      const { [field]: _cleared, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const input = {
      pickupLocationId: form.shippingAddressId,
      paymentMethod: 'MOBILE_MONEY' as const,
      mobileMoneyNetwork: form.mobileMoneyNetwork,
      mobileMoneyNumber: form.mobileMoneyNumber,
      notes: form.notes,
      ...(form.agentCode.trim() ? { agentCode: form.agentCode } : {}),
    };
    const checked = parseWith(checkoutRequestSchema, input);
    if (!checked.ok) {
      setErrors(checked.error.fieldErrors);
      setShowProblem((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      setStarted(await startCheckout(api, input));
    } catch (error) {
      const e = error as Error & { fieldErrors?: Record<string, string> };
      if (e.fieldErrors) setErrors(e.fieldErrors);
      setFailure(e.message || t('checkout.failed'));
      setShowProblem((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container-page py-6">
      <h1 className="text-2xl font-bold">{t('checkout.title')}</h1>
      <p className="mt-1 text-gray-700">{t('checkout.subtitle')}</p>

      {!online && (
        <div className="mt-4">
          <Alert kind="warning">
            <span className="flex items-start gap-2">
              <WifiOff size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
              <span>{t('checkout.offline')}</span>
            </span>
          </Alert>
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form ref={formRef} onSubmit={submit} noValidate className="order-2 space-y-6 lg:order-1" aria-label={t('checkout.form')}>
          <section className="card space-y-4 p-4">
            <h2 className="text-lg font-semibold">{t('checkout.pickup')}</h2>
            <div>
              <label htmlFor={ids.warehouse} className="mb-1 block text-sm font-medium">{t('checkout.warehouse')}</label>
              {warehouses === undefined && !warehouseError && online ? (
                <p className="text-sm text-gray-600">{t('checkout.loadingWarehouses')}</p>
              ) : warehouses && warehouses.length === 0 ? (
                <p className="text-sm text-gray-700">{t('checkout.noWarehouses')}</p>
              ) : (
                <select
                  id={ids.warehouse}
                  className="input"
                  value={form.shippingAddressId}
                  onChange={(e) => set('shippingAddressId', e.target.value)}
                  aria-invalid={errors.pickupLocationId ? true : undefined}
                  aria-describedby={errors.pickupLocationId ? `${ids.warehouse}-error` : undefined}
                  disabled={!warehouses}
                >
                  <option value="">{t('checkout.chooseWarehouse')}</option>
                  {warehouses?.map((w) => (
                    <option key={w.id} value={w.id}>{`${w.name} — ${w.address} (${w.region})`}</option>
                  ))}
                </select>
              )}
              <FieldError message={warehouseError} />
              {/* The API's words are the spec's ("shipping address"); the screen names its own field. */}
              <FieldError id={`${ids.warehouse}-error`} message={errors.pickupLocationId && t('checkout.pickWarehouse')} />
            </div>
            <div>
              <label htmlFor={ids.notes} className="mb-1 block text-sm font-medium">{t('checkout.notes')}</label>
              <textarea
                id={ids.notes}
                className="input min-h-24"
                placeholder={t('checkout.notesPlaceholder')}
                value={form.notes}
                maxLength={500}
                onChange={(e) => set('notes', e.target.value)}
                aria-invalid={errors.notes ? true : undefined}
                aria-describedby={errors.notes ? `${ids.notes}-error` : undefined}
              />
              <FieldError id={`${ids.notes}-error`} message={errors.notes} />
            </div>
          </section>

          <section className="card space-y-4 p-4">
            <h2 className="text-lg font-semibold">{t('checkout.paymentMethod')}</h2>
            <fieldset className="grid gap-3 sm:grid-cols-2">
              <legend className="sr-only">{t('checkout.paymentMethodLegend')}</legend>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-brand bg-brand-light p-3">
                <input type="radio" name="paymentMethod" value="MOBILE_MONEY" checked readOnly className="accent-brand" />
                <Smartphone size={20} aria-hidden="true" />
                <span className="font-medium">{t('checkout.mobileMoney')}</span>
              </label>
              <label className="flex cursor-not-allowed items-center gap-3 rounded-lg border border-gray-300 p-3 text-gray-500">
                <input type="radio" name="paymentMethod" value="CARD" disabled />
                <CreditCard size={20} aria-hidden="true" />
                <span className="font-medium">{t('checkout.card')}</span>
                <span className="ml-auto rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-700">{t('checkout.comingSoon')}</span>
              </label>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={ids.network} className="mb-1 block text-sm font-medium">{t('checkout.network')}</label>
                <select id={ids.network} className="input" value={form.mobileMoneyNetwork} onChange={(e) => set('mobileMoneyNetwork', e.target.value as MobileMoneyNetwork)}>
                  {MOBILE_MONEY_NETWORKS.map((n) => (
                    <option key={n} value={n}>{NETWORK_LABELS[n]}</option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={ids.number} className="mb-1 block text-sm font-medium">{t('checkout.number')}</label>
                <input
                  id={ids.number}
                  className="input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder={t('checkout.numberPlaceholder')}
                  value={form.mobileMoneyNumber}
                  onChange={(e) => set('mobileMoneyNumber', e.target.value)}
                  aria-invalid={errors.mobileMoneyNumber ? true : undefined}
                  aria-describedby={errors.mobileMoneyNumber ? `${ids.number}-error` : undefined}
                />
                <FieldError id={`${ids.number}-error`} message={errors.mobileMoneyNumber} />
              </div>
            </div>
            <div>
              <label htmlFor={ids.agent} className="mb-1 block text-sm font-medium">{t('checkout.agent')}</label>
              <input
                id={ids.agent}
                className="input"
                value={form.agentCode}
                maxLength={30}
                onChange={(e) => set('agentCode', e.target.value)}
                aria-invalid={errors.agentCode ? true : undefined}
                aria-describedby={errors.agentCode ? `${ids.agent}-hint ${ids.agent}-error` : `${ids.agent}-hint`}
              />
              <p id={`${ids.agent}-hint`} className="mt-1 text-sm text-gray-600">{t('checkout.agentHint')}</p>
              <FieldError id={`${ids.agent}-error`} message={errors.agentCode} />
            </div>
          </section>

          {failure && (
            <div tabIndex={-1} data-problem className="outline-none">
              <Alert kind="error">{failure}</Alert>
            </div>
          )}

          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy || !online || !warehouses?.length}>
            {busy ? t('checkout.processing') : t('checkout.complete')}
          </button>
          <p className="text-center text-xs text-gray-600">
            {t('checkout.agreeBefore')}<Link to="/terms" className="underline">{t('checkout.terms')}</Link>{t('checkout.and')}
            <Link to="/privacy" className="underline">{t('checkout.privacy')}</Link>{t('checkout.agreeAfter')}
          </p>
        </form>

        <aside className="order-1 lg:order-2" aria-labelledby="order-summary">
          <div className="card p-4 lg:sticky lg:top-20">
            <h2 id="order-summary" className="text-lg font-semibold">{t('cart.summary')}</h2>
            <ul className="mt-3 divide-y divide-gray-100">
              {lines.map((line) => (
                <li key={line.productId} className="flex items-center gap-3 py-2">
                  {line.imageUrl ? (
                    <img src={line.imageUrl} alt="" width={48} height={36} className="h-9 w-12 rounded object-cover" />
                  ) : (
                    <span className="h-9 w-12 rounded bg-brand-light" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block break-words text-sm font-medium">{line.name}</span>
                    <span className="text-xs text-gray-600">{line.quantity} × <Price value={line.price} /> <WasPrice offer={{ oldPrice: line.oldPrice ?? null, discountPercentage: line.discountPercentage ?? null }} /></span>
                  </span>
                  <Price value={line.price * line.quantity} className="text-sm font-semibold" />
                </li>
              ))}
            </ul>
            <TransportQuote quote={shownQuote?.quote} stale={shownQuote?.stale ?? false} warehouses={warehouses} state={chosen ? shownQuote?.state ?? 'loading' : 'none'} />
            <TotalRows parts={partsOfSummary({ ...totals, transportTotal })} goodsLabel={t('cart.subtotal', { items: itemsText(totals.itemCount) })} className="mt-3 space-y-1 border-t border-gray-200 pt-3 text-sm" totalTestId="checkout-total" />
            <p className="mt-2 text-xs text-gray-600">{t('checkout.pricesChecked')}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}

/** Fills the fields the buyer has not touched with their usual warehouse and wallet. */
function withDefaults(form: FormState, defaults: CheckoutDefaults, warehouses: Warehouse[]): FormState {
  const usual = warehouses.some((w) => w.id === defaults.pickupLocationId) ? String(defaults.pickupLocationId) : '';
  const wallet = !form.mobileMoneyNumber && defaults.mobileMoneyNumber;
  return {
    ...form,
    shippingAddressId: form.shippingAddressId || usual,
    ...(wallet ? { mobileMoneyNumber: wallet, mobileMoneyNetwork: defaults.mobileMoneyNetwork ?? form.mobileMoneyNetwork } : {}),
  };
}

function FieldError({ message: english, id }: { message?: string; id?: string }) {
  const message = useApiText()(english);
  return message ? <p id={id} className="mt-1 text-sm text-red-700">{message}</p> : null;
}

function EmptyState({ title, text }: { title: string; text: string }) {
  const t = useT();
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-gray-700">{text}</p>
      <Link to="/products" className="btn-primary mt-6">{t('cart.continue')}</Link>
    </div>
  );
}
