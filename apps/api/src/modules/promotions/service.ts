import { and, eq, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  evaluatePromo,
  formatAmount,
  normalizePromoCode,
  type PromoDiscountType,
  type PromoRefusal,
  type Thousandths,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { orders, promoCodes } from '../../db/schema/index.js';
import { AppError, type MessageParams } from '../../errors.js';
import { normalizeEmail, normalizePhone } from '../../lib/contact.js';

/** What a promo code takes off a subtotal. Money in thousandths. */
export interface PromoDiscount {
  id: number;
  /** The code as stored (upper-case). */
  code: string;
  discount: Thousandths;
  discount_type: PromoDiscountType;
  /** Whole percent for percentage codes, thousandths for fixed codes. */
  discount_value: number;
  /** One order per customer (account, e-mail or phone). */
  once_per_customer: boolean;
}

/**
 * Who uses a code, for once-per-customer codes: an earlier order (not cancelled or refunded)
 * with the code by the same account, the same mailbox or the same phone number, however they
 * are written (lib/contact.ts), refuses it. Unknown parts are left out.
 */
export interface PromoCustomer {
  userId: number | null;
  email?: string | null | undefined;
  phone?: string | null | undefined;
}

/** Orders that no longer count as a use of a once-per-customer code. */
const RELEASED_ORDER_STATUSES = ['cancelled', 'refunded'] as const;

type PromoRow = typeof promoCodes.$inferSelect;

/**
 * The 400 a shopper sees for a code that does not apply, on the `code` field. The minimum-order
 * message names the amount; the error handler adds the store's currency symbol.
 */
export function promoRefusal(
  reason: PromoRefusal | 'not_found' | 'once_per_customer',
  promo?: PromoRow,
): AppError {
  const key = `promo.${reason}` as const;
  const params: MessageParams | undefined =
    reason === 'below_minimum' && promo && promo.min_order_amount !== null
      ? { amount: formatAmount(promo.min_order_amount, 3) }
      : undefined;
  return new AppError('VALIDATION_ERROR', key, [{ field: 'code', message: key, params }], params);
}

/**
 * The customer's orders with the code that count as a use of it (not cancelled or refunded): by
 * the account, or by the e-mail's or phone's comparison form (lib/contact.ts), through the
 * orders' contact indexes. Undefined when nothing is known of the customer.
 */
export function customerOrdersWithCode(promoId: number, customer: PromoCustomer): SQL | undefined {
  const matches: SQL[] = [];
  if (customer.userId !== null) matches.push(eq(orders.user_id, customer.userId));
  const email = customer.email ? normalizeEmail(customer.email) : '';
  if (email !== '') matches.push(eq(orders.contact_email, email));
  const phone = customer.phone ? normalizePhone(customer.phone) : null;
  if (phone !== null) matches.push(eq(orders.contact_phone, phone));
  if (matches.length === 0) return undefined;
  return and(
    eq(orders.promo_code_id, promoId),
    notInArray(orders.status, [...RELEASED_ORDER_STATUSES]),
    or(...matches),
  );
}

export function createPromotionsService(db: Database) {
  const findPromo = async (executor: Executor, code: string): Promise<PromoRow | undefined> => {
    const [row] = await executor
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, normalizePromoCode(code)))
      .limit(1)
      .prepare('promotions_by_code')
      .execute();
    return row;
  };

  /** True when the customer already has an order (not cancelled or refunded) with the code. */
  const usedByCustomer = async (
    executor: Executor,
    promoId: number,
    customer: PromoCustomer,
  ): Promise<boolean> => {
    const condition = customerOrdersWithCode(promoId, customer);
    if (condition === undefined) return false;
    const [row] = await executor.select({ id: orders.id }).from(orders).where(condition).limit(1);
    return row !== undefined;
  };

  /**
   * The discount a code gives, read with `executor` (the caller's transaction at checkout),
   * without using it up (countPromoUse does). A once-per-customer code is refused when the
   * customer already has an order with it; at checkout the caller holds locks on the customer's
   * account, e-mail and phone so that check cannot race.
   */
  async function promoDiscount(
    executor: Executor,
    code: string,
    subtotal: Thousandths,
    now: Date = new Date(),
    customer?: PromoCustomer,
  ): Promise<PromoDiscount> {
    const promo = await findPromo(executor, code);
    if (!promo) throw promoRefusal('not_found');
    const result = evaluatePromo(promo, subtotal, now);
    if (!result.ok) throw promoRefusal(result.reason, promo);
    if (promo.once_per_customer && customer && (await usedByCustomer(executor, promo.id, customer))) {
      throw promoRefusal('once_per_customer', promo);
    }
    return {
      id: promo.id,
      code: promo.code,
      discount: result.discount,
      discount_type: promo.discount_type,
      discount_value: promo.discount_value,
      once_per_customer: promo.once_per_customer,
    };
  }

  /** What a code is asked for: the code, the subtotal (thousandths), when, and by whom. */
  type PromoQuery = Parameters<typeof promoDiscount> extends [Executor, ...infer Query] ? Query : never;

  /**
   * Counts one use of the code of a discount inside the caller's transaction, by a guarded
   * update, so concurrent orders can never take a code past its maximum uses: the loser of a
   * race for the last use gets the `used_up` refusal. The code's row stays locked until the
   * transaction ends: a checkout counts the use last (docs/decisions/035).
   */
  async function countPromoUse(tx: Executor, discount: PromoDiscount): Promise<void> {
    const [counted] = await tx
      .update(promoCodes)
      .set({ used_count: sql`${promoCodes.used_count} + 1` })
      .where(
        and(
          eq(promoCodes.id, discount.id),
          or(isNull(promoCodes.max_uses), lt(promoCodes.used_count, promoCodes.max_uses)),
        ),
      )
      .returning({ id: promoCodes.id })
      .prepare('promotions_count_use')
      .execute();
    if (!counted) throw promoRefusal('used_up');
  }

  return {
    /**
     * The discount a code would give on a subtotal (thousandths), without using it up.
     * Refusals are VALIDATION_ERROR on the `code` field with the specific reason. With a
     * customer, a once-per-customer code they already used is refused.
     */
    validatePromoCode(...query: PromoQuery): Promise<PromoDiscount> {
      return promoDiscount(db, ...query);
    },

    promoDiscount,
    countPromoUse,

    /**
     * Gives back one use of a code inside the caller's transaction (an online order whose payment
     * failed or was abandoned). Never below zero; a code deleted since is skipped. The caller makes
     * sure an order releases its use once (it does so only on the order's own transition).
     */
    async releasePromo(tx: Executor, promoId: number): Promise<void> {
      await tx
        .update(promoCodes)
        .set({ used_count: sql`greatest(${promoCodes.used_count} - 1, 0)` })
        .where(eq(promoCodes.id, promoId));
    },

    /**
     * Counts a use released before again, past the code's maximum if it must (an order paid after
     * it was cancelled: the customer already paid the discounted total). A code deleted since is
     * skipped.
     */
    async recountPromo(tx: Executor, promoId: number): Promise<void> {
      await tx
        .update(promoCodes)
        .set({ used_count: sql`${promoCodes.used_count} + 1` })
        .where(eq(promoCodes.id, promoId));
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
