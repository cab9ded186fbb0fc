import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductReviewsResponse, PublicReview } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { ReviewStars } from '../../components/ui/review-stars';
import { useI18n } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';
import { useErrorText } from '../../lib/errors/error-text';
import { useAuth } from '../account/auth';
import { ReviewForm } from './review-form';
import { fetchReviewsPage, reviewEligibilityQuery, reviewKeys } from './reviews-api';

/** One approved review: stars, title, text, the reviewer (first name and initial), the shop's reply. */
function ReviewItem({ review }: { review: PublicReview }) {
  const { t, formatDate } = useI18n();
  return (
    <li className="border-b border-stone-200 py-4 last:border-b-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars average={review.rating} count={null} />
        {review.title ? (
          <h3 dir="auto" className="font-semibold text-stone-900">
            {review.title}
          </h3>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-stone-500">
        <bdi>{review.reviewer ?? t('catalog.reviews.anonymous')}</bdi> · {formatDate(review.created_at)}
      </p>
      {review.body ? (
        <p dir="auto" className="mt-2 leading-relaxed whitespace-pre-line text-stone-700">
          {review.body}
        </p>
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded-lg border-s-4 border-brand-600 bg-sand-100 p-3 text-sm" data-testid="review-reply">
          <p className="font-semibold text-stone-800">{t('catalog.reviews.shop_reply')}</p>
          <p dir="auto" className="mt-1 whitespace-pre-line text-stone-700">
            {review.reply}
          </p>
        </div>
      ) : null}
    </li>
  );
}

/**
 * What the signed-in shopper may do here, asked after the page has loaded: the form for a buyer,
 * a word on their own review, a sign-in link for a visitor. The server renders nothing of it.
 */
function WriteReview({ productId }: { productId: number }) {
  const { t } = useI18n();
  const localized = useLocalizedPath();
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const eligibility = useQuery(reviewEligibilityQuery(productId, status === 'authenticated'));
  if (status === 'unauthenticated') {
    return (
      <p className="flex flex-wrap items-center gap-x-1 text-sm text-stone-600">
        {/* A whole touch target on a phone (44 px), not a line of text. */}
        <Link
          className="inline-flex min-h-11 min-w-11 items-center justify-center font-semibold text-brand-700 underline"
          to={localized(`/login?returnTo=${encodeURIComponent(localized(`/products/${productId}`))}`)}
        >
          {t('catalog.reviews.sign_in')}
        </Link>
        <span>{t('catalog.reviews.sign_in_hint')}</span>
      </p>
    );
  }
  const data = eligibility.data;
  if (!data) return null;
  if (data.can_review) {
    return (
      <ReviewForm
        productId={productId}
        onSent={() => void queryClient.invalidateQueries({ queryKey: reviewKeys.eligibility(productId) })}
      />
    );
  }
  if (data.reason === 'already_reviewed' && data.own_review) {
    return (
      <p className="rounded-lg bg-sand-100 p-3 text-sm text-stone-700" data-testid="own-review-status">
        {t(`catalog.reviews.own.${data.own_review.status}`)}
      </p>
    );
  }
  return <p className="text-sm text-stone-600">{t('catalog.reviews.buyers_only')}</p>;
}

/**
 * The product page's reviews: the average and count, the approved reviews newest first (the first
 * page rendered with the page, "More reviews" adds the next), the shop's replies, and the form for
 * a buyer (docs/decisions/064).
 */
export function ProductReviews({ productId, initial }: { productId: number; initial: ProductReviewsResponse }) {
  const { t, tp } = useI18n();
  const failureText = useErrorText();
  const [reviews, setReviews] = useState<PublicReview[]>(initial.reviews);
  const [page, setPage] = useState(initial.pagination.page);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { summary, pagination } = initial;

  async function more() {
    setLoading(true);
    setFailure(null);
    try {
      const next = await fetchReviewsPage(productId, page + 1);
      setReviews((current) => [...current, ...next.reviews.filter((review) => !current.some((shown) => shown.id === review.id))]);
      setPage(next.pagination.page);
    } catch (error) {
      setFailure(failureText(error, t('catalog.reviews.more_failed')));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-labelledby="product-reviews" className="mt-10 max-w-3xl" data-testid="product-reviews">
      <h2 id="product-reviews" className="text-xl font-semibold text-stone-900">
        {t('catalog.reviews.title')}
      </h2>
      {summary.count > 0 && summary.average !== null ? (
        <p className="mt-2 flex items-center gap-2">
          <ReviewStars average={summary.average} count={summary.count} size="md" showCount={false} />
          <span className="text-sm text-stone-700">{tp('catalog.reviews.summary_label', summary.count, { average: summary.average.toFixed(1) })}</span>
        </p>
      ) : (
        <p className="mt-2 text-sm text-stone-600">{t('catalog.reviews.none')}</p>
      )}
      {reviews.length > 0 ? <ul className="mt-2">{reviews.map((review) => <ReviewItem key={review.id} review={review} />)}</ul> : null}
      {page < pagination.pages ? (
        <Button variant="secondary" onClick={() => void more()} disabled={loading} aria-busy={loading}>
          {loading ? t('catalog.reviews.more_loading') : t('catalog.reviews.more')}
        </Button>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="mt-6">
        <WriteReview productId={productId} />
      </div>
    </section>
  );
}
