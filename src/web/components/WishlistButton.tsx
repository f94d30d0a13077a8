import { useLiveQuery } from 'dexie-react-hooks';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSaved, removeFromWishlist, saveToWishlist, WishlistError } from '../../local/wishlist';
import { useT } from '../i18n/language';
import { apiText } from './ui/forms';
import { herePath, signInHref, useFinishAfterSignIn } from './sign-in-first';

/**
 * A heart that saves a product to the signed-in user's wishlist or takes it off. It reads
 * and writes the phone's copy, so it works offline; the outbox sends the change later.
 * A visitor is sent to /signin, told why, and brought back here with the product saved.
 */
export function WishlistButton({ productId, className = '' }: { productId: number; className?: string }) {
  const t = useT();
  const saved = useLiveQuery(() => isSaved(productId), [productId]) ?? false;
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string>();

  const toggle = async () => {
    setError(undefined);
    try {
      await (saved ? removeFromWishlist(productId) : saveToWishlist(productId));
    } catch (e) {
      if (e instanceof WishlistError) {
        navigate(signInHref('wishlist', herePath(location), productId));
        return;
      }
      setError(e instanceof Error ? apiText(e.message) : t('product.saveFailed'));
    }
  };

  useFinishAfterSignIn('wishlist', () => void saveToWishlist(productId).catch((e: unknown) => setError(e instanceof Error ? apiText(e.message) : t('product.saveFailed'))), productId);

  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        aria-pressed={saved}
        onClick={toggle}
        className={`btn-outline inline-flex items-center gap-2 px-3 py-1.5 text-sm ${saved ? 'border-red-700 text-red-800' : ''} ${className}`}
      >
        <Heart size={18} aria-hidden="true" fill={saved ? 'currentColor' : 'none'} />
        {saved ? t('product.saved') : t('product.save')}
      </button>
      {error && <span role="alert" className="mt-1 text-xs text-red-800">{error}</span>}
    </span>
  );
}
