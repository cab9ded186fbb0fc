import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, ReorderResponse } from '@shop/shared';
import { call, checkout, ctx, createRosary, fx, orderOf, postOrder, useOrdersShop } from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { productAttributeVariations, products } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/** Buying an order again (issue 33, item 6): POST /api/orders/{id}/reorder through the real HTTP app. */
useOrdersShop();

type Reply = Awaited<ReturnType<typeof call>>;
const cookieOf = (reply: Reply, name: string) => reply.cookies.find((cookie) => cookie.name === name)?.value;

let customer: { token: string; user: { id: number } };
let stranger: string;

beforeAll(async () => {
  customer = await signedInAs(ctx, 'customer');
  stranger = (await signedInAs(ctx, 'customer')).token;
});

async function placedBy(token: string | undefined, items: unknown[]) {
  const reply = await postOrder(checkout(items), { token });
  expect(reply.statusCode, reply.body).toBe(201);
  return { order: orderOf(reply.json()), reply };
}

const reorder = (id: number, options: Parameters<typeof call>[3] = {}) =>
  call('POST', `/api/orders/${id}/reorder`, undefined, options);

async function cartOf(token: string): Promise<CartResponse> {
  const reply = await call('GET', '/api/cart', undefined, { token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<CartResponse>();
}

describe('POST /api/orders/{id}/reorder', () => {
  it("puts the owner's lines back at today's prices with their options, and says which are gone", async () => {
    const rosary = await createRosary(20);
    const plain = await createProduct(ctx.database.db, { name: 'مسبحة خشب', name_en: 'Wooden beads', price: 3_000, stock_quantity: 10 });
    const withdrawn = await createProduct(ctx.database.db, { name: 'سبحة مسحوبة', name_en: 'Withdrawn beads', price: 2_000, stock_quantity: 10 });
    const deleted = await createProduct(ctx.database.db, { name: 'سبحة محذوفة', price: 1_000, stock_quantity: 10 });
    const { order } = await placedBy(customer.token, [
      { product_id: rosary.id, quantity: 2, selected_attributes: { [fx.sizeId]: fx.large } },
      { product_id: plain.id, quantity: 3 },
      { product_id: withdrawn.id, quantity: 1 },
      { product_id: deleted.id, quantity: 1 },
    ]);
    // Since then: a new price, one product withdrawn, one deleted.
    const db = ctx.database.db;
    await db.update(products).set({ sale_price: null, price: 16_000 }).where(eq(products.id, rosary.id));
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, withdrawn.id));
    await db.delete(products).where(eq(products.id, deleted.id));

    const reply = await reorder(order.id, { token: customer.token });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<ReorderResponse>();
    expect(body.reorder.lines).toEqual([
      { product_id: rosary.id, name: 'سبحة كهرمان', outcome: 'added', ordered: 2, added: 2 },
      { product_id: plain.id, name: 'Wooden beads', outcome: 'added', ordered: 3, added: 3 },
      { product_id: withdrawn.id, name: 'Withdrawn beads', outcome: 'unavailable', ordered: 1, added: 0 },
      { product_id: null, name: 'سبحة محذوفة', outcome: 'unavailable', ordered: 1, added: 0 },
    ]);
    const cart = await cartOf(customer.token);
    expect(cart.items.map((item) => [item.product_id, item.quantity])).toEqual([
      [rosary.id, 2],
      [plain.id, 3],
    ]);
    // Today's price with the large size's surcharge (16.000 + 1.250), not the 14.000 paid.
    expect(cart.items[0]!.display_price).toBe(17.25);
    expect(Object.values(cart.items[0]!.selected_attributes).map((choice) => choice.variation_id)).toEqual([fx.large]);
    expect(body.summary.total_items).toBe(5);

    // Names in Arabic for an Arabic request; a second reorder joins the same lines.
    await db.update(products).set({ stock_quantity: 100 }).where(eq(products.id, plain.id));
    const arabic = (await reorder(order.id, { token: customer.token, lang: 'ar' })).json<ReorderResponse>();
    expect(arabic.reorder.lines[1]).toMatchObject({ name: 'مسبحة خشب', outcome: 'added', added: 3 });
    expect((await cartOf(customer.token)).items.map((item) => item.quantity)).toEqual([4, 6]);
  });

  it('gives what is left of a product, and none of a sold-out one or of an option no longer offered', async () => {
    const owner = await signedInAs(ctx, 'customer');
    const few = await createProduct(ctx.database.db, { name: 'سبحة نادرة', price: 5_000, stock_quantity: 5 });
    const sold = await createProduct(ctx.database.db, { name: 'سبحة فريدة', price: 9_000, stock_quantity: 1 });
    const rosary = await createRosary(10);
    const { order } = await placedBy(owner.token, [
      { product_id: few.id, quantity: 4 },
      { product_id: sold.id, quantity: 1 },
      { product_id: rosary.id, quantity: 1, selected_attributes: { [fx.sizeId]: fx.large } },
    ]);
    const db = ctx.database.db;
    await db.update(products).set({ stock_quantity: 2 }).where(eq(products.id, few.id));
    expect((await db.select().from(products).where(eq(products.id, sold.id)))[0]!.stock_quantity).toBe(0);
    await db
      .delete(productAttributeVariations)
      .where(and(eq(productAttributeVariations.product_id, rosary.id), eq(productAttributeVariations.variation_id, fx.large)));

    const body = (await reorder(order.id, { token: owner.token })).json<ReorderResponse>();
    expect(body.reorder.lines.map(({ outcome, ordered, added }) => ({ outcome, ordered, added }))).toEqual([
      { outcome: 'reduced', ordered: 4, added: 2 },
      { outcome: 'out_of_stock', ordered: 1, added: 0 },
      { outcome: 'unavailable', ordered: 1, added: 0 },
    ]);
    expect((await cartOf(owner.token)).items.map((item) => [item.product_id, item.quantity])).toEqual([[few.id, 2]]);
    // Again: the cart already holds all there is.
    const again = (await reorder(order.id, { token: owner.token })).json<ReorderResponse>();
    expect(again.reorder.lines[0]).toMatchObject({ outcome: 'out_of_stock', added: 0 });
  });

  it("is the owner's alone: another customer, staff and strangers get 404 and no cart", async () => {
    const plain = await createProduct(ctx.database.db, { name: 'سبحة عادية', price: 2_000, stock_quantity: 10 });
    const { order } = await placedBy(customer.token, [{ product_id: plain.id, quantity: 1 }]);
    const admin = await signedInAs(ctx, 'admin');
    for (const options of [{ token: stranger }, { token: admin.token }, {}]) {
      const reply = await reorder(order.id, options);
      expect(reply.statusCode, reply.body).toBe(404);
      expect(cookieOf(reply, 'cart')).toBeUndefined();
    }
    expect((await cartOf(stranger)).items).toEqual([]);
    expect((await reorder(987_654, { token: customer.token })).statusCode).toBe(404);
    expect((await reorder(0, { token: customer.token })).statusCode).toBe(400);
    const word = await call('POST', '/api/orders/abc/reorder', undefined, { token: customer.token, lang: 'ar' });
    expect(word.statusCode).toBe(400);
  });

  it('works for the browser that placed a guest order (its placed_orders cookie) and starts its cart', async () => {
    const plain = await createProduct(ctx.database.db, { name: 'سبحة ضيف', price: 2_500, stock_quantity: 10 });
    const { order, reply: placed } = await placedBy(undefined, [{ product_id: plain.id, quantity: 2 }]);
    const placedCookie = cookieOf(placed, 'placed_orders')!;
    expect(placedCookie).toBeTruthy();
    const reply = await reorder(order.id, { cookies: { placed_orders: placedCookie } });
    expect(reply.statusCode, reply.body).toBe(200);
    const cart = cookieOf(reply, 'cart');
    expect(cart).toBeTruthy();
    const view = await call('GET', '/api/cart', undefined, { cookies: { cart: cart! } });
    expect(view.json<CartResponse>().items.map((item) => [item.product_id, item.quantity])).toEqual([[plain.id, 2]]);
    // Without the cookie, the same guest order is anyone's: 404.
    expect((await reorder(order.id)).statusCode).toBe(404);
  });
});
