import { Link } from 'react-router-dom';
import type { Product } from '../../shared/schemas/catalogue';
import { Price } from './Price';
import { ProductImage } from './ProductImage';

export function isPurchasable(p: Pick<Product, 'isActive' | 'stockQuantity'>): boolean {
  return p.isActive && p.stockQuantity > 0;
}

interface Props {
  product: Product;
  onAdd?: (product: Product) => void;
  eager?: boolean;
}

export function ProductCard({ product, onAdd, eager }: Props) {
  const available = isPurchasable(product);
  return (
    <article className="card flex flex-col overflow-hidden">
      <Link to={`/product/${product.id}`} className="relative block">
        <ProductImage image={product.images[0]} alt={product.name} eager={eager} />
        <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-brand-dark">
          {product.category}
        </span>
        {product.discountPercentage ? (
          <span className="absolute right-2 top-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-gray-900">
            -{product.discountPercentage}%
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link to={`/product/${product.id}`}>{product.name}</Link>
        </h3>
        <p className="line-clamp-2 text-sm text-gray-600">{product.description}</p>
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
          <Price value={product.price} className="whitespace-nowrap text-base font-bold text-brand-dark sm:text-lg" />
          {product.oldPrice ? <Price value={product.oldPrice} className="whitespace-nowrap text-sm text-gray-600 line-through" /> : null}
        </div>
        <p className={`text-xs ${available ? 'text-gray-600' : 'font-semibold text-red-700'}`}>
          {available ? `${product.stockQuantity} in stock · ${product.region}` : 'Out of Stock'}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Link to={`/product/${product.id}`} className="btn-outline px-2 py-1.5 text-sm">Details</Link>
          <button type="button" className="btn-primary px-2 py-1.5 text-sm" disabled={!available || !onAdd} onClick={() => onAdd?.(product)}>
            {available ? 'Add' : 'Out of Stock'}
          </button>
        </div>
      </div>
    </article>
  );
}
