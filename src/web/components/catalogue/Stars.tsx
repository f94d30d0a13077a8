import { Star } from 'lucide-react';
import { useT } from '../../i18n/language';

/** A rating shown as five stars (whole stars filled up to the rounded value). */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const t = useT();
  const filled = Math.round(value);
  return (
    <span className="inline-flex" role="img" aria-label={t('product.stars', { value })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={size} aria-hidden="true" className={n <= filled ? 'fill-amber-400 text-amber-400' : 'text-gray-400'} />
      ))}
    </span>
  );
}

/** The Write a Review star picker: five radio buttons, keyboard friendly. */
export function StarInput({ value, onChange, name }: { value: number; onChange(n: number): void; name: string }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{t('reviews.yourRating')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-amber-300">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span className="sr-only">{t('reviews.stars', { n })}</span>
            <Star size={28} aria-hidden="true" className={n <= value ? 'fill-amber-400 text-amber-400' : 'text-gray-400'} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
