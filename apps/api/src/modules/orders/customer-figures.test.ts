import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderListResponse, AdminUserDetailResponse } from '@shop/shared';
import { signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createOrder, createUser } from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

const item = (unit_price: number) => [{ product_id: null, product_name: 'سبحة', unit_price, quantity: 1 }];

async function detail(id: number) {
  const reply = await call('GET', `/api/admin/users/${id}`, undefined, { token: admin.token });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as AdminUserDetailResponse).user;
}

describe("a customer's figures in the back office", () => {
  it('counts every order, sums total − refunded over the orders whose money changed hands, names the newest', async () => {
    const db = ctx.database.db;
    const user = await createUser(db, { email: `figures-${Date.now()}@example.com` });
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9, 30));
    // Counted: delivered cash order (12.500), paid online order 20.000 with 5.250 refunded (14.750).
    await createOrder(db, { user_id: user.id, status: 'delivered', created_at: day(1) }, item(12_500));
    await createOrder(
      db,
      { user_id: user.id, payment_method: 'upayments', payment_status: 'paid', refunded_amount: 5_250, created_at: day(2) },
      item(20_000),
    );
    // Not counted: cancelled, awaiting payment, failed payment.
    await createOrder(db, { user_id: user.id, status: 'cancelled', created_at: day(3) }, item(7_000));
    await createOrder(
      db,
      { user_id: user.id, payment_method: 'upayments', payment_status: 'awaiting_payment', created_at: day(4) },
      item(9_000),
    );
    const newest = await createOrder(
      db,
      { user_id: user.id, payment_method: 'upayments', payment_status: 'failed', status: 'cancelled', created_at: day(5) },
      item(3_000),
    );
    // Another customer's order changes nothing.
    const other = await createUser(db, { email: `figures-other-${Date.now()}@example.com` });
    await createOrder(db, { user_id: other.id, created_at: day(6) }, item(99_000));

    const figures = await detail(user.id);
    expect(figures.orders_count).toBe(5);
    expect(figures.total_spent).toBe(27.25);
    expect(figures.last_order_at).toBe(newest.order.created_at.toISOString());
  });

  it('answers zero and null for a user without orders', async () => {
    const user = await createUser(ctx.database.db, { email: `figures-none-${Date.now()}@example.com` });
    const figures = await detail(user.id);
    expect(figures).toMatchObject({ orders_count: 0, total_spent: 0, last_order_at: null });
  });
});

describe('the staff orders list filtered by customer', () => {
  it("lists one customer's orders only, newest first, paged", async () => {
    const db = ctx.database.db;
    const user = await createUser(db, { email: `filtered-${Date.now()}@example.com` });
    const placed = [];
    for (let d = 1; d <= 3; d += 1) {
      placed.push(await createOrder(db, { user_id: user.id, created_at: new Date(Date.UTC(2026, 9, d)) }));
    }
    await createOrder(db, {});
    const reply = await call('GET', `/api/orders?user_id=${user.id}&limit=2`, undefined, { token: moderator.token });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json() as AdminOrderListResponse;
    expect(body.pagination).toMatchObject({ total: 3, pages: 2 });
    expect(body.orders.map((order) => order.order_number)).toEqual([
      placed[2]!.order.order_number,
      placed[1]!.order.order_number,
    ]);
    expect(body.orders.every((order) => order.user_id === user.id)).toBe(true);
  });

  it('refuses a malformed user_id with a field error in the request language', async () => {
    const reply = await call('GET', '/api/orders?user_id=abc', undefined, { token: admin.token, lang: 'ar' });
    expect(reply.statusCode).toBe(400);
    expect(JSON.stringify(reply.json())).toContain('رقم العميل غير صحيح');
  });
});
