import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { STOCK_ALERT_BATCH, type Language } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { stockAlerts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { productNames } from '../catalog/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { signUnsubscribeToken, unsubscribeLinks } from './unsubscribe-token.js';

export interface StockAlertsDeps {
  notifications: Pick<NotificationsService, 'sendBackInStock'>;
  /** The shop's signing secret (the cookies' key). */
  secret: () => Promise<string>;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Back-in-stock wishes (issue 33, item 4; docs/decisions/063): a shopper asks to be told when a
 * sold-out product is back; when it is, each waiting wish is claimed by one statement (never by
 * two processes, never twice) and mailed once in its language.
 */
export function createStockAlertsService(db: Database, deps: StockAlertsDeps) {
  /** Claims a batch of a product's waiting wishes: marked sent in the statement that returns them. */
  async function claimBatch(productId: number) {
    const waiting = db
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.product_id, productId), isNull(stockAlerts.sent_at)))
      .orderBy(asc(stockAlerts.id))
      .limit(STOCK_ALERT_BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(stockAlerts)
      .set({ sent_at: sql`now()` })
      .where(inArray(stockAlerts.id, waiting))
      .returning({ id: stockAlerts.id, email: stockAlerts.email, language: stockAlerts.language });
  }

  /** How many wishes wait for each of the products (one grouped statement); products with none are absent. */
  async function waitingCounts(productIds: readonly number[]): Promise<Map<number, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .select({ product_id: stockAlerts.product_id, waiting: count() })
      .from(stockAlerts)
      .where(and(inArray(stockAlerts.product_id, [...productIds]), isNull(stockAlerts.sent_at)))
      .groupBy(stockAlerts.product_id);
    return new Map(rows.map((row) => [row.product_id, Number(row.waiting)]));
  }

  return {
    waitingCounts,

    /**
     * Registers the wish of `email` for a product that is published and sold out (the catalogue's
     * rule, isInStock); the same address asking again keeps one wish (in its latest language),
     * and one already told waits again. NOT_FOUND for a product the storefront does not sell,
     * CONFLICT for one in stock.
     */
    async register(productId: number, email: string, userId: number | null, lang: Language): Promise<void> {
      const product = (await productNames(db, [productId])).get(productId);
      if (!product?.published) throw AppError.notFound('error.product_not_found');
      if (product.in_stock) throw new AppError('CONFLICT', 'stock_alert.in_stock');
      await db
        .insert(stockAlerts)
        .values({ product_id: productId, email, user_id: userId, language: lang })
        .onConflictDoUpdate({
          target: [stockAlerts.product_id, stockAlerts.email],
          set: {
            language: lang,
            sent_at: null,
            user_id: sql`coalesce(excluded.user_id, ${stockAlerts.user_id})`,
          },
        });
    },

    /**
     * Mails the waiting wishes of those products that are on sale and in stock now, batch by
     * batch; a wish whose e-mail fails waits again for the next time. Called after a commit (the
     * products' stock or state changed), never inside a transaction. Returns how many were sent.
     */
    async sendForProducts(productIds: readonly number[]): Promise<number> {
      const waiting = await waitingCounts([...new Set(productIds)]);
      if (waiting.size === 0) return 0;
      const products = await productNames(db, [...waiting.keys()]);
      const secret = await deps.secret();
      let sent = 0;
      for (const product of products.values()) {
        if (!product.published || !product.in_stock) continue;
        // Until none is left, or a batch had a failure (the mail server is down: those wait).
        for (let failed = false; !failed; ) {
          const batch = await claimBatch(product.id);
          if (batch.length === 0) break;
          for (const wish of batch) {
            const links = unsubscribeLinks(deps.publicUrl, signUnsubscribeToken(secret, { kind: 'stock_alert', id: wish.id }), wish.language);
            try {
              await deps.notifications.sendBackInStock({ to: wish.email, lang: wish.language }, product, links);
              sent += 1;
            } catch (error) {
              deps.log.error({ err: error, stockAlertId: wish.id, productId: product.id }, 'back-in-stock e-mail could not be sent; it waits for the next restock');
              await db.update(stockAlerts).set({ sent_at: null }).where(eq(stockAlerts.id, wish.id));
              failed = true;
            }
          }
          if (batch.length < STOCK_ALERT_BATCH) break;
        }
      }
      return sent;
    },

    /** Removes a wish (its unsubscribe link); one already gone is fine. */
    async remove(alertId: number): Promise<void> {
      await db.delete(stockAlerts).where(eq(stockAlerts.id, alertId));
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
