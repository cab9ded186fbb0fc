import { and, desc, eq, sql } from 'drizzle-orm';
import {
  guestProductsToAdopt,
  inLanguage,
  wishlistIsFull,
  withoutProduct,
  withProduct,
  type Language,
  type Product,
  type WishlistProduct,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { wishlistItems } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';

/**
 * Whose wishlist: a signed-in customer's (rows of wishlist_items), or a guest's, whose product ids
 * (newest first) come from the signed cookie and go back into it (cookie.ts).
 */
export type WishlistOwner = { kind: 'user'; userId: number } | { kind: 'guest'; ids: readonly number[] };

export interface WishlistServiceOptions {
  catalog: Pick<CatalogService, 'publishedProductsByIds' | 'getProduct'>;
  /** Most products one list keeps (WISHLIST_MAX_PRODUCTS). */
  maxProducts: number;
}

/** Namespace of the transaction lock that keeps one account's list under the cap while it changes. */
const WISHLIST_LOCK_NAMESPACE = 7_333_062;

/** The card of a kept product, its name in the reader's language. */
function presentWishlistProduct(product: Product, lang: Language): WishlistProduct {
  const { id, name, name_en, price, sale_price, current_price, stock_quantity } = product;
  const { manage_stock, in_stock, featured_image, category_name, category_name_en } = product;
  const { review_average, review_count } = product;
  return {
    id,
    name,
    name_en,
    price,
    sale_price,
    current_price,
    stock_quantity,
    manage_stock,
    in_stock,
    featured_image,
    category_name,
    category_name_en,
    review_average,
    review_count,
    display_name: inLanguage(lang, name, name_en),
  };
}

export function createWishlistService(db: Database, options: WishlistServiceOptions) {
  const { catalog, maxProducts } = options;

  async function storedIds(executor: Executor, userId: number): Promise<number[]> {
    const rows = await executor
      .select({ id: wishlistItems.product_id })
      .from(wishlistItems)
      .where(eq(wishlistItems.user_id, userId))
      .orderBy(desc(wishlistItems.created_at), desc(wishlistItems.product_id));
    return rows.map((row) => row.id);
  }

  /** Every kept id, newest first: hidden products' too (they count towards the cap). */
  function keptIds(owner: WishlistOwner): Promise<number[]> | number[] {
    return owner.kind === 'user' ? storedIds(db, owner.userId) : [...owner.ids];
  }

  async function lockList(tx: Executor, userId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${WISHLIST_LOCK_NAMESPACE}, ${userId})`);
  }

  function refuseWhenFull(ids: readonly number[], productId: number): void {
    if (wishlistIsFull(ids, productId, maxProducts)) {
      throw new AppError('CONFLICT', 'wishlist.full', undefined, { max: maxProducts });
    }
  }

  /** The kept products the shop sells now, newest first. */
  async function visibleProducts(owner: WishlistOwner): Promise<Product[]> {
    return catalog.publishedProductsByIds(await keptIds(owner));
  }

  return {
    /** The ids of the kept products the shop sells now, newest first (hearts, the header's count). */
    async productIds(owner: WishlistOwner): Promise<number[]> {
      return (await visibleProducts(owner)).map((product) => product.id);
    },

    /** The kept products the shop sells now as cards, in `lang`, newest first. */
    async products(owner: WishlistOwner, lang: Language): Promise<WishlistProduct[]> {
      return (await visibleProducts(owner)).map((product) => presentWishlistProduct(product, lang));
    },

    /**
     * Keeps a published product (NOT_FOUND otherwise; CONFLICT past the cap; once only). A
     * guest's new list is answered for the cookie, without the products the shop no longer sells.
     */
    async add(owner: WishlistOwner, productId: number): Promise<{ ids: number[] }> {
      await catalog.getProduct(productId);
      if (owner.kind === 'guest') {
        const sold = await this.productIds(owner);
        refuseWhenFull(sold, productId);
        return { ids: withProduct(sold, productId) };
      }
      await db.transaction(async (tx) => {
        await lockList(tx, owner.userId);
        refuseWhenFull(await storedIds(tx, owner.userId), productId);
        await tx
          .insert(wishlistItems)
          .values({ user_id: owner.userId, product_id: productId })
          .onConflictDoNothing();
      });
      return { ids: await this.productIds(owner) };
    },

    /** Forgets a product (no error when it was not kept). */
    async remove(owner: WishlistOwner, productId: number): Promise<{ ids: number[] }> {
      if (owner.kind === 'guest') {
        return { ids: withoutProduct(await this.productIds(owner), productId) };
      }
      await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.user_id, owner.userId), eq(wishlistItems.product_id, productId)));
      return { ids: await this.productIds(owner) };
    },

    /**
     * At sign-in: the guest's products (newest first) join the account's list, without duplicates
     * and up to the cap (guestProductsToAdopt). Products the shop no longer sells are left out.
     */
    async adoptGuestList(userId: number, guestIds: readonly number[]): Promise<void> {
      const sold = (await catalog.publishedProductsByIds(guestIds)).map((product) => product.id);
      if (sold.length === 0) return;
      await db.transaction(async (tx) => {
        await lockList(tx, userId);
        const joining = guestProductsToAdopt(await storedIds(tx, userId), sold, maxProducts);
        if (joining.length === 0) return;
        // Newest first as the guest kept them: the first gets the latest time.
        const now = Date.now();
        await tx
          .insert(wishlistItems)
          .values(
            joining.map((productId, index) => ({
              user_id: userId,
              product_id: productId,
              created_at: new Date(now - index),
            })),
          )
          .onConflictDoNothing();
      });
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
