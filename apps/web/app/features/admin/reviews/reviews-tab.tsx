import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inLanguage, reviewStatuses, type AdminReview, type ReviewStatus } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { ReviewStars } from '../../../components/ui/review-stars';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useSessionFailureOf } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';
import { Field, TextArea } from '../ui/fields';
import { ListFilterSelect } from '../ui/list-filters';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUrlState } from '../ui/url-state';
import { adminReviewsQuery, useModerateReview } from './reviews-api';

const URL_DEFAULTS = { status: '', page: '1' } as const;

const statusBadge: Record<ReviewStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-stone-200 text-stone-800',
};

function statusFrom(value: string): ReviewStatus | '' {
  return (reviewStatuses as readonly string[]).includes(value) ? (value as ReviewStatus) : '';
}

function pageFrom(value: string): number {
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : 1;
}

/** One review with its moderation: approve, reject, and the shop's public reply (kept while typing). */
function ReviewCard({ review }: { review: AdminReview }) {
  const { t, lang, formatDateTime } = useI18n();
  const toast = useToast();
  const errorText = useStaffErrorText();
  const [reply, setReply] = useState(review.reply ?? '');
  const product = inLanguage(lang, review.product_name ?? `#${review.product_id}`, review.product_name_en);
  const moderation = useModerateReview({
    onSuccess: (_saved, { change }) =>
      toast.success(
        change.status === undefined
          ? t('admin-reviews.toast.replied', { product })
          : t(`admin-reviews.toast.${change.status}`, { product }),
      ),
    onError: (error) => toast.error(errorText(error, t('admin-reviews.toast.failed'))),
  });
  const busy = moderation.isPending;
  const replyId = `review-reply-${review.id}`;

  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4" data-testid="admin-review">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            <bdi>{product}</bdi>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <ReviewStars average={review.rating} count={null} />
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadge[review.status]}`}>
              {t(`admin-reviews.status.${review.status}`)}
            </span>
          </div>
        </div>
        <p className="text-xs text-stone-500">{formatDateTime(review.created_at)}</p>
      </div>
      {review.title ? (
        <p dir="auto" className="mt-3 font-semibold text-stone-900">
          {review.title}
        </p>
      ) : null}
      {review.body ? (
        <p dir="auto" className="mt-1 whitespace-pre-line break-words text-stone-700">
          {review.body}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-stone-600">
        {t('admin-reviews.by')} <bdi>{review.reviewer ?? t('admin-reviews.no_name')}</bdi>
        {review.customer ? (
          <>
            {' '}
            (<bdi>{review.customer.email}</bdi>)
          </>
        ) : null}
      </p>
      <div className="mt-3">
        <Field id={replyId} label={t('admin-reviews.reply')} hint={t('admin-reviews.reply_hint')}>
          <TextArea id={replyId} value={reply} onValue={setReply} rows={2} dir="auto" maxLength={2000} />
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {review.status !== 'approved' ? (
          <Button disabled={busy} onClick={() => moderation.mutate({ review, change: { status: 'approved', reply } })}>
            {t('admin-reviews.approve')}
          </Button>
        ) : null}
        {review.status !== 'rejected' ? (
          <Button variant="secondary" disabled={busy} onClick={() => moderation.mutate({ review, change: { status: 'rejected', reply } })}>
            {t('admin-reviews.reject')}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy || reply === (review.reply ?? '')} onClick={() => moderation.mutate({ review, change: { reply } })}>
          {t('admin-reviews.save_reply')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The Reviews tab (docs/decisions/064): shoppers' reviews, pending ones first, filtered by status
 * in the URL; each approved, rejected or answered in place, with a toast.
 */
export default function ReviewsTab() {
  const { t } = useI18n();
  const [filters, setFilters] = useUrlState(URL_DEFAULTS);
  const status = statusFrom(filters.status);
  const page = pageFrom(filters.page);
  const reviews = useQuery(adminReviewsQuery({ status, page }));
  useSessionFailureOf(reviews.error);
  const data = reviews.data;

  let body;
  if (data === undefined) {
    body = reviews.isError ? (
      <ErrorPanel title={t('admin-reviews.load_error')} error={reviews.error} onRetry={() => void reviews.refetch()} />
    ) : (
      <LoadingPanel />
    );
  } else if (data.reviews.length === 0) {
    body = <EmptyPanel title={t('admin-reviews.empty_title')} text={t('admin-reviews.empty_text')} />;
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-3" aria-label={t('admin-reviews.list_label')}>
          {data.reviews.map((review) => (
            <ReviewCard key={`${review.id}-${review.status}-${review.reply ?? ''}`} review={review} />
          ))}
        </ul>
        {data.pagination.pages > 1 ? (
          <nav className="mt-4 flex items-center gap-3" aria-label={t('admin-reviews.pages_label')}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setFilters({ page: String(page - 1) })}>
              {t('admin-reviews.previous')}
            </Button>
            <span className="text-sm text-stone-700">{t('admin-reviews.page_of', { page, pages: data.pagination.pages })}</span>
            <Button variant="secondary" disabled={page >= data.pagination.pages} onClick={() => setFilters({ page: String(page + 1) })}>
              {t('admin-reviews.next')}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section>
      <AdminPageHeader
        title={t('admin-reviews.title')}
        description={data ? t('admin-reviews.description_pending', { count: data.pending_count }) : t('admin-reviews.description')}
      />
      <div className="mb-4 lg:max-w-xs">
        <ListFilterSelect id="reviews-status" label={t('admin-reviews.filter_status')} value={status} onValue={(value) => setFilters({ status: value, page: '1' })}>
          <option value="">{t('admin-reviews.status.all')}</option>
          {reviewStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`admin-reviews.status.${value}`)}
            </option>
          ))}
        </ListFilterSelect>
      </div>
      {body}
    </section>
  );
}
