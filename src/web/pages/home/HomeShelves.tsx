import type { ReactNode } from 'react';
import { useAddToCart } from '../../components/catalogue/useAddToCart';
import { useT } from '../../i18n/language';
import { FeaturedProducts, ShelfSection } from './Shelves';

/**
 * The home's product shelves: prices and stock from the phone's mirror, so they load after
 * the first paint (HomePage prerenders their place). `between` goes after the featured shelf.
 */
export function HomeShelves({ between }: { between: ReactNode }) {
  const t = useT();
  const { add, toastElement } = useAddToCart();
  return (
    <>
      <FeaturedProducts onAdd={add} />
      {between}
      <ShelfSection shelf="discounted" title={t('shelves.discounted')} subtitle={t('shelves.discountedText')} onAdd={add} />
      <ShelfSection shelf="weekly-specials" title={t('shelves.weekly')} subtitle={t('shelves.weeklyText')} onAdd={add} />
      {toastElement}
    </>
  );
}
