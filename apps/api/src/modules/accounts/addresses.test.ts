import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SAVED_ADDRESSES_MAX,
  type DeletedIdResponse,
  type ErrorResponse,
  type OrderResponse,
  type SavedAddressListResponse,
  type SavedAddressResponse,
} from '@shop/shared';
import { call, checkout, ctx, fx, postOrder, useOrdersShop } from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { cities, customerAddresses } from '../../db/schema/index.js';
import { createCity, createProduct } from '../../seed/factories.js';

/**
 * Saved addresses (issue 33, item 7), through the real HTTP app: /api/auth/addresses (the book,
 * its default, its owner, its checks and its cap) and the order that saves its own address.
 */
useOrdersShop();

type Options = Parameters<typeof call>[3];

const list = async (token: string, lang: 'ar' | 'en' = 'en') => {
  const reply = await call('GET', '/api/auth/addresses', undefined, { token, lang });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<SavedAddressListResponse>().addresses;
};
const create = (body: Record<string, unknown>, options: Options) => call('POST', '/api/auth/addresses', body, options);
const update = (id: number, body: Record<string, unknown>, options: Options) =>
  call('PUT', `/api/auth/addresses/${id}`, body, options);
const remove = (id: number, options: Options) => call('DELETE', `/api/auth/addresses/${id}`, undefined, options);

/** A valid address in the fixture's Salmiya; `extra` changes fields. */
const salmiya = (extra: Record<string, unknown> = {}) => ({
  name: 'Fatima Ali',
  phone: '5111 2222',
  country_id: fx.country,
  governorate_id: fx.governorate,
  city_id: fx.city,
  address: 'Block 5, Street 10, House 3',
  ...extra,
});

async function created(token: string, body: Record<string, unknown>) {
  const reply = await create(body, { token });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<SavedAddressResponse>().address;
}

let customer: { token: string; user: { id: number } };

beforeAll(async () => {
  customer = await signedInAs(ctx, 'customer');
});

describe('/api/auth/addresses', () => {
  it('saves, lists, changes and deletes, with one default that moves and passes on', async () => {
    const { token } = await signedInAs(ctx, 'customer');
    expect(await list(token)).toEqual([]);

    // The first is the default; the phone is kept in its international form, Arabic digits too.
    const reply = await create(salmiya({ name: '  Fatima Ali ', phone: '٥١١١ ٢٢٢٢' }), { token, lang: 'ar' });
    expect(reply.statusCode, reply.body).toBe(201);
    const home = reply.json<SavedAddressResponse>();
    expect(home.message).toBe('تم حفظ العنوان');
    expect(home.address).toEqual({
      id: expect.any(Number),
      name: 'Fatima Ali',
      phone: '+96551112222',
      country_id: fx.country,
      governorate_id: fx.governorate,
      city_id: fx.city,
      address: 'Block 5, Street 10, House 3',
      country_name: 'الكويت',
      governorate_name: 'حولي',
      city_name: 'السالمية',
      is_default: true,
    });

    // A second is not the default; a third asked as the default takes it over.
    const office = await created(token, salmiya({ name: 'Fatima at work', address: 'Tower 2, Floor 9' }));
    expect(office.is_default).toBe(false);
    const parents = await created(token, salmiya({ name: 'Parents', address: 'Block 1, House 1', is_default: true }));
    expect(parents.is_default).toBe(true);
    let book = await list(token);
    // The default first, then the newest; names in the request's language.
    expect(book.map((one) => [one.id, one.is_default])).toEqual([
      [parents.id, true],
      [office.id, false],
      [home.address.id, false],
    ]);
    expect(book[0]!.city_name).toBe('Salmiya');

    // Making another the default moves it; changing a field keeps the rest and the default.
    const moved = await update(office.id, { is_default: true }, { token });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<SavedAddressResponse>().address.is_default).toBe(true);
    const edited = await update(home.address.id, { address: 'Block 6, Street 1', phone: '+965 6000 1111' }, { token });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SavedAddressResponse>().address).toMatchObject({
      name: 'Fatima Ali',
      address: 'Block 6, Street 1',
      phone: '+96560001111',
      is_default: false,
    });
    // false does not take the default away: one of a book always is.
    expect((await update(office.id, { is_default: false }, { token })).json<SavedAddressResponse>().address.is_default).toBe(true);
    book = await list(token);
    expect(book.filter((one) => one.is_default).map((one) => one.id)).toEqual([office.id]);

    // Deleting the default passes it to the newest left; deleting another leaves it.
    const deleted = await remove(office.id, { token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<DeletedIdResponse>()).toEqual({ success: true, id: office.id, message: 'Address deleted' });
    book = await list(token);
    expect(book.map((one) => [one.id, one.is_default])).toEqual([
      [parents.id, true],
      [home.address.id, false],
    ]);
    expect((await remove(home.address.id, { token })).statusCode).toBe(200);
    expect((await list(token)).map((one) => [one.id, one.is_default])).toEqual([[parents.id, true]]);
    expect((await remove(parents.id, { token })).statusCode).toBe(200);
    expect(await list(token)).toEqual([]);
  });

  it("answers 404 for another account's address, exactly as for one that does not exist", async () => {
    const mine = await created(customer.token, salmiya({ name: 'Mine' }));
    const { token: stranger } = await signedInAs(ctx, 'customer');
    const theirs = await update(mine.id, { name: 'Taken' }, { token: stranger });
    const nowhere = await update(2_000_000_000, { name: 'Taken' }, { token: stranger });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(nowhere.json());
    expect(theirs.json<ErrorResponse>().message).toBe('Address not found');
    expect((await remove(mine.id, { token: stranger })).statusCode).toBe(404);
    expect((await update(mine.id, { is_default: true }, { token: stranger })).statusCode).toBe(404);
    expect(await list(stranger)).toEqual([]);
    // Nothing changed for the owner; without a session nothing is answered.
    expect((await list(customer.token)).find((one) => one.id === mine.id)).toMatchObject({ name: 'Mine' });
    expect((await call('GET', '/api/auth/addresses')).statusCode).toBe(401);
    expect((await create(salmiya(), {})).statusCode).toBe(401);
  });

  it("refuses what the checkout refuses, on the field, in the shopper's language, and saves nothing", async () => {
    const { token } = await signedInAs(ctx, 'customer');
    const empty = await create({}, { token, lang: 'ar' });
    expect(empty.statusCode).toBe(400);
    const messages = Object.fromEntries(empty.json<ErrorResponse>().details!.map((detail) => [detail.field, detail.message]));
    expect(messages).toMatchObject({
      name: 'الاسم مطلوب',
      phone: 'رقم الهاتف مطلوب',
      address: 'عنوان الشحن مطلوب',
      country_id: 'الدولة مطلوبة',
      governorate_id: 'المحافظة مطلوبة',
      city_id: 'المدينة مطلوبة',
    });

    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: 'call me' }, 'phone', 'Please enter a valid phone number'],
      // The pattern's characters, but no number a phone can have.
      [{ phone: '+999 1234 5678' }, 'phone', 'Please enter a valid phone number'],
      [{ name: 'Fatima\u0007' }, 'name', 'The text contains characters that are not allowed'],
      [{ address: 'x'.repeat(501) }, 'address', 'The text is too long'],
      [{ governorate_id: fx.otherGovernorate }, 'governorate_id', 'The chosen governorate does not match the city'],
      [{ city_id: fx.otherCity }, 'country_id', 'The chosen country does not match the city'],
      [{ city_id: 2_000_000_000 }, 'city_id', 'The chosen city is not available for delivery'],
      [{ is_default: 'yes' }, 'is_default', 'The value must be true or false'],
    ];
    for (const [change, field, message] of refusals) {
      const reply = await create(salmiya(change), { token });
      expect(reply.statusCode, JSON.stringify(change)).toBe(400);
      expect(reply.json<ErrorResponse>().details, JSON.stringify(change)).toContainEqual({ field, message });
    }
    // A city the back office switched off is refused like the checkout refuses it.
    const closed = await createCity(ctx.database.db, { country_id: fx.country, governorate_id: fx.governorate, is_active: false });
    expect((await create(salmiya({ city_id: closed.id }), { token })).json<ErrorResponse>().details).toEqual([
      { field: 'city_id', message: 'The chosen city is not available for delivery' },
    ]);
    expect(await list(token)).toEqual([]);

    // A change is checked the same way, the area as a whole; a PUT with nothing to change is refused.
    const saved = await created(token, salmiya());
    const badChange = await update(saved.id, { governorate_id: fx.otherGovernorate }, { token });
    expect(badChange.statusCode).toBe(400);
    expect(badChange.json<ErrorResponse>().details).toEqual([
      { field: 'governorate_id', message: 'The chosen governorate does not match the city' },
    ]);
    const nothing = await update(saved.id, {}, { token });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<ErrorResponse>().details).toEqual([{ field: 'body', message: 'No field to change was sent' }]);
    expect((await update(saved.id, { name: 'ok' }, { token: 'not-a-token' })).statusCode).toBe(401);
    expect((await call('PUT', '/api/auth/addresses/abc', { name: 'x' }, { token })).statusCode).toBe(400);
    expect(await list(token)).toEqual([{ ...saved }]);
  });

  it(`keeps at most ${SAVED_ADDRESSES_MAX} addresses per account, with a clear refusal`, async () => {
    const { token } = await signedInAs(ctx, 'customer');
    for (let index = 0; index < SAVED_ADDRESSES_MAX; index += 1) {
      await created(token, salmiya({ address: `House ${index + 1}` }));
    }
    const over = await create(salmiya({ address: 'One too many' }), { token });
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorResponse>()).toMatchObject({
      code: 'CONFLICT',
      message: `You can keep up to ${SAVED_ADDRESSES_MAX} addresses: delete one to add another`,
    });
    const arabic = await create(salmiya({ address: 'One too many' }), { token, lang: 'ar' });
    expect(arabic.json<ErrorResponse>().message).toBe(`يمكنك حفظ ${SAVED_ADDRESSES_MAX} عنواناً على الأكثر، احذف عنواناً لتضيف غيره`);
    const book = await list(token);
    expect(book).toHaveLength(SAVED_ADDRESSES_MAX);
    // Room again once one goes.
    expect((await remove(book[5]!.id, { token })).statusCode).toBe(200);
    await created(token, salmiya({ address: 'Room again' }));
  });

  it('keeps the address when the back office deletes its city, without the city', async () => {
    const { token } = await signedInAs(ctx, 'customer');
    const doomed = await createCity(ctx.database.db, { country_id: fx.country, governorate_id: fx.governorate, name_en: 'Doomed' });
    const saved = await created(token, salmiya({ city_id: doomed.id }));
    await ctx.database.db.delete(cities).where(eq(cities.id, doomed.id));
    expect(await list(token)).toEqual([{ ...saved, city_id: null, city_name: null }]);
    // A change must choose the area again.
    const renamed = await update(saved.id, { name: 'Still here' }, { token });
    expect(renamed.json<ErrorResponse>().details).toEqual([
      { field: 'city_id', message: 'The chosen city is not available for delivery' },
    ]);
    expect((await update(saved.id, { name: 'Still here', city_id: fx.city }, { token })).statusCode).toBe(200);
  });
});

describe('POST /api/orders with save_address', () => {
  it("saves a signed-in customer's new address with the order, once", async () => {
    const { token, user } = await signedInAs(ctx, 'customer');
    const product = await createProduct(ctx.database.db, { price: 5_000, stock_quantity: 10 });
    const items = [{ product_id: product.id, quantity: 1 }];
    const payload = checkout(items, { save_address: true, phone: '+965 5333 4444', name: 'Noura' });
    const reply = await postOrder(payload, { token });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<OrderResponse>().address_saved).toBe(true);
    expect(await list(token)).toEqual([
      {
        id: expect.any(Number),
        name: 'Noura',
        phone: '+96553334444',
        country_id: fx.country,
        governorate_id: fx.governorate,
        city_id: fx.city,
        address: 'Block 5, Street 10, House 3',
        country_name: 'Kuwait',
        governorate_name: 'Hawalli',
        city_name: 'Salmiya',
        is_default: true,
      },
    ]);

    // The same address again is not saved twice; without the flag nothing is saved or said.
    const again = await postOrder(checkout(items, { save_address: true, phone: '53334444', name: 'Noura' }), { token });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<OrderResponse>().address_saved).toBe(true);
    const plain = await postOrder(checkout(items, { name: 'Other', shipping_address: 'Elsewhere 1' }), { token });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<OrderResponse>()).not.toHaveProperty('address_saved');
    const rows = await ctx.database.db.select().from(customerAddresses).where(eq(customerAddresses.user_id, user.id));
    expect(rows).toHaveLength(1);
  });

  it('saves nothing for a guest, for a refused order, or past the cap (the order still placed)', async () => {
    const product = await createProduct(ctx.database.db, { price: 5_000, stock_quantity: 3 });
    const guest = await postOrder(checkout([{ product_id: product.id, quantity: 1 }], { save_address: true }));
    expect(guest.statusCode, guest.body).toBe(201);
    expect(guest.json<OrderResponse>().address_saved).toBe(false);

    const { token } = await signedInAs(ctx, 'customer');
    // More than there is: the order is refused and its address is not kept either.
    const refused = await postOrder(checkout([{ product_id: product.id, quantity: 5 }], { save_address: true }), { token });
    expect(refused.statusCode).toBe(409);
    expect(await list(token)).toEqual([]);

    for (let index = 0; index < SAVED_ADDRESSES_MAX; index += 1) {
      await created(token, salmiya({ address: `House ${index + 1}` }));
    }
    const full = await postOrder(checkout([{ product_id: product.id, quantity: 1 }], { save_address: true }), { token });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json<OrderResponse>().address_saved).toBe(false);
    expect(await list(token)).toHaveLength(SAVED_ADDRESSES_MAX);
    const bad = await postOrder(checkout([{ product_id: product.id, quantity: 1 }], { save_address: 'yes' }), { token });
    expect(bad.statusCode).toBe(400);
  });
});
