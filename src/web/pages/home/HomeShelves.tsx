import type { ReactNode } from 'react';
import { useAddToCart } from '../../components/catalogue/useAddToCart';
import { FeaturedProducts, ShelfSection } from './Shelves';

/**
 * The home's product shelves: prices and stock from the phone's mirror, so they load after
 * the first paint (HomePage prerenders their place). `between` goes after the featured shelf.
 */
export function HomeShelves({ between }: { between: ReactNode }) {
  const { add, toastElement } = useAddToCart();
  return (
    <>
      <FeaturedProducts onAdd={add} />
      {between}
      <ShelfSection shelf="discounted" title="Discounted Products" subtitle="Special offers on our best-selling items" onAdd={add} />
      <ShelfSection shelf="weekly-specials" title="Weekly Special Offers" subtitle="This week's prices, lower than last week's" onAdd={add} />
      {toastElement}
    </>
  );
}
