import { queryOptions } from '@tanstack/react-query';
import type {
  ProductReviewsResponse,
  ReviewCreateInput,
  ReviewEligibilityResponse,
} from '@shop/shared';
import { browserApi } from '../../lib/api';

/** The storefront's calls about reviews (docs/decisions/064). */

export const reviewKeys = {
  eligibility: (productId: number) => ['reviews', 'eligibility', productId] as const,
};

/**
 * GET /products/:id/reviews/eligibility: whether the signed-in shopper may review, asked in the
 * browser only, so the server-rendered page is the same for everyone.
 */
export function reviewEligibilityQuery(productId: number, enabled: boolean) {
  return queryOptions({
    queryKey: reviewKeys.eligibility(productId),
    queryFn: () => browserApi().get<ReviewEligibilityResponse>(`/products/${productId}/reviews/eligibility`),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** GET /products/:id/reviews?page=: a later page of the approved reviews. */
export function fetchReviewsPage(productId: number, page: number): Promise<ProductReviewsResponse> {
  return browserApi().get<ProductReviewsResponse>(`/products/${productId}/reviews`, { page });
}

/** POST /products/:id/reviews: the review, pending until the shop approves it. */
export function sendReview(productId: number, review: ReviewCreateInput) {
  return browserApi().post<{ success: true; message: string; review: { id: number; status: string } }>(
    `/products/${productId}/reviews`,
    review,
  );
}
