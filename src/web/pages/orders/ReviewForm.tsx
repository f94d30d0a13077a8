import { useLiveQuery } from 'dexie-react-hooks';
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { pendingReviews, submitReview } from '../../../local/reviews';
import { parseWith } from '../../../shared/schemas/parse';
import { reviewInputSchema } from '../../../shared/schemas/reviews';
import type { OrderItemReview } from '../../../shared/schemas/orders';
import { showToast } from '../../components/ui/toast';
import { useApiText } from '../../components/ui/forms';
import { formatDate } from '../../../shared/dates';
import { useLocale, useT } from '../../i18n/language';

/**
 * A review on an item of a DELIVERED order. It goes through the outbox (entity
 * review:<productId>), so it shows at once as 'You' and is sent when the network allows.
 */
export function ItemReview({ productId, productName, review, canReview }: { productId: number; productName: string; review: OrderItemReview | null; canReview: boolean }) {
  const t = useT();
  const pending = useLiveQuery(() => pendingReviews(productId), [productId]);
  // Once sent, the outbox entry is gone before the page re-reads the order: keep the form closed.
  const [sent, setSent] = useState(false);
  if (review) return <ShownReview rating={review.rating} comment={review.comment} createdAt={review.createdAt} who={`${review.reviewer.firstName} ${review.reviewer.lastName}`} />;
  const mine = pending?.[0];
  if (mine) {
    return (
      <div>
        <ShownReview rating={mine.rating} comment={mine.comment} createdAt={mine.createdAt} who={t('reviews.you')} />
        {mine.status === 'failed' ? (
          <p className="mt-1 text-sm text-red-700">{t('reviews.failed')} {mine.error}</p>
        ) : (
          <p className="mt-1 text-xs text-gray-600">{t('reviews.waitingShort')}</p>
        )}
      </div>
    );
  }
  if (sent) return <p className="mt-2 text-sm text-gray-700">{t('reviews.thanks')}</p>;
  return canReview ? <ReviewForm productId={productId} productName={productName} onSubmitted={() => setSent(true)} /> : null;
}

function ShownReview({ rating, comment, createdAt, who }: { rating: number; comment: string; createdAt: string; who: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mt-2 rounded-lg bg-gray-50 p-2 text-sm">
      <p className="flex items-center gap-2">
        <span aria-label={t('product.stars', { value: rating })} className="flex text-amber-500">
          {Array.from({ length: 5 }, (_, i) => <Star key={i} size={14} fill={i < rating ? 'currentColor' : 'none'} aria-hidden="true" />)}
        </span>
        <span className="font-medium">{who}</span>
        <span className="text-gray-600">{formatDate(createdAt, locale)}</span>
      </p>
      <p className="mt-1 text-gray-800">{comment}</p>
    </div>
  );
}

function ReviewForm({ productId, productName, onSubmitted }: { productId: number; productName: string; onSubmitted: () => void }) {
  const t = useT();
  const say = useApiText();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseWith(reviewInputSchema, { productId, rating, comment });
    if (!checked.ok) {
      setErrors(checked.error.fieldErrors);
      return;
    }
    await submitReview(checked.value, productName);
    showToast(t('reviews.submitted'));
    onSubmitted();
  };

  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-2 rounded-lg bg-gray-50 p-2" aria-label={t('reviews.formFor', { name: productName })}>
      <fieldset>
        <legend className="text-sm font-medium">{t('reviews.yourRating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-label={t('reviews.stars', { n })}
              aria-pressed={rating === n}
              onClick={() => {
                setRating(n);
                setErrors((e) => ({ ...e, rating: '' }));
              }}
              className="p-1 text-amber-500"
            >
              <Star size={20} fill={n <= rating ? 'currentColor' : 'none'} aria-hidden="true" />
            </button>
          ))}
        </div>
        {errors.rating && <p className="text-sm text-red-700">{say(errors.rating)}</p>}
      </fieldset>
      <label htmlFor={id} className="block text-sm font-medium">{t('reviews.yourReview')}</label>
      <textarea id={id} className="input min-h-20" required value={comment} onChange={(e) => { setComment(e.target.value); setErrors((er) => ({ ...er, comment: '' })); }} />
      {errors.comment && <p className="text-sm text-red-700">{say(errors.comment)}</p>}
      <button type="submit" className="btn-primary">{t('reviews.submit')}</button>
    </form>
  );
}
