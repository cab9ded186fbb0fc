import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductResponse, StockMovement, StockMovementsResponse } from '@shop/shared';
import { call, checkout, ctx, orderOf, postOrder, stockOf, useOrdersShop } from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { products, stockMovements } from '../../db/schema/index.js';
import { createCategory } from '../../seed/factories.js';

/** The stock ledger (docs/decisions/054): every move of a product's stock, through the real HTTP app. */
useOrdersShop();

let admin: { token: string; user: { id: number; name: string } };
let moderator: string;
let customer: string;
let category: number;

beforeAll(async () => {
  admin = await signedInAs(ctx, 'admin');
  moderator = (await signedInAs(ctx, 'moderator')).token;
  customer = (await signedInAs(ctx, 'customer')).token;
  category = (await createCategory(ctx.database.db, { name: 'سبح الدفتر', slug: 'ledger-beads' })).id;
});

/** Creates a product in the back office (JSON form) with this stock. */
async function createdWith(stock: number, name = 'سبحة الدفتر'): Promise<number> {
  const reply = await call(
    'POST',
    '/api/products',
    { name, name_en: 'Ledger beads', price: '5', stock_quantity: String(stock), category_id: String(category), status: 'published' },
    { token: admin.token },
  );
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<AdminProductResponse>().product.id;
}

/** Saves the product form with a new stock (the other fields as they are). */
async function editStock(id: number, stock: number): Promise<void> {
  const reply = await call(
    'PUT',
    `/api/products/${id}`,
    { name: 'سبحة الدفتر', price: '5', stock_quantity: String(stock), category_id: String(category) },
    { token: admin.token },
  );
  expect(reply.statusCode, reply.body).toBe(200);
}

async function order(lines: { product_id: number; quantity: number }[]) {
  const reply = await postOrder(checkout(lines));
  expect(reply.statusCode, reply.body).toBe(201);
  return orderOf(reply.json());
}

async function setStatus(id: number, status: string): Promise<void> {
  const reply = await call('PUT', `/api/orders/${id}/status`, { status }, { token: admin.token });
  expect(reply.statusCode, reply.body).toBe(200);
}

const history = (id: number, query = '', token = admin.token, lang: 'ar' | 'en' = 'en') =>
  call('GET', `/api/admin/products/${id}/stock-movements${query}`, undefined, { token, lang });

async function movements(id: number): Promise<StockMovement[]> {
  const reply = await history(id, '?limit=100');
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<StockMovementsResponse>().movements;
}

/** The ledger's rows of a product, oldest first. */
const rowsOf = (id: number) =>
  ctx.database.db.select().from(stockMovements).where(eq(stockMovements.product_id, id)).orderBy(stockMovements.id);

describe('the stock ledger', () => {
  it('adds up to every product\'s stock after a mixed run, each level the running sum', async () => {
    const first = await createdWith(10, 'سبحة أولى');
    const second = await createdWith(6, 'سبحة ثانية');
    const empty = await createdWith(0, 'سبحة فارغة');

    const a = await order([{ product_id: first, quantity: 2 }, { product_id: second, quantity: 1 }]);
    const b = await order([{ product_id: first, quantity: 3 }]);
    await setStatus(a.id, 'cancelled'); // released
    await setStatus(a.id, 'processing'); // retaken
    await editStock(second, 9);
    await editStock(empty, 4);
    await setStatus(b.id, 'delivered');
    const refund = await call(
      'POST',
      `/api/orders/${b.id}/refund`,
      { lines: [{ order_item_id: b.items[0]!.id, quantity: 1, restock: true }] },
      { token: admin.token },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const c = await order([{ product_id: empty, quantity: 4 }]);
    const deleted = await call('DELETE', `/api/orders/${c.id}`, undefined, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await editStock(first, 1);

    for (const id of [first, second, empty]) {
      const rows = await rowsOf(id);
      let running = 0;
      for (const row of rows) {
        running += row.delta;
        expect(row.level).toBe(running);
      }
      expect(running).toBe(await stockOf(id));
    }

    expect((await rowsOf(first)).map((row) => [row.reason, row.delta, row.level])).toEqual([
      ['created', 10, 10],
      ['order_placed', -2, 8],
      ['order_placed', -3, 5],
      ['order_released', 2, 7],
      ['order_retaken', -2, 5],
      ['refund_restock', 1, 6],
      ['edit', -5, 1],
    ]);
    expect((await rowsOf(second)).map((row) => row.reason)).toEqual([
      'created',
      'order_placed',
      'order_released',
      'order_retaken',
      'edit',
    ]);
    // A product created with none has no row; the deleted order's row stays, without its order.
    expect((await rowsOf(empty)).map((row) => [row.reason, row.delta, row.order_id])).toEqual([
      ['edit', 4, null],
      ['order_placed', -4, null],
      ['order_released', 4, null],
    ]);
  });

  it('names who and why, links the order, newest first, in the request\'s language', async () => {
    const id = await createdWith(5);
    const placed = await order([{ product_id: id, quantity: 2 }]);
    await setStatus(placed.id, 'cancelled');
    await editStock(id, 11);

    const en = await movements(id);
    expect(en.map((row) => [row.reason, row.delta, row.level])).toEqual([
      ['edit', 6, 11],
      ['order_released', 2, 5],
      ['order_placed', -2, 3],
      ['created', 5, 5],
    ]);
    expect(en[0]).toMatchObject({ reason_label: 'Edited in the back office', actor_id: admin.user.id, actor_name: admin.user.name, order_id: null });
    // The staff member who cancelled it; the checkout is the shopper's (no one named).
    expect(en[1]).toMatchObject({ actor_name: admin.user.name, order_id: placed.id, order_number: placed.order_number });
    expect(en[2]).toMatchObject({ reason_label: 'Order placed', actor_id: null, actor_name: null, order_number: placed.order_number });
    expect(Date.parse(en[0]!.created_at)).not.toBeNaN();

    const ar = (await history(id, '', admin.token, 'ar')).json<StockMovementsResponse>().movements;
    expect(ar[0]!.reason_label).toBe('تعديل في لوحة التحكم');
  });

  it('keeps the e-mail of a staff member whose account was deleted', async () => {
    const former = await signedInAs(ctx, 'admin');
    const reply = await call(
      'POST',
      '/api/products',
      { name: 'سبحة الموظف السابق', price: '5', stock_quantity: '4', category_id: String(category), status: 'draft' },
      { token: former.token },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const id = reply.json<AdminProductResponse>().product.id;
    expect((await movements(id))[0]).toMatchObject({ actor_id: former.user.id, actor_name: former.user.name });

    const removed = await call('DELETE', `/api/admin/users/${former.user.id}`, undefined, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await movements(id))[0]).toMatchObject({ reason: 'created', actor_id: null, actor_name: former.user.email, import_id: null });
  });

  it('pages 25 at a time', async () => {
    const id = await createdWith(1);
    for (let stock = 2; stock <= 27; stock += 1) {
      await ctx.app.services.events.transaction(ctx.database.db, async (tx) => {
        await tx.update(products).set({ stock_quantity: stock }).where(eq(products.id, id));
        await ctx.app.services.events.publish(tx, {
          type: 'StockChanged',
          productId: id,
          delta: 1,
          level: stock,
          reason: 'bulk_edit',
          orderId: null,
          actor: null,
        });
      });
    }
    const page1 = (await history(id)).json<StockMovementsResponse>();
    expect(page1.movements).toHaveLength(25);
    expect(page1.movements[0]).toMatchObject({ level: 27, reason: 'bulk_edit', reason_label: 'Bulk edit' });
    expect(page1.pagination).toEqual({ page: 1, limit: 25, total: 27, pages: 2 });
    const page2 = (await history(id, '?page=2')).json<StockMovementsResponse>();
    expect(page2.movements.map((row) => row.level)).toEqual([2, 1]);
  });

  it('leaves out a save that keeps the stock, and a duplicate (it starts at 0)', async () => {
    const id = await createdWith(3);
    await editStock(id, 3);
    expect(await rowsOf(id)).toHaveLength(1);
    const copy = await call('POST', `/api/products/${id}/duplicate`, undefined, { token: admin.token });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(await rowsOf(copy.json<AdminProductResponse>().product.id)).toEqual([]);
  });

  it('keeps no row of a change that failed (same transaction)', async () => {
    const id = await createdWith(2);
    const refused = await postOrder(checkout([{ product_id: id, quantity: 3 }]));
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('is for staff who may read the catalogue; 404 for no such product, 400 for a bad page', async () => {
    const id = await createdWith(2);
    expect((await history(id, '', moderator)).statusCode).toBe(200);
    expect((await history(id, '', customer)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/products/${id}/stock-movements`)).statusCode).toBe(401);
    const missing = await history(987_654, '', admin.token, 'ar');
    expect(missing.statusCode).toBe(404);
    expect((await history(id, '?page=0')).statusCode).toBe(400);
    expect((await history(id, '?page=abc')).statusCode).toBe(400);
  });

  it('goes with its product', async () => {
    const id = await createdWith(2);
    expect((await call('DELETE', `/api/products/${id}`, undefined, { token: admin.token })).statusCode).toBe(200);
    expect(await rowsOf(id)).toEqual([]);
  });
});
