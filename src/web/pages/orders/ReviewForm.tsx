import { useLiveQuery } from 'dexie-react-hooks';
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { pendingReviews, submitReview } from '../../../local/reviews';
import { parseWith } from '../../../shared/schemas/parse';
import { reviewInputSchema } from '../../../shared/schemas/reviews';
import type { OrderItemReview } from '../../../shared/schemas/orders';
import { showToast } from '../../components/ui/toast';
import { formatDate } from '../../../shared/dates';

/**
 * A review on an item of a DELIVERED order. It goes through the outbox (entity
 * review:<productId>), so it shows at once as 'You' and is sent when the network allows.
 */
export function ItemReview({ productId, productName, review, canReview }: { productId: number; productName: string; review: OrderItemReview | null; canReview: boolean }) {
  const pending = useLiveQuery(() => pendingReviews(productId), [productId]);
  // Once sent, the outbox entry is gone before the page re-reads the order: keep the form closed.
  const [sent, setSent] = useState(false);
  if (review) return <ShownReview rating={review.rating} comment={review.comment} createdAt={review.createdAt} who={`${review.reviewer.firstName} ${review.reviewer.lastName}`} />;
  const mine = pending?.[0];
  if (mine) {
    return (
      <div>
        <ShownReview rating={mine.rating} comment={mine.comment} createdAt={mine.createdAt} who="You" />
        {mine.status === 'failed' ? (
          <p className="mt-1 text-sm text-red-700">Failed to submit review. Please try again. {mine.error}</p>
        ) : (
          <p className="mt-1 text-xs text-gray-600">Waiting to be sent…</p>
        )}
      </div>
    );
  }
  if (sent) return <p className="mt-2 text-sm text-gray-700">Thank you for your review.</p>;
  return canReview ? <ReviewForm productId={productId} productName={productName} onSubmitted={() => setSent(true)} /> : null;
}

function ShownReview({ rating, comment, createdAt, who }: { rating: number; comment: string; createdAt: string; who: string }) {
  return (
    <div className="mt-2 rounded-lg bg-gray-50 p-2 text-sm">
      <p className="flex items-center gap-2">
        <span aria-label={`${rating} out of 5 stars`} className="flex text-amber-500">
          {Array.from({ length: 5 }, (_, i) => <Star key={i} size={14} fill={i < rating ? 'currentColor' : 'none'} aria-hidden="true" />)}
        </span>
        <span className="font-medium">{who}</span>
        <span className="text-gray-600">{formatDate(createdAt)}</span>
      </p>
      <p className="mt-1 text-gray-800">{comment}</p>
    </div>
  );
}

function ReviewForm({ productId, productName, onSubmitted }: { productId: number; productName: string; onSubmitted: () => void }) {
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
    showToast('Review submitted successfully!');
    onSubmitted();
  };

  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-2 rounded-lg bg-gray-50 p-2" aria-label={`Review ${productName}`}>
      <fieldset>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-label={`${n} star${n > 1 ? 's' : ''}`}
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
        {errors.rating && <p className="text-sm text-red-700">{errors.rating}</p>}
      </fieldset>
      <label htmlFor={id} className="block text-sm font-medium">Your review</label>
      <textarea id={id} className="input min-h-20" required value={comment} onChange={(e) => { setComment(e.target.value); setErrors((er) => ({ ...er, comment: '' })); }} />
      {errors.comment && <p className="text-sm text-red-700">{errors.comment}</p>}
      <button type="submit" className="btn-primary">Submit Review</button>
    </form>
  );
}
