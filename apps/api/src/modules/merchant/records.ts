import { inArray, sql } from 'drizzle-orm';
import type { Language, MerchantLastPush } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { merchantProducts, type StoredNotice } from '../../db/schema/merchant.js';
import { renderNotice } from './notices.js';
import type { SavedMerchantFields } from './payload.js';

/** One push of a product to Google, as recorded. */
export interface PushRecord {
  productId: number;
  result: 'updated' | 'deleted' | 'failed';
  source: 'manual' | 'bulk' | 'auto';
  /** Why it failed; null when it did not. */
  notice: StoredNotice | null;
  at?: Date;
}

type MerchantProductRow = typeof merchantProducts.$inferSelect;

/** A product's latest push in the reader's language; null when it was never pushed. */
export function presentLastPush(
  row: Pick<MerchantProductRow, 'last_push_at' | 'last_push_result' | 'last_push_source' | 'last_push_notice'> | undefined,
  lang: Language,
): MerchantLastPush | null {
  if (!row?.last_push_at || !row.last_push_result || !row.last_push_source) return null;
  return {
    at: row.last_push_at.toISOString(),
    result: row.last_push_result,
    source: row.last_push_source,
    message: row.last_push_notice ? renderNotice(row.last_push_notice, lang) : null,
  };
}

/** The shop's records of its products in Google Merchant (merchant_products). */
export function createMerchantRecords(db: Executor) {
  return {
    /** The rows of these products (absent: never pushed and no saved fields). */
    async of(productIds: readonly number[]): Promise<Map<number, MerchantProductRow>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(merchantProducts)
        .where(inArray(merchantProducts.product_id, [...productIds]));
      return new Map(rows.map((row) => [row.product_id, row]));
    },

    /** Keeps the owner's fields of a product, sent again by update all and the background sync. */
    async saveFields(executor: Executor, productId: number, fields: SavedMerchantFields): Promise<void> {
      await executor
        .insert(merchantProducts)
        .values({ product_id: productId, ...fields })
        .onConflictDoUpdate({
          target: merchantProducts.product_id,
          set: { ...fields, updated_at: sql`now()` },
        });
    },

    /** Records the latest push of each product (one statement). */
    async recordPushes(pushes: readonly PushRecord[], executor: Executor = db): Promise<void> {
      if (pushes.length === 0) return;
      // One row per product: the latest push wins when a product appears twice.
      const latest = new Map(pushes.map((push) => [push.productId, push]));
      await executor
        .insert(merchantProducts)
        .values(
          [...latest.values()].map((push) => ({
            product_id: push.productId,
            last_push_at: push.at ?? new Date(),
            last_push_result: push.result,
            last_push_source: push.source,
            last_push_notice: push.notice,
          })),
        )
        .onConflictDoUpdate({
          target: merchantProducts.product_id,
          set: {
            last_push_at: sql`excluded.last_push_at`,
            last_push_result: sql`excluded.last_push_result`,
            last_push_source: sql`excluded.last_push_source`,
            last_push_notice: sql`excluded.last_push_notice`,
            updated_at: sql`now()`,
          },
        });
    },
  };
}

export type MerchantRecords = ReturnType<typeof createMerchantRecords>;
