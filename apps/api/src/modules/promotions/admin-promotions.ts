import { desc, eq } from 'drizzle-orm';
import {
  fromThousandths,
  promoDayEnd,
  promoDayStart,
  promoEndDate,
  promoStartDate,
  promoState,
  type AdminPromoCode,
  type AdminPromoCodeBody,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { sqlStateOf } from '../../db/errors.js';
import { promoCodes } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';

/**
 * The back office's promo codes: list, read, create,
 * change and delete. Each write runs in one transaction with its audit entry. The storefront's
 * validation and the orders read the same rows through service.ts, so a code saved here works
 * for shoppers at once (there is no cached copy to refresh).
 */

export interface AdminPromotionsDependencies {
  /** Where each write records itself for the activity trail (ActivityRecorded), in its transaction. */
  events: DomainEvents;
}

type PromoRow = typeof promoCodes.$inferSelect;

const AUDIT_ENTITY = 'promo_codes';

const notFound = () => AppError.notFound('promotions.not_found');

/** The 409 of a code another promo code already has, on the `code` field. */
const codeTaken = () =>
  new AppError('CONFLICT', 'promotions.code_taken', [
    { field: 'code', message: 'promotions.code_taken' },
  ]);

/** A promo code as the back office sees it, with its state at `now`. */
export function presentPromoCode(row: PromoRow, now: Date): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    description: row.description ?? '',
    discount_type: row.discount_type,
    discount_value:
      row.discount_type === 'percentage' ? row.discount_value : fromThousandths(row.discount_value),
    min_order_amount: row.min_order_amount === null ? null : fromThousandths(row.min_order_amount),
    max_uses: row.max_uses,
    used_count: row.used_count,
    is_active: row.is_active,
    once_per_customer: row.once_per_customer,
    valid_from: row.valid_from ? promoStartDate(row.valid_from) : null,
    valid_until: row.valid_until ? promoEndDate(row.valid_until) : null,
    state: promoState(row, now),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The stored columns of the form: its dates as the instants a Kuwait day starts and ends. */
function columnsOf(input: AdminPromoCodeBody) {
  return {
    code: input.code,
    description: input.description,
    discount_type: input.discount_type,
    discount_value: input.discount_value,
    min_order_amount: input.min_order_amount,
    max_uses: input.max_uses,
    is_active: input.is_active,
    once_per_customer: input.once_per_customer,
    valid_from: input.valid_from === null ? null : promoDayStart(input.valid_from),
    valid_until: input.valid_until === null ? null : promoDayEnd(input.valid_until),
  };
}

/** A write that lost the race for a code to another write (the unique index caught it). */
function mapCodeTaken(error: unknown): never {
  if (sqlStateOf(error) === '23505') throw codeTaken();
  throw error;
}

export function createAdminPromotionsService(db: Database, deps: AdminPromotionsDependencies) {
  const { events } = deps;

  return {
    /** Every promo code, newest first, with its state at `now`. */
    async list(now: Date = new Date()): Promise<AdminPromoCode[]> {
      const rows = await db
        .select()
        .from(promoCodes)
        .orderBy(desc(promoCodes.created_at), desc(promoCodes.id));
      return rows.map((row) => presentPromoCode(row, now));
    },

    /** One promo code, or NOT_FOUND. */
    async get(id: number, now: Date = new Date()): Promise<AdminPromoCode> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
      if (!row) throw notFound();
      return presentPromoCode(row, now);
    },

    /** Creates a code (unused); a code another promo code has is a 409 on `code`. */
    async create(actor: Actor, input: AdminPromoCodeBody, now: Date = new Date()): Promise<AdminPromoCode> {
      const row = await events
        .transaction(db, async (tx) => {
          const [taken] = await tx
            .select({ id: promoCodes.id })
            .from(promoCodes)
            .where(eq(promoCodes.code, input.code));
          if (taken) throw codeTaken();
          const [created] = await tx.insert(promoCodes).values(columnsOf(input)).returning();
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: AUDIT_ENTITY,
            entityId: created!.id,
            action: 'create',
            after: created,
          });
          return created!;
        })
        .catch(mapCodeTaken);
      return presentPromoCode(row, now);
    },

    /**
     * Replaces a code's fields with the form's; its uses stay. The maximum uses may not go
     * below the uses already made (checked on the locked row, so an order cannot slip in).
     */
    async update(
      actor: Actor,
      id: number,
      input: AdminPromoCodeBody,
      now: Date = new Date(),
    ): Promise<AdminPromoCode> {
      const row = await events
        .transaction(db, async (tx) => {
          const [before] = await tx
            .select()
            .from(promoCodes)
            .where(eq(promoCodes.id, id))
            .for('update');
          if (!before) throw notFound();
          if (input.code !== before.code) {
            const [taken] = await tx
              .select({ id: promoCodes.id })
              .from(promoCodes)
              .where(eq(promoCodes.code, input.code));
            if (taken) throw codeTaken();
          }
          if (input.max_uses !== null && input.max_uses < before.used_count) {
            throw AppError.validation([
              {
                field: 'max_uses',
                message: 'promotions.max_uses_below_used',
                params: { used: before.used_count },
              },
            ]);
          }
          const [after] = await tx
            .update(promoCodes)
            .set({ ...columnsOf(input), updated_at: new Date() })
            .where(eq(promoCodes.id, id))
            .returning();
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: AUDIT_ENTITY,
            entityId: id,
            action: 'update',
            before,
            after,
          });
          return after!;
        })
        .catch(mapCodeTaken);
      return presentPromoCode(row, now);
    },

    /**
     * Deletes a code. Orders that used it keep its text in `promo_code`; their `promo_code_id`
     * becomes null (the foreign key's ON DELETE SET NULL).
     */
    async remove(actor: Actor, id: number): Promise<void> {
      await events.transaction(db, async (tx) => {
        const [before] = await tx.delete(promoCodes).where(eq(promoCodes.id, id)).returning();
        if (!before) throw notFound();
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: AUDIT_ENTITY,
          entityId: id,
          action: 'delete',
          before,
        });
      });
    },
  };
}

export type AdminPromotionsService = ReturnType<typeof createAdminPromotionsService>;
