import { count, desc, eq } from 'drizzle-orm';
import {
  apiMessage,
  isStockMovementReason,
  type Language,
  type StockMovement,
  type StockMovementsQuery,
  type StockMovementsResponse,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { orders, products, stockMovements } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents } from '../../events.js';

/**
 * The stock ledger (docs/decisions/054): every StockChanged, whoever publishes it (an order's
 * move, a back-office edit, later an import or a bulk edit), becomes one row in the same
 * transaction as the move itself, so a committed change of stock is never missing from it.
 */
export function subscribeStockLedger(events: DomainEvents): void {
  // A batch handler: an import's thousands of moves are a few inserts.
  events.duringTransactionBatch('StockChanged', async (tx, moves) => {
    for (let start = 0; start < moves.length; start += LEDGER_BATCH) {
      await tx.insert(stockMovements).values(
        moves.slice(start, start + LEDGER_BATCH).map((move) => ({
          product_id: move.productId,
          delta: move.delta,
          level: move.level,
          reason: move.reason,
          actor_id: move.actor?.id ?? null,
          actor_email: move.actor?.email ?? null,
          order_id: move.orderId,
          import_id: move.importId ?? null,
        })),
      );
    }
  });
}

/** Moves per insert: 8 parameters each, well inside PostgreSQL's 65,535. */
const LEDGER_BATCH = 1000;

/** The current names of these accounts that still exist, by id (the accounts module's). */
export type AccountNames = (
  executor: Executor,
  ids: readonly number[],
) => Promise<Map<number, { name: string }>>;

/** One page of a product's ledger, newest first; NOT_FOUND when the product does not exist. */
export async function readStockMovements(
  db: Database,
  accountNames: AccountNames,
  productId: number,
  query: StockMovementsQuery,
  lang: Language,
): Promise<Omit<StockMovementsResponse, 'success'>> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw AppError.notFound('error.product_not_found');
  const where = eq(stockMovements.product_id, productId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        delta: stockMovements.delta,
        level: stockMovements.level,
        reason: stockMovements.reason,
        actor_id: stockMovements.actor_id,
        actor_email: stockMovements.actor_email,
        import_id: stockMovements.import_id,
        order_id: stockMovements.order_id,
        order_number: orders.order_number,
        created_at: stockMovements.created_at,
      })
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.order_id))
      .where(where)
      .orderBy(desc(stockMovements.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  const names = await accountNames(
    db,
    rows.map((row) => row.actor_id).filter((id): id is number => id !== null),
  );
  const total = counted?.total ?? 0;
  return {
    movements: rows.map((row): StockMovement => {
      // The column holds only the reasons StockChanged carries and the migration's opening.
      const reason = isStockMovementReason(row.reason) ? row.reason : 'edit';
      return {
        id: row.id,
        delta: row.delta,
        level: row.level,
        reason,
        reason_label: apiMessage(`stock.reason.${reason}`, lang),
        actor_id: row.actor_id,
        // A deleted account's moves keep the e-mail it had (the row's actor_id is then null).
        actor_name:
          (row.actor_id === null ? undefined : names.get(row.actor_id)?.name) ?? row.actor_email,
        order_id: row.order_id,
        order_number: row.order_number,
        import_id: row.import_id,
        created_at: row.created_at.toISOString(),
      };
    }),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}
