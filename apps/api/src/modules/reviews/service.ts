import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  averageRating,
  averageRatingTenths,
  reviewerDisplayName,
  type AdminReview,
  type AdminReviewUpdate,
  type Pagination,
  type PublicReview,
  type ReviewCreate,
  type ReviewEligibilityResponse,
  type ReviewStatus,
  type ReviewSummary,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { productReviews } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { accountNames, isUniqueViolation } from '../accounts/index.js';
import { productNames, setProductReviewFigures } from '../catalog/index.js';
import { hasDeliveredOrderOf } from '../orders/index.js';

/**
 * Reviews from buyers (docs/decisions/064): a customer with a delivered order of a product writes
 * one review of it, which waits until staff approve it; the product keeps its approved reviews'
 * count and average, written in the moderation's transaction.
 */

export interface ReviewsDeps {
  /** Moderations publish ActivityRecorded and, when the approved set moved, ProductReviewsChanged. */
  events: DomainEvents;
}

/** The signed-in shopper writing or asking. */
export interface Reviewer {
  id: number;
  name: string;
}

type ReviewRow = typeof productReviews.$inferSelect;

/** One lock per product while its figures are counted again, so two moderations never race. */
const REVIEW_FIGURES_LOCK = 6_510_065;

const reviewNotFound = () => AppError.notFound('reviews.not_found');
const notABuyer = () => new AppError('FORBIDDEN', 'reviews.not_a_buyer');
const alreadyReviewed = () => new AppError('CONFLICT', 'reviews.already_reviewed');

function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

function presentPublic(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    reviewer: row.reviewer_name,
    reply: row.reply,
    created_at: row.created_at.toISOString(),
  };
}

/** What the activity trail keeps of a review. */
function audited(row: ReviewRow) {
  return { product_id: row.product_id, rating: row.rating, status: row.status, reply: row.reply };
}

export function createReviewsService(db: Database, deps: ReviewsDeps) {
  const { events } = deps;

  /** A product the storefront sells; 404 otherwise (drafts and deleted products take no reviews). */
  async function requirePublishedProduct(executor: Executor, productId: number) {
    const product = (await productNames(executor, [productId])).get(productId);
    if (!product?.published) throw AppError.notFound('error.product_not_found');
    return product;
  }

  async function ownReview(executor: Executor, userId: number, productId: number) {
    const [row] = await executor
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.product_id, productId), eq(productReviews.user_id, userId)))
      .limit(1);
    return row;
  }

  /** Counts the product's approved reviews again and keeps the figures on it; they are returned. */
  async function refreshFigures(tx: Executor, productId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(${REVIEW_FIGURES_LOCK}, ${productId})`);
    const [figures] = await tx
      .select({
        count: count(),
        sum: sql<number>`coalesce(sum(${productReviews.rating}), 0)`.mapWith(Number),
      })
      .from(productReviews)
      .where(and(eq(productReviews.product_id, productId), eq(productReviews.status, 'approved')));
    const approved = figures?.count ?? 0;
    const ratingTenths = averageRatingTenths(figures?.sum ?? 0, approved);
    await setProductReviewFigures(tx, productId, { count: approved, ratingTenths });
    return { count: approved, ratingTenths };
  }

  async function presentAdmin(executor: Executor, rows: readonly ReviewRow[]): Promise<AdminReview[]> {
    const products = await productNames(executor, rows.map((row) => row.product_id));
    const userIds = rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]));
    const accounts = await accountNames(executor, userIds);
    return rows.map((row) => {
      const product = products.get(row.product_id);
      const account = row.user_id === null ? undefined : accounts.get(row.user_id);
      return {
        id: row.id,
        product_id: row.product_id,
        product_name: product?.name ?? null,
        product_name_en: product?.name_en ?? null,
        rating: row.rating,
        title: row.title,
        body: row.body,
        status: row.status,
        reply: row.reply,
        reviewer: row.reviewer_name,
        customer: account && row.user_id !== null ? { id: row.user_id, ...account } : null,
        created_at: row.created_at.toISOString(),
        moderated_at: row.moderated_at?.toISOString() ?? null,
      };
    });
  }

  return {
    /**
     * A buyer's review, pending until staff approve it: 404 for a product not sold, 403 without a
     * delivered order of it, 409 for a second review of the same product.
     */
    async create(reviewer: Reviewer, productId: number, input: ReviewCreate) {
      await requirePublishedProduct(db, productId);
      if (!(await hasDeliveredOrderOf(db, reviewer.id, productId))) throw notABuyer();
      if (await ownReview(db, reviewer.id, productId)) throw alreadyReviewed();
      try {
        const [row] = await db
          .insert(productReviews)
          .values({
            product_id: productId,
            user_id: reviewer.id,
            reviewer_name: reviewerDisplayName(reviewer.name),
            rating: input.rating,
            title: input.title,
            body: input.body,
          })
          .returning({ id: productReviews.id, status: productReviews.status });
        return row!;
      } catch (error) {
        // The same shopper sending twice at once: the unique index keeps one.
        if (isUniqueViolation(error)) throw alreadyReviewed();
        throw error;
      }
    },

    /** Whether the signed-in shopper (null: a visitor) may review the product, and their own review. */
    async eligibility(reviewer: Reviewer | null, productId: number): Promise<Omit<ReviewEligibilityResponse, 'success'>> {
      await requirePublishedProduct(db, productId);
      if (reviewer === null) return { can_review: false, reason: 'sign_in', own_review: null };
      const own = await ownReview(db, reviewer.id, productId);
      if (own) {
        return {
          can_review: false,
          reason: 'already_reviewed',
          own_review: { id: own.id, rating: own.rating, status: own.status },
        };
      }
      const bought = await hasDeliveredOrderOf(db, reviewer.id, productId);
      return { can_review: bought, reason: bought ? null : 'not_a_buyer', own_review: null };
    },

    /** A page of the product's approved reviews, newest first, with its average and count. */
    async listApproved(productId: number, page: number) {
      await requirePublishedProduct(db, productId);
      const approved = and(eq(productReviews.product_id, productId), eq(productReviews.status, 'approved'));
      const [rows, [figures]] = await Promise.all([
        db
          .select()
          .from(productReviews)
          .where(approved)
          .orderBy(desc(productReviews.created_at), desc(productReviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_PAGE_SIZE),
        db
          .select({
            count: count(),
            sum: sql<number>`coalesce(sum(${productReviews.rating}), 0)`.mapWith(Number),
          })
          .from(productReviews)
          .where(approved),
      ]);
      const total = figures?.count ?? 0;
      const summary: ReviewSummary = { average: averageRating(figures?.sum ?? 0, total), count: total };
      return {
        summary,
        reviews: rows.map(presentPublic),
        pagination: pagination(page, REVIEWS_PAGE_SIZE, total),
      };
    },

    /** The back office's list: one status or all, pending ones first, newest first within each. */
    async listForStaff(query: { status?: ReviewStatus | undefined; page: number }) {
      const where = query.status === undefined ? undefined : eq(productReviews.status, query.status);
      const [rows, [total], [pending]] = await Promise.all([
        db
          .select()
          .from(productReviews)
          .where(where)
          .orderBy(
            sql`${productReviews.status} <> 'pending'`,
            desc(productReviews.created_at),
            desc(productReviews.id),
          )
          .limit(ADMIN_REVIEWS_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_REVIEWS_PAGE_SIZE),
        db.select({ count: count() }).from(productReviews).where(where),
        db.select({ count: count() }).from(productReviews).where(eq(productReviews.status, 'pending')),
      ]);
      return {
        reviews: await presentAdmin(db, rows),
        pagination: pagination(query.page, ADMIN_REVIEWS_PAGE_SIZE, total?.count ?? 0),
        pending_count: pending?.count ?? 0,
      };
    },

    /**
     * Approves, rejects or answers a review, in the activity trail; when the approved set moved,
     * the product's figures are counted again in the same transaction and ProductReviewsChanged
     * tells the listings. A reply on an approved review changes the product page too.
     */
    async moderate(actor: Actor, id: number, change: AdminReviewUpdate): Promise<AdminReview> {
      const row = await events.transaction(db, async (tx) => {
        const [before] = await tx.select().from(productReviews).where(eq(productReviews.id, id)).for('update');
        if (!before) throw reviewNotFound();
        const status = change.status ?? before.status;
        const reply = change.reply === undefined ? before.reply : change.reply;
        if (status === before.status && reply === before.reply) return before;
        const [after] = await tx
          .update(productReviews)
          .set({
            status,
            reply,
            moderated_at: status === before.status ? before.moderated_at : sql`now()`,
            updated_at: sql`now()`,
          })
          .where(eq(productReviews.id, id))
          .returning();
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'product_reviews',
          entityId: id,
          action: 'update',
          before: audited(before),
          after: audited(after!),
        });
        if (before.status === 'approved' || status === 'approved') {
          const figures = await refreshFigures(tx, before.product_id);
          await events.publish(tx, { type: 'ProductReviewsChanged', productId: before.product_id, ...figures });
        }
        return after!;
      });
      const [presented] = await presentAdmin(db, [row]);
      return presented!;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
