import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { products } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents, StockChanged, StockChangeReason } from '../../events.js';
import type { Actor } from '../../lib/actor.js';

/**
 * What every back-office write of products shares (the form, the duplicate, the import, the bulk
 * edit): how a product is recorded in the activity trail, how its stock change reaches the
 * ledger, and how writers of one SKU are kept apart. One rule each, whatever the screen.
 */

export type ProductRow = typeof products.$inferSelect;

/** Arbitrary namespace of the transaction locks that serialise writers of one SKU (any case). */
const SKU_LOCK_NAMESPACE = 7_310_442;

/**
 * Takes the transaction lock of a SKU (any letter case): the unique index compares exact text,
 * so "ab-1" and "AB-1" wait for each other and a check made after it cannot race another writer.
 */
export async function lockSku(tx: Executor, sku: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SKU_LOCK_NAMESPACE}, hashtext(lower(${sku})))`);
}

/** True when a database error is a violation of the SKU's unique index (drizzle wraps the driver's). */
export function isSkuViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === 'products_sku_key';
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function skuTaken(): AppError {
  return AppError.validation([{ field: 'sku', message: 'product.sku_taken' }]);
}

/** Variation links as the audit trail keeps them (the surcharge in thousandths). */
export function auditLinks(links: ReadonlyArray<{ variation_id: number; price: number }>) {
  return links.map((link) => ({ variation_id: link.variation_id, price: link.price }));
}

/**
 * The product's fields as the audit trail keeps them: money in thousandths like every other
 * entry (entries written before issue 30 kept decimal dinars; the trail's reader tells them apart).
 */
export function auditView(
  row: ProductRow,
  images: readonly string[],
  links: ReadonlyArray<{ variation_id: number; price: number }>,
): Record<string, unknown> {
  return {
    ...auditFields(row),
    images,
    attribute_variations: auditLinks(links),
  };
}

/** The columns of a product the audit trail keeps. */
export const AUDITED_PRODUCT_COLUMNS = [
  'name',
  'name_en',
  'description',
  'description_en',
  'short_description',
  'short_description_en',
  'price',
  'sale_price',
  'stock_quantity',
  'category_id',
  'sku',
  'featured',
  'status',
  'seo_title_ar',
  'seo_title_en',
  'seo_description_ar',
  'seo_description_en',
] as const satisfies ReadonlyArray<keyof ProductRow>;

/** A product's audited columns (what a writer of many products reads, without the search columns). */
export type AuditedProduct = Pick<ProductRow, (typeof AUDITED_PRODUCT_COLUMNS)[number]>;

/** The product's own columns as the audit trail keeps them (auditView without images and links). */
export function auditFields(row: AuditedProduct): Record<string, unknown> {
  return {
    name: row.name,
    name_en: row.name_en,
    description: row.description,
    description_en: row.description_en,
    short_description: row.short_description,
    short_description_en: row.short_description_en,
    price: row.price,
    sale_price: row.sale_price,
    stock_quantity: row.stock_quantity,
    category_id: row.category_id,
    sku: row.sku,
    featured: row.featured,
    status: row.status,
    seo_title_ar: row.seo_title_ar,
    seo_title_en: row.seo_title_en,
    seo_description_ar: row.seo_description_ar,
    seo_description_en: row.seo_description_en,
  };
}

/** The reasons staff set a product's stock for (orders' own moves are told by the orders module). */
export type StaffStockReason = Extract<StockChangeReason, 'created' | 'edit' | 'import' | 'bulk_edit'>;

/** What staff set a product's stock from and to, and why (an import: which one). */
export interface StaffStockSet {
  actor: Actor;
  productId: number;
  from: number;
  to: number;
  reason: StaffStockReason;
  importId?: number;
}

/** The StockChanged of staff setting a product's stock; null when it stayed the same. */
export function stockSetEvent(change: StaffStockSet): StockChanged | null {
  if (change.to === change.from) return null;
  return {
    type: 'StockChanged',
    productId: change.productId,
    delta: change.to - change.from,
    level: change.to,
    reason: change.reason,
    orderId: null,
    importId: change.importId ?? null,
    actor: change.actor,
  };
}

/**
 * Tells the stock ledger (StockChanged) that staff set a product's stock from `from` to `to`;
 * nothing when it stayed the same. `importId` links the move to the import that made it. Only
 * for a transaction the event bus opened.
 */
export async function publishStockSet(
  events: DomainEvents,
  tx: Executor,
  change: StaffStockSet,
): Promise<void> {
  const event = stockSetEvent(change);
  if (event) await events.publish(tx, event);
}
