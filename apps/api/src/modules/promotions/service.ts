import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  evaluatePromo,
  formatAmount,
  normalizePromoCode,
  type PromoDiscountType,
  type PromoRefusal,
  type Thousandths,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { promoCodes } from '../../db/schema/index.js';
import { AppError, type MessageParams } from '../../errors.js';

/** What a promo code takes off a subtotal. Money in thousandths. */
export interface PromoDiscount {
  id: number;
  /** The code as stored (upper-case). */
  code: string;
  discount: Thousandths;
  discount_type: PromoDiscountType;
  /** Whole percent for percentage codes, thousandths for fixed codes. */
  discount_value: number;
}

type PromoRow = typeof promoCodes.$inferSelect;

/**
 * The 400 a shopper sees for a code that does not apply, on the `code` field. The minimum-order
 * message names the amount; the error handler adds the store's currency symbol.
 */
export function promoRefusal(reason: PromoRefusal | 'not_found', promo?: PromoRow): AppError {
  const key = `promo.${reason}` as const;
  const params: MessageParams | undefined =
    reason === 'below_minimum' && promo && promo.min_order_amount !== null
      ? { amount: formatAmount(promo.min_order_amount, 'catalogue') }
      : undefined;
  return new AppError('VALIDATION_ERROR', key, [{ field: 'code', message: key, params }], params);
}

export function createPromotionsService(db: Database) {
  const findPromo = async (executor: Executor, code: string): Promise<PromoRow | undefined> => {
    const [row] = await executor
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, normalizePromoCode(code)))
      .limit(1);
    return row;
  };

  const evaluate = async (
    executor: Executor,
    code: string,
    subtotal: Thousandths,
    now: Date,
  ): Promise<PromoDiscount> => {
    const promo = await findPromo(executor, code);
    if (!promo) throw promoRefusal('not_found');
    const result = evaluatePromo(promo, subtotal, now);
    if (!result.ok) throw promoRefusal(result.reason, promo);
    return {
      id: promo.id,
      code: promo.code,
      discount: result.discount,
      discount_type: promo.discount_type,
      discount_value: promo.discount_value,
    };
  };

  return {
    /**
     * The discount a code would give on a subtotal (thousandths), without using it up.
     * Refusals are VALIDATION_ERROR on the `code` field with the specific reason.
     */
    validatePromoCode(
      code: string,
      subtotal: Thousandths,
      now: Date = new Date(),
    ): Promise<PromoDiscount> {
      return evaluate(db, code, subtotal, now);
    },

    /**
     * Uses a code once inside the caller's transaction and returns its discount (thousandths).
     * The use is counted by a guarded update, so concurrent orders can never take a code past
     * its maximum uses: the loser of a race for the last use gets the `used_up` refusal.
     */
    async redeemPromo(
      tx: Executor,
      code: string,
      subtotal: Thousandths,
      now: Date = new Date(),
    ): Promise<PromoDiscount> {
      const discount = await evaluate(tx, code, subtotal, now);
      const [counted] = await tx
        .update(promoCodes)
        .set({ used_count: sql`${promoCodes.used_count} + 1` })
        .where(
          and(
            eq(promoCodes.id, discount.id),
            or(isNull(promoCodes.max_uses), lt(promoCodes.used_count, promoCodes.max_uses)),
          ),
        )
        .returning({ id: promoCodes.id });
      if (!counted) throw promoRefusal('used_up');
      return discount;
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
