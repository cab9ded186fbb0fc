import { z } from 'zod';
import {
  REVIEW_BODY_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPLY_MAX,
  REVIEW_TITLE_MAX,
  reviewStatuses,
} from '../reviews.js';
import { blankAsUndefined, hasNoControlCharacters, paginationSchema, successShape } from './common.js';

/**
 * Reviews from buyers (docs/decisions/064).
 *
 * - `POST /api/products/:id/reviews` (a signed-in customer with a delivered order of the product,
 *   once per product): the review waits for moderation.
 * - `GET /api/products/:id/reviews?page=` (public): the approved ones, newest first, with the
 *   product's average and count.
 * - `GET /api/products/:id/reviews/eligibility` (the browser asks after the page loads): whether
 *   the signed-in shopper may write one.
 * - `GET /api/admin/reviews?status=&page=`, `PUT /api/admin/reviews/:id` (`reviews.moderate`).
 */

export const reviewStatusSchema = z.enum(reviewStatuses, { error: 'reviews.status_invalid' });

/** An optional text of a review: trimmed, blank is null; control characters refused. */
function optionalReviewText(max: number, tooLongKey: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: 'validation.text_invalid' })
      .refine(hasNoControlCharacters, 'validation.text_invalid')
      .transform((value) => value.trim())
      .pipe(z.string().max(max, tooLongKey))
      .transform((value) => (value === '' ? null : value)),
  );
}

export const reviewCreateSchema = z.object({
  rating: z
    .number({ error: 'reviews.rating_invalid' })
    .int('reviews.rating_invalid')
    .min(REVIEW_RATING_MIN, 'reviews.rating_invalid')
    .max(REVIEW_RATING_MAX, 'reviews.rating_invalid'),
  title: optionalReviewText(REVIEW_TITLE_MAX, 'reviews.title_too_long'),
  body: optionalReviewText(REVIEW_BODY_MAX, 'reviews.body_too_long'),
});
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;
export type ReviewCreate = z.output<typeof reviewCreateSchema>;

export const reviewListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'validation.page_invalid' })
    .int('validation.page_invalid')
    .min(1, 'validation.page_invalid')
    .max(100_000, 'validation.page_invalid')
    .default(1),
});

/** A review as the public sees it: the reviewer by first name and initial only. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  body: z.string().nullable(),
  /** "Fatima H."; null: the reviewer gave no name (shown as "A buyer"). */
  reviewer: z.string().nullable(),
  /** The shop's public reply, or null. */
  reply: z.string().nullable(),
  created_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewSummarySchema = z.object({
  /** The approved reviews' average with one decimal (4.5), null when there are none. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const productReviewsResponseSchema = successShape({
  summary: reviewSummarySchema,
  reviews: z.array(publicReviewSchema),
  pagination: paginationSchema,
});
export type ProductReviewsResponse = z.infer<typeof productReviewsResponseSchema>;

/** Why a shopper may not review: not signed in, no delivered order of it, already reviewed it. */
export const reviewRefusals = ['sign_in', 'not_a_buyer', 'already_reviewed'] as const;
export type ReviewRefusal = (typeof reviewRefusals)[number];

export const reviewEligibilityResponseSchema = successShape({
  can_review: z.boolean(),
  reason: z.enum(reviewRefusals).nullable(),
  /** The shopper's own review of the product, whatever its status. */
  own_review: z
    .object({ id: z.number().int(), rating: z.number().int(), status: reviewStatusSchema })
    .nullable(),
});
export type ReviewEligibilityResponse = z.infer<typeof reviewEligibilityResponseSchema>;

export const reviewCreatedResponseSchema = successShape({
  review: z.object({ id: z.number().int(), status: reviewStatusSchema }),
  message: z.string(),
});

// ---------- back office ----------

export const adminReviewListQuerySchema = z.object({
  status: z.preprocess(blankAsUndefined, reviewStatusSchema.optional()),
  page: reviewListQuerySchema.shape.page,
});

export const adminReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string().nullable(),
  product_name_en: z.string().nullable(),
  rating: z.number().int(),
  title: z.string().nullable(),
  body: z.string().nullable(),
  status: reviewStatusSchema,
  reply: z.string().nullable(),
  /** As the public sees the reviewer. */
  reviewer: z.string().nullable(),
  /** The account, for staff; null when it was deleted. */
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  moderated_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListResponseSchema = successShape({
  reviews: z.array(adminReviewSchema),
  pagination: paginationSchema,
  /** How many reviews wait for moderation (the tab's badge). */
  pending_count: z.number().int(),
});
export type AdminReviewListResponse = z.infer<typeof adminReviewListResponseSchema>;

export const adminReviewUpdateSchema = z
  .object({
    status: reviewStatusSchema.optional(),
    /** The shop's public reply; blank removes it. */
    reply: optionalReviewText(REVIEW_REPLY_MAX, 'reviews.reply_too_long').optional(),
  })
  .refine((value) => value.status !== undefined || value.reply !== undefined, {
    message: 'reviews.nothing_to_change',
    path: ['status'],
  });
export type AdminReviewUpdateInput = z.input<typeof adminReviewUpdateSchema>;
export type AdminReviewUpdate = z.output<typeof adminReviewUpdateSchema>;

export const adminReviewResponseSchema = successShape({ review: adminReviewSchema });
