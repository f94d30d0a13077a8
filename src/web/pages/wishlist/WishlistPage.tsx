import { useLiveQuery } from 'dexie-react-hooks';
import { Heart, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { localDb } from '../../../local/db';
import { pullWishlist, readWishlistProducts, removeFromWishlist, WishlistError } from '../../../local/wishlist';
import { api } from '../../lib/api';
import { useAddToCart } from '../../components/catalogue/useAddToCart';
import { ProductCard } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { useT } from '../../i18n/language';

/**
 * /wishlist, "Saved items": the saved ids kept on the phone joined with the catalogue mirror,
 * so it renders offline. Online, it re-reads the server's list once for changes made elsewhere.
 */
export default function WishlistPage() {
  const t = useT();
  const { session } = useSession();
  const online = useOnline();
  const products = useLiveQuery(() => readWishlistProducts(), []);
  const waiting = useLiveQuery(() => localDb.outbox.filter((e) => e.entity.startsWith('wishlist:')).count(), []) ?? 0;
  const { add, toastElement } = useAddToCart();
  const [error, setError] = useState<string>();

  const signedIn = Boolean(session);
  useEffect(() => {
    // Quietly keep what the phone has when the server cannot be reached.
    if (signedIn && online) pullWishlist(api).catch(() => undefined);
  }, [signedIn, online]);

  if (products === undefined) return <Spinner label={t('wishlist.loading')} />;

  const remove = async (productId: number) => {
    setError(undefined);
    await removeFromWishlist(productId).catch((e: unknown) => setError(t(e instanceof WishlistError ? 'wishlist.signIn' : 'wishlist.removeFailed')));
  };

  return (
    <section className="container-page py-6 md:py-10">
      <h1 className="text-2xl font-bold">{t('wishlist.title')}</h1>
      {error && <p role="alert" className="mt-2 text-sm text-red-800">{error}</p>}
      {waiting > 0 && (
        <p className="mt-2 text-sm text-gray-700" data-testid="wishlist-waiting">
          {online ? t('wishlist.saving') : t('wishlist.offline')}
        </p>
      )}

      {products.length === 0 ? (
        <div className="py-12 text-center">
          <Heart size={48} aria-hidden="true" className="mx-auto text-gray-400" />
          <p className="mt-4 text-lg font-semibold">{t('wishlist.none')}</p>
          <Link to="/products" className="btn-primary mt-6">{t('profile.browse')}</Link>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label={t('wishlist.title')}>
          {products.map((product) => (
            <li key={product.id} className="flex flex-col gap-2">
              <ProductCard product={product} onAdd={add} />
              <button
                type="button"
                onClick={() => remove(product.id)}
                aria-label={t('wishlist.removeLabel', { name: product.name })}
                className="btn-outline inline-flex items-center justify-center gap-1 px-2 py-1.5 text-sm"
              >
                <Trash2 size={16} aria-hidden="true" />
                {t('wishlist.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {toastElement}
    </section>
  );
}
