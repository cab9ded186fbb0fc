import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminReviewListResponse,
  AuditLogResponse,
  ErrorResponse,
  ProductListResponse,
  ProductResponse,
  ProductReviewsResponse,
  ReviewEligibilityResponse,
} from '@shop/shared';
import { REVIEWS_PAGE_SIZE } from '@shop/shared';
import { call, checkout, ctx, orderOf, postOrder, useOrdersShop } from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { products, users } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/**
 * Reviews from buyers (issue 33, item 5): refused to a non-buyer and hidden until approved,
 * through the real HTTP app.
 */
useOrdersShop();

type SignedIn = Awaited<ReturnType<typeof signedInAs>>;
let admin: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  admin = await signedInAs(ctx, 'admin');
  moderator = await signedInAs(ctx, 'moderator');
});

/** A customer named `name` with a session. */
async function customerNamed(name: string): Promise<SignedIn> {
  const signed = await signedInAs(ctx, 'customer');
  await ctx.database.db.update(users).set({ name }).where(eq(users.id, signed.user.id));
  return signed;
}

/** An order of the product by the customer, moved to `status` as the back office would. */
async function ordered(customer: SignedIn, productId: number, status: 'delivered' | 'shipped' | 'pending') {
  const reply = await postOrder(checkout([{ product_id: productId, quantity: 1 }]), { token: customer.token });
  expect(reply.statusCode, reply.body).toBe(201);
  const order = orderOf(reply.json());
  if (status !== 'pending') {
    const moved = await call('PUT', `/api/orders/${order.id}/status`, { status, notes: '' }, { token: admin.token });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return order;
}

const review = (productId: number, body: unknown, options: { token?: string; lang?: 'ar' | 'en' } = {}) =>
  call('POST', `/api/products/${productId}/reviews`, body as Record<string, unknown>, options);

async function approvedOf(productId: number, page = 1): Promise<ProductReviewsResponse> {
  const reply = await call('GET', `/api/products/${productId}/reviews?page=${page}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<ProductReviewsResponse>();
}

const moderate = (id: number, body: unknown, token = moderator.token, lang: 'ar' | 'en' = 'en') =>
  call('PUT', `/api/admin/reviews/${id}`, body as Record<string, unknown>, { token, lang });

async function productOf(id: number) {
  const reply = await call('GET', `/api/products/${id}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<ProductResponse>().product;
}

describe('POST /api/products/{id}/reviews', () => {
  it('refuses a shopper without a delivered order of the product, with a message in their language', async () => {
    const beads = await createProduct(ctx.database.db, { name: 'سبحة يسر', stock_quantity: 50 });
    const stranger = await customerNamed('Khalid Omar');
    const waiting = await customerNamed('Mona Saleh');
    await ordered(waiting, beads.id, 'shipped');

    const noSession = await review(beads.id, { rating: 5 });
    expect(noSession.statusCode).toBe(401);

    const nonBuyer = await review(beads.id, { rating: 5 }, { token: stranger.token, lang: 'ar' });
    expect(nonBuyer.statusCode).toBe(403);
    expect(nonBuyer.json<ErrorResponse>().message).toBe('يمكن تقييم المنتج فقط بعد استلام طلب يضمه');
    const english = await review(beads.id, { rating: 5 }, { token: stranger.token });
    expect(english.json<ErrorResponse>().message).toMatch(/once an order of it has been delivered/);

    // Shipped is not delivered.
    const undelivered = await review(beads.id, { rating: 4 }, { token: waiting.token });
    expect(undelivered.statusCode).toBe(403);
    const eligibility = await call('GET', `/api/products/${beads.id}/reviews/eligibility`, undefined, { token: waiting.token });
    expect(eligibility.json<ReviewEligibilityResponse>()).toMatchObject({ can_review: false, reason: 'not_a_buyer' });
    expect(eligibility.headers['cache-control']).toBe('private, no-store');
    const visitor = await call('GET', `/api/products/${beads.id}/reviews/eligibility`);
    expect(visitor.json<ReviewEligibilityResponse>()).toMatchObject({ can_review: false, reason: 'sign_in' });
    expect((await approvedOf(beads.id)).summary).toEqual({ average: null, count: 0 });
  });

  it('checks the fields: rating 1–5 whole stars, lengths, control characters; nothing is written', async () => {
    const beads = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const buyer = await customerNamed('Huda Nasser');
    await ordered(buyer, beads.id, 'delivered');
    const refused = async (body: unknown, field: string, message: string, lang: 'ar' | 'en' = 'en') => {
      const reply = await review(beads.id, body, { token: buyer.token, lang });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<ErrorResponse>().details).toContainEqual({ field, message });
    };
    await refused({}, 'rating', 'Choose a rating from 1 to 5 stars');
    await refused({ rating: 0 }, 'rating', 'Choose a rating from 1 to 5 stars');
    await refused({ rating: 6 }, 'rating', 'Choose a rating from 1 to 5 stars');
    await refused({ rating: 4.5 }, 'rating', 'اختر تقييماً من نجمة إلى خمس نجوم', 'ar');
    await refused({ rating: '5' }, 'rating', 'Choose a rating from 1 to 5 stars');
    await refused({ rating: 5, title: 'x'.repeat(121) }, 'title', 'The review title must be at most 120 characters');
    await refused({ rating: 5, body: 'x'.repeat(2001) }, 'body', 'The review must be at most 2,000 characters');
    await refused({ rating: 5, body: 'nice\u0007beads' }, 'body', 'The text contains characters that are not allowed');
    await refused({ rating: 5, title: 'a\u0000b' }, 'title', 'The text contains characters that are not allowed');
    const eligibility = await call('GET', `/api/products/${beads.id}/reviews/eligibility`, undefined, { token: buyer.token });
    expect(eligibility.json<ReviewEligibilityResponse>()).toEqual({ success: true, can_review: true, reason: null, own_review: null });

    // A product the storefront does not sell takes none; a bad id is a 400.
    expect((await review(999_999, { rating: 5 }, { token: buyer.token })).statusCode).toBe(404);
    expect((await review(Number.NaN, { rating: 5 }, { token: buyer.token })).statusCode).toBe(400);
  });

  it('accepts a buyer once; the review is hidden until approved, and shown with the average and count after', async () => {
    const beads = await createProduct(ctx.database.db, { name: 'سبحة كوك', name_en: 'Kuka beads', stock_quantity: 50 });
    const fatima = await customerNamed('Fatima Al-Sabah');
    await ordered(fatima, beads.id, 'delivered');

    const sent = await review(beads.id, { rating: 4, title: '  Lovely <b>beads</b> ', body: 'Smooth and heavy.\nWell packed.' }, { token: fatima.token });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ review: { status: 'pending' }, message: 'Thank you! Your review will appear once the shop has checked it' });
    const id = sent.json<{ review: { id: number } }>().review.id;

    const again = await review(beads.id, { rating: 1 }, { token: fatima.token });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().message).toBe('You have already reviewed this product');
    const own = await call('GET', `/api/products/${beads.id}/reviews/eligibility`, undefined, { token: fatima.token });
    expect(own.json<ReviewEligibilityResponse>()).toMatchObject({
      can_review: false,
      reason: 'already_reviewed',
      own_review: { id, rating: 4, status: 'pending' },
    });

    // Pending: nowhere on the storefront.
    expect(await approvedOf(beads.id)).toMatchObject({ summary: { average: null, count: 0 }, reviews: [] });
    expect(await productOf(beads.id)).toMatchObject({ review_average: null, review_count: 0 });

    // A customer may not moderate; staff see it first among the pending ones.
    expect((await moderate(id, { status: 'approved' }, fatima.token)).statusCode).toBe(403);
    const list = await call('GET', '/api/admin/reviews?status=pending', undefined, { token: moderator.token });
    expect(list.statusCode, list.body).toBe(200);
    const pending = list.json<AdminReviewListResponse>();
    expect(pending.reviews[0]).toMatchObject({
      id,
      status: 'pending',
      product_name_en: 'Kuka beads',
      reviewer: 'Fatima S.',
      customer: { id: fatima.user.id, name: 'Fatima Al-Sabah' },
    });
    expect(pending.pending_count).toBeGreaterThanOrEqual(1);

    // Approved: shown, with the reviewer by first name and initial, text as sent (escaped by the pages).
    const approved = await moderate(id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const shown = await approvedOf(beads.id);
    expect(shown.summary).toEqual({ average: 4, count: 1 });
    expect(shown.reviews).toEqual([
      {
        id,
        rating: 4,
        title: 'Lovely <b>beads</b>',
        body: 'Smooth and heavy.\nWell packed.',
        reviewer: 'Fatima S.',
        reply: null,
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(shown)).not.toContain('Al-Sabah');

    // A second buyer's 5 stars: the product keeps 4.5 over 2, and the cached list shows it at once.
    const ali = await customerNamed('علي حسن');
    await ordered(ali, beads.id, 'delivered');
    const listed = async () => {
      const reply = await call('GET', '/api/products?limit=100&sort=id&order=desc');
      return reply.json<ProductListResponse>().products.find((product) => product.id === beads.id);
    };
    expect(await listed()).toMatchObject({ review_average: 4, review_count: 1 });
    const second = await review(beads.id, { rating: 5, body: 'ممتازة' }, { token: ali.token, lang: 'ar' });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json<{ review: { id: number } }>().review.id;
    expect((await moderate(secondId, { status: 'approved', reply: 'شكراً لك!' })).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ review_average: 4.5, review_count: 2 });
    const both = await approvedOf(beads.id);
    expect(both.summary).toEqual({ average: 4.5, count: 2 });
    // Newest first, the shop's reply under it.
    expect(both.reviews.map((entry) => [entry.reviewer, entry.reply])).toEqual([
      ['علي ح.', 'شكراً لك!'],
      ['Fatima S.', null],
    ]);

    // Rejected after all: hidden again, the figures follow.
    expect((await moderate(id, { status: 'rejected' })).statusCode).toBe(200);
    expect((await approvedOf(beads.id)).summary).toEqual({ average: 5, count: 1 });
    expect(await productOf(beads.id)).toMatchObject({ review_average: 5, review_count: 1 });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, beads.id));
    expect([row!.review_count, row!.review_rating]).toEqual([1, 50]);
  });

  it('records every moderation in the activity trail, named after the product', async () => {
    const beads = await createProduct(ctx.database.db, { name: 'سبحة عقيق', name_en: 'Agate beads', stock_quantity: 50 });
    const buyer = await customerNamed('Sara Ahmad');
    await ordered(buyer, beads.id, 'delivered');
    const id = (await review(beads.id, { rating: 3 }, { token: buyer.token })).json<{ review: { id: number } }>().review.id;
    expect((await moderate(id, { status: 'approved' }, admin.token)).statusCode).toBe(200);
    expect((await moderate(id, { reply: 'Thank you, Sara' }, admin.token)).statusCode).toBe(200);
    // Nothing to change: refused with a message, nothing recorded.
    const empty = await moderate(id, {}, admin.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorResponse>().details).toContainEqual({ field: 'status', message: 'Send the review’s status or a reply' });
    expect((await moderate(id, { status: 'hidden' }, admin.token)).statusCode).toBe(400);
    expect((await moderate(999_999, { status: 'approved' }, admin.token)).statusCode).toBe(404);

    const trail = await call('GET', '/api/admin/audit-log?entity=product_reviews', undefined, { token: admin.token });
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json<AuditLogResponse>().entries.filter((entry) => entry.entity_id === id);
    expect(entries.map((entry) => [entry.action, entry.actor_id, entry.changes, entry.record_name])).toEqual([
      ['update', admin.user.id, { reply: { from: null, to: 'Thank you, Sara' } }, 'Agate beads — Sara A.'],
      ['update', admin.user.id, { status: { from: 'pending', to: 'approved' } }, 'Agate beads — Sara A.'],
    ]);
  });

  it('pages the approved reviews, newest first, five a page', async () => {
    const beads = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const ids: number[] = [];
    for (let index = 0; index < REVIEWS_PAGE_SIZE + 2; index += 1) {
      const buyer = await customerNamed(`Buyer ${index} Test`);
      await ordered(buyer, beads.id, 'delivered');
      const sent = await review(beads.id, { rating: (index % 5) + 1 }, { token: buyer.token });
      ids.push(sent.json<{ review: { id: number } }>().review.id);
    }
    for (const id of ids) expect((await moderate(id, { status: 'approved' })).statusCode).toBe(200);
    const first = await approvedOf(beads.id);
    expect(first.pagination).toEqual({ page: 1, limit: REVIEWS_PAGE_SIZE, total: REVIEWS_PAGE_SIZE + 2, pages: 2 });
    expect(first.reviews.map((entry) => entry.id)).toEqual(ids.slice().reverse().slice(0, REVIEWS_PAGE_SIZE));
    const second = await approvedOf(beads.id, 2);
    expect(second.reviews.map((entry) => entry.id)).toEqual(ids.slice(0, 2).reverse());
    // 1+2+3+4+5+1+2 = 18 over 7 = 2.57…
    expect(second.summary).toEqual({ average: 2.6, count: 7 });
    expect((await call('GET', `/api/products/${beads.id}/reviews?page=0`)).statusCode).toBe(400);
    expect((await call('GET', `/api/products/${beads.id}/reviews?page=abc`, undefined, { lang: 'ar' })).statusCode).toBe(400);
    // A draft product's reviews are not public.
    await ctx.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, beads.id));
    expect((await call('GET', `/api/products/${beads.id}/reviews`)).statusCode).toBe(404);
  });
});
