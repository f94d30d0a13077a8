import { memo } from 'react';
import type { Product } from '../../../shared/schemas/catalogue';
import { ProductCard } from '../ProductCard';

/**
 * The grid of cards; the first row loads eagerly, the rest lazily as it scrolls in. Drawn
 * again only when its products change, not whenever the page around it does.
 */
export const ProductGrid = memo(function ProductGrid({ products, onAdd, eagerCount = 2 }: { products: Product[]; onAdd?: (p: Product) => void; eagerCount?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
      {products.map((p, i) => <ProductCard key={p.id} product={p} onAdd={onAdd} eager={i < eagerCount} />)}
    </div>
  );
});
