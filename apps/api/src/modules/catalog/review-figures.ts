import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema/index.js';

/** A product's approved reviews as the catalogue keeps them: count and average in tenths. */
export interface ProductReviewFigures {
  count: number;
  /** Tenths of a star (45 = 4.5); null when count is 0. */
  ratingTenths: number | null;
}

/**
 * Keeps a product's review figures, written by the reviews module inside the moderation's
 * transaction (docs/decisions/064). updated_at stays: the product itself did not change.
 */
export async function setProductReviewFigures(
  executor: Executor,
  productId: number,
  figures: ProductReviewFigures,
): Promise<void> {
  await executor
    .update(products)
    .set({ review_count: figures.count, review_rating: figures.ratingTenths })
    .where(eq(products.id, productId));
}
