import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { removeFromCart, stepCartQuantity, type CartLine } from '../../../local/cart';
import { CART_MESSAGES } from '../../../shared/schemas/cart';
import { Price, WasPrice } from '../../components/Price';
import { useT } from '../../i18n/language';
import { apiText } from '../../components/ui/forms';

/** One cart line: picture, name, line subtotal, unit price, quantity control and remove. */
export function CartRow({ line }: { line: CartLine }) {
  const t = useT();
  const [error, setError] = useState<string>();
  const run = (change: Promise<void>) => {
    setError(undefined);
    change.catch((e: unknown) => setError(e instanceof Error ? apiText(e.message) : t('cart.changeFailed')));
  };
  const atStock = line.stockQuantity !== undefined && line.quantity >= line.stockQuantity;
  const unavailable = line.isActive === false;

  return (
    <li className="card flex gap-3 p-3" data-testid="cart-row">
      <Link to={`/product/${line.productId}`} className="shrink-0">
        <img
          src={line.imageUrl ?? '/placeholder.png'}
          alt={line.name}
          width={96}
          height={72}
          loading="lazy"
          className="h-15 w-20 rounded-md bg-brand-light object-cover sm:h-18 sm:w-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {/* The whole name on its own line (beside the price it was cut to "Fresh Tomatoe…" on a
            phone); the unit price and the line's total share the next. */}
        <h2 className="break-words font-semibold leading-snug">
          <Link to={`/product/${line.productId}`}>{line.name}</Link>
        </h2>
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <p className="flex flex-wrap gap-x-2 text-sm text-gray-600"><span><Price value={line.price} /> {t('cart.each')}</span><WasPrice offer={{ oldPrice: line.oldPrice ?? null, discountPercentage: line.discountPercentage ?? null }} /></p>
          <Price value={(Math.round(line.price * 100) * line.quantity) / 100} className="font-bold text-brand-dark" />
        </div>
        {line.previousPrice !== undefined && (
          <p className="text-sm font-medium text-amber-900" data-testid="price-changed">
            {t('cart.priceChangedBefore')}<Price value={line.previousPrice} />{t('cart.priceChangedMiddle')}<Price value={line.price} />{t('cart.priceChangedAfter')}
          </p>
        )}
        {unavailable && <p className="text-sm font-medium text-red-800">{CART_MESSAGES.unavailable}</p>}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center rounded-lg border border-gray-300" role="group" aria-label={t('cart.quantityOf', { name: line.name })}>
            <button
              type="button"
              aria-label={t('cart.oneLess', { name: line.name })}
              disabled={line.quantity <= 1}
              onClick={() => run(stepCartQuantity(line.productId, -1))}
              className="flex h-9 w-9 items-center justify-center disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Minus size={16} aria-hidden="true" />
            </button>
            <span className="w-10 text-center font-medium" data-testid="cart-quantity" aria-live="polite">{line.quantity}</span>
            <button
              type="button"
              aria-label={t('cart.oneMore', { name: line.name })}
              disabled={atStock || unavailable}
              onClick={() => run(stepCartQuantity(line.productId, 1))}
              className="flex h-9 w-9 items-center justify-center disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Plus size={16} aria-hidden="true" />
            </button>
          </div>
          <button
            type="button"
            aria-label={t('cart.removeLabel', { name: line.name })}
            onClick={() => run(removeFromCart(line.productId))}
            className="flex items-center gap-1 rounded-md px-2 py-1 text-sm text-red-800 hover:bg-red-50"
          >
            <Trash2 size={16} aria-hidden="true" />
            <span>{t('cart.remove')}</span>
          </button>
        </div>
        {atStock && !unavailable && <p className="text-xs text-gray-600">{CART_MESSAGES.onlyLeft(line.stockQuantity!)}</p>}
        {error && <p role="alert" className="text-sm text-red-800">{error}</p>}
      </div>
    </li>
  );
}
