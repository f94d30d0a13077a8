import { Star } from 'lucide-react';
import { useT } from '../../i18n/language';

/** How much of star `n` (1-5) a rating fills: the rating to the nearest half, so 4.5 is four and a half stars, 4.2 four. */
export function starFill(value: number, n: number): 'full' | 'half' | 'empty' {
  const halves = Math.round(value * 2) / 2;
  return n <= halves ? 'full' : n - 0.5 === halves ? 'half' : 'empty';
}

/** A rating shown as five stars, to the half star, read out as its figure ("4.5 out of 5 stars"). */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const t = useT();
  return (
    <span className="inline-flex" role="img" aria-label={t('product.stars', { value: Math.round(value * 10) / 10 })}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = starFill(value, n);
        return (
          <span key={n} data-star={fill} className="relative inline-flex">
            <Star size={size} aria-hidden="true" className={fill === 'full' ? 'fill-amber-400 text-amber-400' : 'text-gray-400'} />
            {fill === 'half' && (
              // The filled star's left half over the empty one.
              <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden">
                <Star size={size} aria-hidden="true" className="fill-amber-400 text-amber-400" />
              </span>
            )}
          </span>
        );
      })}
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
