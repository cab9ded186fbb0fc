import { z } from 'zod';
import { pageQueryFields, paginationSchema, successShape } from './common.js';

/**
 * The stock ledger of a product (docs/decisions/054): every move of its stock, newest first.
 *
 * - `GET /api/admin/products/{id}/stock-movements?page=` (`catalog.read`): one page of 25 moves
 *   (id desc); each with its change, the level after it, its reason (code and label in the
 *   request's language), who made it (a staff member's name) and the order or import that made it.
 */

export const STOCK_MOVEMENTS_PAGE_SIZE = 25;
export const STOCK_MOVEMENTS_PAGE_SIZE_MAX = 100;

/**
 * Why a product's stock moved. An order: placed (units taken), released (cancelled, refunded,
 * payment refused or abandoned, deleted: units back), retaken (reopened, a late payment), a
 * partial refund's restock. The back office: created with stock, edited in the product form, a
 * CSV import, a bulk edit. `opening`: the level a product had when the ledger began.
 */
export const STOCK_MOVEMENT_REASONS = [
  'order_placed',
  'order_released',
  'order_retaken',
  'refund_restock',
  'created',
  'edit',
  'import',
  'bulk_edit',
  'opening',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

export function isStockMovementReason(value: string): value is StockMovementReason {
  return (STOCK_MOVEMENT_REASONS as readonly string[]).includes(value);
}

export const stockMovementsQuerySchema = z.object({
  ...pageQueryFields({ defaultLimit: STOCK_MOVEMENTS_PAGE_SIZE, maxLimit: STOCK_MOVEMENTS_PAGE_SIZE_MAX }),
});
export type StockMovementsQuery = z.output<typeof stockMovementsQuerySchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  /** Units added (positive) or removed (negative). */
  delta: z.number().int(),
  /** The product's stock after the move. */
  level: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  /** The reason in the request's language. */
  reason_label: z.string(),
  /**
   * The staff member who moved it: their current name, or the e-mail they had when the account
   * has since been deleted (then `actor_id` is null); both null for the shop or a shopper.
   */
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  /** The order that moved it (for a link); null for a back-office change or a deleted order. */
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  /** The products import that set it (docs/decisions/056); null for any other move. */
  import_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementsResponseSchema = successShape({
  movements: z.array(stockMovementSchema),
  pagination: paginationSchema,
});
export type StockMovementsResponse = z.infer<typeof stockMovementsResponseSchema>;
