import { formatCedis } from '../../shared/money';
import type { Product } from '../../shared/schemas/catalogue';
import { useT } from '../i18n/language';

/**
 * Every amount on screen goes through here: one currency display everywhere. An amount never
 * breaks across lines ("GH₵" on one, "1,200.00" on the next reads as two things).
 */
export function Price({ value, className }: { value: number; className?: string }) {
  return <span className={className ? `whitespace-nowrap ${className}` : 'whitespace-nowrap'}>{formatCedis(value)}</span>;
}

/**
 * A sentence that already holds amounts as text (a server's note, "… reaches GH₵ 10.00"),
 * each amount kept on one line as <Price> keeps it.
 */
export function WithWholeAmounts({ text }: { text: string }) {
  return text.split(/(-?GH₵ [\d,]+\.\d\d)/).map((part, i) => (i % 2 ? <span key={i} className="whitespace-nowrap">{part}</span> : part));
}

/**
 * What an offer takes off: the price before, struck through (read out as "was"), and the
 * percentage. The server keeps the two figures in agreement; this only shows them. The card
 * leaves the percentage out (`percent={false}`): it wears it as a badge on the picture.
 */
export function WasPrice({ offer, percent = true, className }: { offer: Pick<Product, 'oldPrice' | 'discountPercentage'>; percent?: boolean; className?: string }) {
  const t = useT();
  if (!offer.oldPrice) return null;
  return (
    <span className={`inline-flex items-baseline gap-1 whitespace-nowrap text-gray-600 ${className ?? ''}`}>
      <span className="sr-only">{t('card.was')}</span>
      <s>{formatCedis(offer.oldPrice)}</s>
      {percent && offer.discountPercentage ? <span className="font-semibold text-amber-900">-{offer.discountPercentage}%</span> : null}
    </span>
  );
}
