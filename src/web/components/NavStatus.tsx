import { useLiveQuery } from 'dexie-react-hooks';
import { ShoppingCart, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { localDb } from '../../local/db';
import { useOnline } from '../hooks/useOnline';
import { useSession } from '../hooks/useSession';
import { AccountMenu } from './AccountMenu';
import { itemsText } from './items-text';
import { SyncIndicator } from './SyncIndicator';
import { useT } from '../i18n/language';

export interface NavState {
  signedIn: boolean;
  cartCount: number;
}

/**
 * The bar's live right-hand side: offline pill, unsent changes, cart and account. It reads
 * the phone's data, so it loads after the first paint (NavBar holds its place until then)
 * and tells the bar what the links depend on.
 */
export function NavStatus({ onChange }: { onChange(state: NavState): void }) {
  const t = useT();
  const { session, loading } = useSession();
  const online = useOnline();
  // Quantities, as the cart page counts them (items-text.ts).
  const cartCount = useLiveQuery(async () => (await localDb.cart.toArray()).reduce((n, line) => n + line.quantity, 0), []);
  const signedIn = Boolean(session);
  useEffect(() => {
    if (!loading && cartCount !== undefined) onChange({ signedIn, cartCount });
  }, [signedIn, loading, cartCount, onChange]);
  const count = cartCount ?? 0;

  return (
    <>
      {!online && (
        // On a phone the bar has no room for it beside the chip, cart and avatar (the logo was cut
        // to "Aku…"): there it hangs as a tab under the bar's left edge, in room the bar makes for it (styles.css).
        <span role="status" data-offline-tab className="absolute left-4 top-14 flex shrink-0 items-center gap-1 rounded-b-lg bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 shadow-sm sm:static sm:rounded-full sm:shadow-none">
          <WifiOff size={12} aria-hidden="true" />
          {t('app.offline')}
        </span>
      )}
      <SyncIndicator />
      <Link
        to="/cart"
        aria-label={count > 0 ? t('nav.cartLabel', { items: itemsText(count) }) : t('nav.cart')}
        className="relative flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100"
      >
        <ShoppingCart size={22} aria-hidden="true" />
        {count > 0 && (
          <span aria-hidden="true" data-testid="cart-badge" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
      {loading ? null : session ? (
        <AccountMenu user={session.user} />
      ) : (
        <Link to="/signin" className="btn-primary shrink-0 px-3 py-1.5 text-sm">{t('nav.signIn')}</Link>
      )}
    </>
  );
}
