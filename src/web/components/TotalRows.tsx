import { fromMinor } from '../../shared/money';
import { totalLines, type TotalPart, type TotalParts } from '../../shared/totals';
import { useT } from '../i18n/language';
import { Price } from './Price';

/**
 * A total and the parts it is made of (shared/totals.ts), as the cart, checkout, confirmation
 * and order pages show it. `goodsLabel` names the goods line where the page counts the items.
 */
export function TotalRows({ parts, goodsLabel, className = 'space-y-1 text-sm', totalTestId }: { parts: TotalParts; goodsLabel?: string; className?: string; totalTestId?: string }) {
  const t = useT();
  const labels: Record<TotalPart, string> = {
    goods: goodsLabel ?? t('order.subtotal'),
    discount: t('order.discount'),
    pickup: t('cart.pickup'),
    transport: t('cart.transport'),
    vat: t('cart.tax'),
    total: t('cart.total'),
  };
  return (
    <dl className={className}>
      {totalLines(parts).map(({ part, minor }) =>
        part === 'total' ? (
          <div key={part} className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold">
            <dt>{labels.total}</dt>
            <dd data-testid={totalTestId}><Price value={fromMinor(minor)} /></dd>
          </div>
        ) : (
          <div key={part} className="flex justify-between gap-2">
            <dt className="text-gray-700">{labels[part]}</dt>
            <dd><Price value={fromMinor(minor)} /></dd>
          </div>
        ),
      )}
    </dl>
  );
}
