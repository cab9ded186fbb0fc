import { useState, type FormEvent } from 'react';
import { REVIEW_BODY_MAX, REVIEW_RATING_MAX, REVIEW_TITLE_MAX } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors/error-text';
import { sendReview } from './reviews-api';

const fieldClass =
  'mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600';

/**
 * A buyer's review: whole stars (radio buttons, one per star), an optional title and text. What
 * was typed stays after a refusal; the server's messages land on their fields.
 */
export function ReviewForm({ productId, onSent }: { productId: number; onSent: () => void }) {
  const { t, tp } = useI18n();
  const toast = useToast();
  const failureText = useErrorText();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === 0) {
      setErrors({ rating: t('catalog.reviews.form.rating_required') });
      document.getElementById('review-rating-1')?.focus();
      return;
    }
    setSending(true);
    setErrors({});
    try {
      const reply = await sendReview(productId, { rating, title, body });
      toast.success(reply.message);
      onSent();
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        setErrors(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
      }
      toast.error(failureText(error, t('catalog.reviews.form.failed')));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4" data-testid="review-form">
      <h3 className="text-lg font-semibold text-stone-900">{t('catalog.reviews.form.title')}</h3>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">{t('catalog.reviews.form.rating')}</legend>
        <div className="mt-1 flex gap-1">
          {Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1).map((stars) => (
            <label key={stars} className="inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-sand-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
              <input
                id={`review-rating-${stars}`}
                type="radio"
                name="rating"
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="sr-only"
                aria-describedby={errors.rating ? 'review-rating-error' : undefined}
              />
              <span className="sr-only">{tp('catalog.reviews.form.stars', stars)}</span>
              <svg viewBox="0 0 20 20" aria-hidden="true" className={`size-7 ${stars <= rating ? 'text-amber-500' : 'text-stone-300'}`} fill="currentColor">
                <path d="M10 1.5l2.6 5.6 6 .7-4.5 4.1 1.2 6L10 14.9l-5.3 3 1.2-6L1.4 7.8l6-.7z" />
              </svg>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" className="mt-1 text-sm font-semibold text-red-700">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor="review-title" className="text-sm font-semibold text-stone-800">
          {t('catalog.reviews.form.headline')}
        </label>
        <input id="review-title" dir="auto" className={fieldClass} maxLength={REVIEW_TITLE_MAX} value={title} onChange={(event) => setTitle(event.target.value)} aria-invalid={errors.title ? true : undefined} />
        {errors.title ? <p className="mt-1 text-sm font-semibold text-red-700">{errors.title}</p> : null}
      </div>
      <div>
        <label htmlFor="review-body" className="text-sm font-semibold text-stone-800">
          {t('catalog.reviews.form.body')}
        </label>
        <textarea id="review-body" dir="auto" rows={4} className={fieldClass} maxLength={REVIEW_BODY_MAX} value={body} onChange={(event) => setBody(event.target.value)} aria-invalid={errors.body ? true : undefined} />
        {errors.body ? <p className="mt-1 text-sm font-semibold text-red-700">{errors.body}</p> : null}
      </div>
      <p className="text-xs text-stone-500">{t('catalog.reviews.form.moderation_note')}</p>
      <Button type="submit" disabled={sending} aria-busy={sending} className="self-start">
        {sending ? t('catalog.reviews.form.sending') : t('catalog.reviews.form.send')}
      </Button>
    </form>
  );
}
