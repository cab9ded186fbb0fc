import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GIFT_MESSAGE_MAX_LENGTH, type OrderTrackingResponse, type SettingsResponse } from '@shop/shared';
import {
  call,
  checkout,
  ctx,
  errorOf,
  orderCount,
  orderOf,
  postOrder,
  stockOf,
  useOrdersShop,
} from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { orders } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/**
 * Gift orders (issue 33, item 2): the gift message's rules, gift wrapping at the store's fee
 * (refused when not offered), the fee in the order's total and kept when the setting changes,
 * through the real HTTP app. The fixture's city charges 1.500.
 */
useOrdersShop();

let admin: string;
let bead: number;

beforeAll(async () => {
  admin = (await signedInAs(ctx, 'admin')).token;
  bead = (await createProduct(ctx.database.db, { name: 'خرزة', price: 5_000, stock_quantity: 1_000 })).id;
});

async function setWrapFee(value: string | null, lang: 'ar' | 'en' = 'en') {
  return call('POST', '/api/settings', { gift_wrap_fee: value }, { token: admin, lang });
}

const order = (extra: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
  postOrder(checkout([{ product_id: bead, quantity: 2 }], extra), { lang });

async function rowOf(orderNumber: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.order_number, orderNumber));
  return row!;
}

/** Nothing was written by a refused order: no order, no stock taken. */
async function expectNothingChanged(before: { orders: number; stock: number }) {
  expect(await orderCount()).toBe(before.orders);
  expect(await stockOf(bead)).toBe(before.stock);
}

describe('gift message', () => {
  it('is kept trimmed, with its line breaks, and shown to the order\'s owner', async () => {
    const reply = await order({ gift_message: '  عيد مبارك يا أمي\r\nمع حبي  ' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(orderOf(reply.json())).toMatchObject({ gift_message: 'عيد مبارك يا أمي\nمع حبي', gift_wrap: false, gift_wrap_fee: 0 });
  });

  it('is no message when empty or only spaces', async () => {
    for (const empty of ['', '   ', null]) {
      const reply = await order({ gift_message: empty });
      expect(reply.statusCode, reply.body).toBe(201);
      expect(orderOf(reply.json()).gift_message).toBeNull();
    }
  });

  it(`takes ${GIFT_MESSAGE_MAX_LENGTH} characters (an emoji counts as one) and refuses ${GIFT_MESSAGE_MAX_LENGTH + 1} in the shopper's language, changing nothing`, async () => {
    const longest = '🌙'.repeat(GIFT_MESSAGE_MAX_LENGTH);
    const accepted = await order({ gift_message: longest });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(orderOf(accepted.json()).gift_message).toBe(longest);

    const before = { orders: await orderCount(), stock: await stockOf(bead) };
    const refused = await order({ gift_message: 'م'.repeat(GIFT_MESSAGE_MAX_LENGTH + 1) }, 'ar');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused.json()).details).toEqual([
      { field: 'gift_message', message: `رسالة الهدية طويلة جداً: ${GIFT_MESSAGE_MAX_LENGTH} حرفاً على الأكثر` },
    ]);
    await expectNothingChanged(before);
  });

  it('refuses control characters (a tab, a NUL, an escape) with a clear message, changing nothing', async () => {
    const before = { orders: await orderCount(), stock: await stockOf(bead) };
    for (const bad of ['Happy\u0000Eid', 'Eid\u001b[31m', 'Eid\tMubarak']) {
      const refused = await order({ gift_message: bad });
      expect(refused.statusCode, `${JSON.stringify(bad)}: ${refused.body}`).toBe(400);
      expect(errorOf(refused.json()).details).toEqual([
        {
          field: 'gift_message',
          message: 'The gift message contains characters that are not allowed; write plain text (new lines are fine)',
        },
      ]);
    }
    await expectNothingChanged(before);
  });

  it('is left out of the masked tracking view (a stranger with the link), kept for the placing browser', async () => {
    const placed = await order({ gift_message: 'To Noura, with love' });
    const number = orderOf(placed.json()).order_number;
    const stranger = (await call('GET', `/api/orders/number/${number}`)).json<OrderTrackingResponse>().order;
    expect(stranger).toMatchObject({ customer_view: 'masked', gift_message: null, gift_wrap: false });
    const cookie = placed.cookies.find((entry) => entry.name === 'placed_orders');
    expect(cookie).toBeDefined();
    const owner = (
      await call('GET', `/api/orders/number/${number}`, undefined, { cookies: { placed_orders: cookie!.value } })
    ).json<OrderTrackingResponse>().order;
    expect(owner).toMatchObject({ customer_view: 'full', gift_message: 'To Noura, with love' });
  });
});

describe('gift wrapping', () => {
  it('is refused with a clear message while the shop does not offer it, changing nothing', async () => {
    await setWrapFee('');
    expect((await call('GET', '/api/settings')).json<SettingsResponse>().settings.gift_wrap_fee).toBeNull();
    const before = { orders: await orderCount(), stock: await stockOf(bead) };
    const refused = await order({ gift_wrap: true }, 'ar');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused.json()).details).toEqual([
      { field: 'gift_wrap', message: 'تغليف الهدايا غير متوفر حالياً في المتجر؛ أزل اختيار التغليف وأكمل الطلب' },
    ]);
    await expectNothingChanged(before);
    // Without wrapping the same order goes through.
    expect((await order({ gift_wrap: false })).statusCode).toBe(201);
  });

  it('adds the store\'s fee to the total on its own line, whatever fee the client sends', async () => {
    const saved = await setWrapFee('1.25');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SettingsResponse>().settings.gift_wrap_fee).toBe(1.25);
    const reply = await order({ gift_wrap: true, gift_wrap_fee: 0, total_amount: 11.5 });
    expect(reply.statusCode, reply.body).toBe(201);
    const placed = orderOf(reply.json());
    // 2 × 5.000 + 1.500 delivery + 1.250 wrapping.
    expect(placed).toMatchObject({ subtotal: 10, shipping_amount: 1.5, gift_wrap: true, gift_wrap_fee: 1.25, total_amount: 12.75 });
    expect(await rowOf(placed.order_number)).toMatchObject({ gift_wrap: true, gift_wrap_fee: 1_250, total_amount: 12_750 });
    // Unwrapped, nothing is charged for it.
    expect(orderOf((await order({ gift_wrap: false })).json())).toMatchObject({ gift_wrap_fee: 0, total_amount: 11.5 });
  });

  it('keeps the fee an order was placed with when the owner changes or stops it later', async () => {
    await setWrapFee('1.25');
    const placed = orderOf((await order({ gift_wrap: true, gift_message: 'Eid Mubarak' })).json());
    await setWrapFee('3');
    const dearer = orderOf((await order({ gift_wrap: true })).json());
    expect(dearer).toMatchObject({ gift_wrap_fee: 3, total_amount: 14.5 });
    await setWrapFee('');

    // Delivered (a cash order may be refunded then): what may be refunded includes the wrapping.
    const staff = await call('PUT', `/api/orders/${placed.id}/status`, { status: 'delivered' }, { token: admin });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json<{ order: Record<string, unknown> }>().order).toMatchObject({
      gift_wrap: true,
      gift_wrap_fee: 1.25,
      gift_message: 'Eid Mubarak',
      total_amount: 12.75,
      refundable_amount: 12.75,
    });
    expect(await rowOf(dearer.order_number)).toMatchObject({ gift_wrap_fee: 3_000, total_amount: 14_500 });
  });

  it('refuses a fee of 0, negatives and words in the admin\'s language, keeping the setting', async () => {
    await setWrapFee('2');
    for (const bad of ['0', '-1', 'مجاناً', '1.2345']) {
      const reply = await setWrapFee(bad, 'ar');
      expect(reply.statusCode, `${bad}: ${reply.body}`).toBe(400);
      expect(errorOf(reply.json()).details).toEqual([
        {
          field: 'gift_wrap_fee',
          message: 'أدخل رسوم تغليف الهدايا بالدينار، أكبر من صفر وبثلاث خانات عشرية على الأكثر، أو اتركه فارغاً لإيقاف التغليف',
        },
      ]);
    }
    expect((await call('GET', '/api/settings')).json<SettingsResponse>().settings.gift_wrap_fee).toBe(2);
  });

  it('refuses a gift_wrap that is not a boolean', async () => {
    const reply = await order({ gift_wrap: 'yes' });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply.json()).details).toEqual([{ field: 'gift_wrap', message: 'Gift wrapping must be true or false' }]);
  });
});
