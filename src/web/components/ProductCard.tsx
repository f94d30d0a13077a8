import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '../../shared/schemas/catalogue';
import { useDataSaver } from '../hooks/useDataSaver';
import { useSavedPicture } from '../hooks/useSavedPicture';
import { useT } from '../i18n/language';
import { categoryName } from './catalogue/words';
import { Price, WasPrice } from './Price';
import { pictureUrl, ProductImage } from './ProductImage';

export function isPurchasable(p: Pick<Product, 'isActive' | 'stockQuantity'>): boolean {
  return p.isActive && p.stockQuantity > 0;
}

interface Props {
  product: Product;
  onAdd?: (product: Product) => void;
  eager?: boolean;
}

export function ProductCard({ product, onAdd, eager }: Props) {
  const t = useT();
  const available = isPurchasable(product);
  return (
    <article className="card flex flex-col overflow-hidden">
      <div className="relative">
        <CardPicture product={product} eager={eager} />
        <span data-testid="card-category" className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-brand-dark">
          {categoryName(product.category)}
        </span>
        {product.discountPercentage ? (
          <span className="absolute right-2 top-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-gray-900">
            -{product.discountPercentage}%
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="break-words font-semibold leading-snug">
          <Link to={`/product/${product.id}`}>{product.name}</Link>
        </h3>
        <p className="line-clamp-2 text-sm text-gray-600">{product.description}</p>
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
          <Price value={product.price} className="whitespace-nowrap text-base font-bold text-brand-dark sm:text-lg" />
          <WasPrice offer={product} percent={false} className="text-sm" />
        </div>
        <p className={`text-xs ${available ? 'text-gray-600' : 'font-semibold text-red-700'}`}>
          {available ? t('card.inStock', { n: product.stockQuantity, region: product.region }) : t('card.outOfStock')}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Link to={`/product/${product.id}`} className="btn-outline px-2 py-1.5 text-sm">{t('card.details')}</Link>
          <button type="button" className="btn-primary px-2 py-1.5 text-sm" disabled={!available || !onAdd} onClick={() => onAdd?.(product)}>
            {available ? t('card.add') : t('card.outOfStock')}
          </button>
        </div>
      </div>
    </article>
  );
}

// Light tints for the Data saver placeholder, one per category (chosen by the name's letters).
const TINTS = ['bg-emerald-100 text-emerald-900', 'bg-amber-100 text-amber-900', 'bg-lime-100 text-lime-900', 'bg-orange-100 text-orange-900', 'bg-teal-100 text-teal-900', 'bg-yellow-100 text-yellow-900'];
const tintOf = (category: string) => TINTS[[...category].reduce((sum, c) => sum + c.charCodeAt(0), 0) % TINTS.length];

/**
 * A list picture. Under Data saver it loads only when tapped (a placeholder with the
 * product's initial until then), unless the phone already holds it.
 */
function CardPicture({ product, eager }: { product: Product; eager?: boolean }) {
  const t = useT();
  const dataSaver = useDataSaver();
  const [tapped, setTapped] = useState(false);
  const image = product.images[0];
  const held = useSavedPicture(image && dataSaver && !tapped ? pictureUrl(image, 320, true) : undefined);
  if (image && dataSaver && !tapped && held !== true) {
    return (
      <button
        type="button"
        onClick={() => setTapped(true)}
        aria-label={t('card.showPicture', { name: product.name })}
        data-testid="picture-placeholder"
        // pt-12: the letter starts below the category badge in the corner, which is two lines long
        // in Twi on a phone ("Nhaban ne nhwamdeɛ"), not behind it.
        className={`flex aspect-[4/3] w-full flex-col items-center justify-start gap-0.5 px-2 pt-12 ${tintOf(product.category)}`}
      >
        <span className="text-2xl font-bold" aria-hidden="true" data-testid="placeholder-letter">{product.name.trim().charAt(0).toUpperCase()}</span>
        <span className="text-xs font-medium leading-4">{t('card.tapToLoad')}</span>
      </button>
    );
  }
  return (
    <Link to={`/product/${product.id}`} className="block">
      <ProductImage image={image} alt={product.name} eager={eager || tapped} />
    </Link>
  );
}
