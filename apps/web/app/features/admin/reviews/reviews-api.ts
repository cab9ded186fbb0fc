import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewListResponse, AdminReviewUpdateInput, ReviewStatus } from '@shop/shared';
import { adminApi, adminQueryKeys, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';

/** The calls of the Reviews tab (docs/decisions/064). */

export const reviewsQueryKeys = adminQueryKeys('reviews');

export interface ReviewListFilters {
  status: ReviewStatus | '';
  page: number;
}

/** GET /admin/reviews: one status or all (pending first), a page at a time. */
export function adminReviewsQuery(filters: ReviewListFilters) {
  return queryOptions({
    queryKey: reviewsQueryKeys.list(filters),
    queryFn: () =>
      adminApi().get<AdminReviewListResponse>('/admin/reviews', {
        status: filters.status || undefined,
        page: filters.page,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface Moderation {
  review: AdminReview;
  change: AdminReviewUpdateInput;
}

/** PUT /admin/reviews/:id: a new status and/or the shop's reply. */
async function moderate({ review, change }: Moderation): Promise<AdminReview> {
  return (await adminApi().put<{ success: true; review: AdminReview }>(`/admin/reviews/${review.id}`, change)).review;
}

function refreshReviews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reviewsQueryKeys.all });
}

export function useModerateReview(callbacks?: MutationCallbacks<AdminReview, Moderation>) {
  return useResourceMutation(moderate, refreshReviews, callbacks);
}
