import { useLiveQuery } from 'dexie-react-hooks';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CART_ENTITY, cartTotals, clearCart, pullServerCart, readCart, type CartLine } from '../../../local/cart';
import { warmWarehouses } from '../../../local/checkout';
import { localDb } from '../../../local/db';
import { api } from '../../lib/api';
import { itemsText } from '../../components/items-text';
import { TotalRows } from '../../components/TotalRows';
import { partsOfSummary } from '../../../shared/totals';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { CartRow } from './CartRow';
import { useT } from '../../i18n/language';


/**
 * /cart: what the phone holds (Dexie), so it works offline; every edit is queued and sent by
 * the outbox. Online, the page re-reads the server's cart once, for current prices and stock.
 */
export default function CartPage() {
  const t = useT();
  const { session, loading } = useSession();
  const online = useOnline();
  const lines = useLiveQuery(() => readCart(), []);
  const waiting = useLiveQuery(() => localDb.outbox.where('entity').equals(CART_ENTITY).filter((e) => e.status === 'pending').count(), []) ?? 0;
  const [clearError, setClearError] = useState<string>();

  const signedIn = Boolean(session);
  useEffect(() => {
    // Quietly keep what the phone has when the server cannot be reached.
    if (signedIn && online) {
      pullServerCart(api).catch(() => undefined);
      // Checkout lists the warehouses even if the network goes on the way there.
      warmWarehouses(api).catch(() => undefined);
    }
  }, [signedIn, online]);

  if (loading || lines === undefined) return <Spinner label={t('cart.loading')} />;

  if (lines.length === 0) {
    return (
      <section className="container-page py-12 text-center">
        <ShoppingCart size={48} aria-hidden="true" className="mx-auto text-gray-400" />
        <h1 className="mt-4 text-2xl font-bold">{t('cart.empty')}</h1>
        <p className="mt-2 text-gray-700">{t('cart.emptyText')}</p>
        <Link to="/products" className="btn-primary mt-6">{t('cart.continue')}</Link>
        {!session && (
          <p className="mt-4 text-sm text-gray-700">
            {t('cart.savedBefore')}<Link to="/signin" state={{ from: '/cart' }} className="font-medium text-brand-dark underline">{t('cart.signIn')}</Link>{t('cart.savedAfter')}
          </p>
        )}
      </section>
    );
  }

  const { summary } = cartTotals(lines);
  const onClear = async () => {
    setClearError(undefined);
    await clearCart().catch((e: unknown) => setClearError(e instanceof Error ? e.message : t('cart.clearFailed')));
  };

  return (
    <section className="container-page py-6 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('cart.title', { items: itemsText(summary.itemCount) })}</h1>
        <button type="button" onClick={onClear} className="btn-outline border-red-700 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50">
          {t('cart.deleteAll')}
        </button>
      </div>
      {clearError && <p role="alert" className="mt-2 text-sm text-red-800">{clearError}</p>}
      {waiting > 0 && (
        <p className="mt-2 text-sm text-gray-700" data-testid="cart-waiting">
          {online ? t('cart.saving') : t('cart.offline')}
        </p>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <ul className="space-y-3" aria-label={t('cart.list')}>
          {lines.map((line: CartLine) => (
            <CartRow key={line.productId} line={line} />
          ))}
        </ul>

        <aside aria-labelledby="order-summary" className="card h-fit p-4">
          <h2 id="order-summary" className="text-lg font-semibold">{t('cart.summary')}</h2>
          <TotalRows parts={partsOfSummary(summary)} goodsLabel={t('cart.subtotal', { items: itemsText(summary.itemCount) })} className="mt-3 space-y-2 text-sm" totalTestId="cart-total" />
          <p className="mt-2 text-xs text-gray-600">{t('cart.vat')}</p>
          <Link to="/checkout" className="btn-primary mt-4 w-full">{t('cart.checkout')}</Link>
          <Link to="/products" className="btn-outline mt-2 w-full">{t('cart.continue')}</Link>
        </aside>
      </div>
    </section>
  );
}
