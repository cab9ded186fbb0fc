import { z } from 'zod';
import { productSchema } from './catalog.js';
import { idParam, successShape } from './common.js';

// The wishlist (issue 33, item 3; docs/decisions/062): a signed-in customer's is stored with the
// account, a guest's in a signed cookie; both join at sign-in.

export const wishlistAddBodySchema = z.object({ product_id: idParam });
export type WishlistAddBody = z.infer<typeof wishlistAddBodySchema>;

export const wishlistProductParamsSchema = z.object({ product_id: idParam });

/** The kept products the shop sells now, newest first (the hearts and the header's count). */
const productIds = z.array(z.number().int());

export const wishlistIdsResponseSchema = successShape({ product_ids: productIds });
export type WishlistIdsResponse = z.infer<typeof wishlistIdsResponseSchema>;

/**
 * A kept product as the product list's card shows it (both languages, as `GET /api/products`
 * gives them), with its name in the request's language and whether it can be bought now.
 */
export const wishlistProductSchema = productSchema
  .pick({
    id: true,
    name: true,
    name_en: true,
    price: true,
    sale_price: true,
    current_price: true,
    stock_quantity: true,
    manage_stock: true,
    in_stock: true,
    featured_image: true,
    category_name: true,
    category_name_en: true,
    review_average: true,
    review_count: true,
  })
  .extend({
    /** The name in the request's language (Arabic when the product has no English one). */
    display_name: z.string(),
  });
export type WishlistProduct = z.infer<typeof wishlistProductSchema>;

export const wishlistResponseSchema = successShape({
  products: z.array(wishlistProductSchema),
  product_ids: productIds,
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
