import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { discardEntry, retryEntry } from '../../../local/outbox';
import { pendingReviews, submitReview } from '../../../local/reviews';
import type { Review } from '../../../shared/schemas/catalogue';
import { parseWith } from '../../../shared/schemas/parse';
import { REVIEW_COMMENT_MAX, reviewInputSchema } from '../../../shared/schemas/reviews';
import { api } from '../../lib/api';
import { useOnline } from '../../hooks/useOnline';
import { StarInput, Stars } from './Stars';
import { formatDate } from '../../../shared/dates';
import { useLocale, useT } from '../../i18n/language';
import { useApiText } from '../ui/forms';

interface Props {
  productId: number;
  productName: string;
  /** The server's reviews, when the detail was ever fetched (undefined: not on this phone). */
  reviews: Review[] | undefined;
  rating: { average: number | null; count: number };
  canReview: boolean;
  /** For a visitor: the sign-in page's address (it says why, and comes back here). */
  signInToReview?: string;
}

/** Customer reviews: the user's own (still on the phone) first as 'You', then the server's. */
export function ReviewsSection({ productId, productName, reviews, rating, canReview, signInToReview }: Props) {
  const t = useT();
  const pending = useLiveQuery(() => pendingReviews(productId), [productId]) ?? [];
  const nothing = pending.length === 0 && (reviews?.length ?? 0) === 0;
  // Kept here: sending the review turns canReview off, which removes the form.
  const [notice, setNotice] = useState<string>();
  return (
    <section aria-labelledby="reviews-title" className="mt-10">
      <h2 id="reviews-title" className="text-xl font-bold">{t('reviews.title')}</h2>
      {rating.count > 0 && rating.average !== null && (
        <p className="mt-1 flex items-center gap-2 text-gray-800">
          <Stars value={rating.average} /> <span>{t('reviews.summary', { average: rating.average.toFixed(1), n: rating.count })}</span>
        </p>
      )}
      {notice ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-light p-3 font-medium text-brand-dark">{notice}</p>
      ) : (
        canReview && <ReviewForm productId={productId} productName={productName} onDone={setNotice} />
      )}
      {signInToReview && (
        <Link to={signInToReview} className="btn-outline mt-4 inline-flex">{t('signin.why.review')}</Link>
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {pending.map((p) => (
          <li key={`pending-${p.seq}`} className="card p-4">
            <ReviewHead name={t('reviews.you')} rating={p.rating} date={p.createdAt} />
            <p className="mt-2 whitespace-pre-line text-gray-800">{p.comment}</p>
            {p.status === 'pending' ? (
              <p className="mt-2 text-xs font-medium text-amber-800">{t('reviews.waiting')}</p>
            ) : (
              <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800">
                <span>{t('reviews.failed')} {p.error}</span>
                <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => void retryEntry(p.seq)}>{t('reviews.retry')}</button>
                <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => void discardEntry(p.seq, api)}>{t('reviews.discard')}</button>
              </div>
            )}
          </li>
        ))}
        {reviews?.map((r) => (
          <li key={r.id} className="card p-4">
            <ReviewHead name={`${r.reviewer.firstName} ${r.reviewer.lastName}`} rating={r.rating} date={r.createdAt} />
            <p className="mt-2 whitespace-pre-line text-gray-800">{r.comment}</p>
          </li>
        ))}
      </ul>
      {nothing &&
        (reviews === undefined && rating.count > 0 ? (
          <p className="mt-3 text-gray-700">{t('reviews.offline')}</p>
        ) : (
          <p className="mt-3 text-gray-700">{t('reviews.none')}</p>
        ))}
    </section>
  );
}

function ReviewHead({ name, rating, date }: { name: string; rating: number; date: string }) {
  const locale = useLocale();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-semibold">{name}</span>
      <Stars value={rating} size={14} />
      <span className="text-xs text-gray-600">{formatDate(date, locale)}</span>
    </div>
  );
}

function ReviewForm({ productId, productName, onDone }: { productId: number; productName: string; onDone(notice: string): void }) {
  const t = useT();
  const say = useApiText();
  const id = useId();
  const online = useOnline();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(reviewInputSchema, { productId, rating, comment });
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      return;
    }
    setBusy(true);
    try {
      await submitReview(parsed.value, productName);
      onDone(online ? t('reviews.submitted') : t('reviews.saved'));
    } catch {
      setErrors({ _: t('reviews.failed') });
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="card mt-4 flex flex-col gap-3 p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">{t('reviews.write')}</h3>
      <StarInput name={`${id}-rating`} value={rating} onChange={(n) => { setRating(n); setErrors(({ rating: _r, ...rest }) => rest); }} />
      {errors.rating && <p className="text-sm text-red-700" role="alert">{say(errors.rating)}</p>}
      <div>
        <label htmlFor={`${id}-comment`} className="mb-1 block text-sm font-medium">{t('reviews.yourReview')}</label>
        <textarea
          id={`${id}-comment`}
          className="input min-h-28"
          required
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
          onChange={(e) => { setComment(e.target.value); setErrors(({ comment: _c, ...rest }) => rest); }}
        />
        {errors.comment && <p id={`${id}-comment-error`} className="mt-1 text-sm text-red-700" role="alert">{say(errors.comment)}</p>}
      </div>
      {errors._ && <p className="text-sm text-red-700" role="alert">{errors._}</p>}
      <button type="submit" className="btn-primary self-start" disabled={busy}>{t('reviews.submit')}</button>
    </form>
  );
}
