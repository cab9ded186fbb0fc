import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, OrderResponse, PreferencesResponse, ProfileResponse } from '@shop/shared';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import {
  carts,
  emailVerificationCodes,
  orders,
  outboxMessages,
  passwordResetTokens,
  sessions,
  userIdentities,
  users,
} from '../../db/schema/index.js';
import { createCity, createCountry, createGovernorate, createOrder, createProduct } from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);

let emailCounter = 0;
async function register() {
  emailCounter += 1;
  const email = `settings${emailCounter}@example.com`;
  const response = await call('POST', '/api/auth/register', { name: 'Fatima Ali', email, password: 'secret123' });
  expect(response.statusCode).toBe(201);
  return { ...response.json<AuthResponse>(), email };
}

async function login(email: string, password: string) {
  return call('POST', '/api/auth/login', { email, password });
}

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

describe('PUT /api/auth/change-password', () => {
  it('needs the current password and rejects a wrong one on its field', async () => {
    const account = await register();
    const missing = await call('PUT', '/api/auth/change-password', { new_password: 'new-secret-1' }, { token: account.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'current_password', message: 'Please enter your current password' }],
    });
    const wrong = await call(
      'PUT',
      '/api/auth/change-password',
      { current_password: 'not-it', new_password: 'new-secret-1' },
      { token: account.token, lang: 'ar' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'current_password', message: 'كلمة المرور الحالية غير صحيحة' }],
    });
    const short = await call(
      'PUT',
      '/api/auth/change-password',
      { current_password: 'secret123', new_password: '123' },
      { token: account.token },
    );
    expect(short.json()).toMatchObject({ details: [{ field: 'new_password', message: 'Password must be at least 6 characters long' }] });
    expect((await login(account.email, 'secret123')).statusCode).toBe(200);

    const anonymous = await call('PUT', '/api/auth/change-password', { current_password: 'secret123', new_password: 'new-secret-1' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const account = await register();
    const other = (await login(account.email, 'secret123')).json<AuthResponse>().token;
    const response = await call(
      'PUT',
      '/api/auth/change-password',
      { current_password: 'secret123', new_password: 'new-secret-1' },
      { token: account.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your password has been changed' });

    expect((await call('GET', '/api/auth/profile', undefined, { token: account.token })).statusCode).toBe(200);
    const otherProfile = await call('GET', '/api/auth/profile', undefined, { token: other });
    expect(otherProfile.statusCode).toBe(401);
    expect((await login(account.email, 'secret123')).statusCode).toBe(401);
    expect((await login(account.email, 'new-secret-1')).statusCode).toBe(200);
  });

  it('lets an account without a password (Google) set one without a current password', async () => {
    const account = await register();
    await ctx.database.db.update(users).set({ password_hash: null }).where(eq(users.id, account.user.id));
    const response = await call('PUT', '/api/auth/change-password', { new_password: 'first-pass-1' }, { token: account.token });
    expect(response.statusCode).toBe(200);
    const signedIn = await login(account.email, 'first-pass-1');
    expect(signedIn.json<AuthResponse>().user.has_password).toBe(true);
  });
});

describe('PUT /api/auth/preferences', () => {
  it('saves the choices and shows them on the profile', async () => {
    const account = await register();
    const before = await call('GET', '/api/auth/profile', undefined, { token: account.token });
    expect(before.json<ProfileResponse>().user.notification_preferences).toEqual({
      order_confirmations: true,
      shipping_updates: true,
      promotional: false,
    });
    const chosen = { order_confirmations: false, shipping_updates: true, promotional: true };
    const response = await call('PUT', '/api/auth/preferences', chosen, { token: account.token, lang: 'ar' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PreferencesResponse>()).toEqual({
      success: true,
      message: 'تم حفظ تفضيلات الإشعارات',
      notification_preferences: chosen,
    });
    const after = await call('GET', '/api/auth/profile', undefined, { token: account.token });
    expect(after.json<ProfileResponse>().user.notification_preferences).toEqual(chosen);
  });

  it('rejects a partial or wrongly typed body and anonymous callers', async () => {
    const account = await register();
    const partial = await call('PUT', '/api/auth/preferences', { order_confirmations: 'no' }, { token: account.token });
    expect(partial.statusCode).toBe(400);
    expect(partial.json<ErrorResponse>().code).toBe('VALIDATION_ERROR');
    const anonymous = await call('PUT', '/api/auth/preferences', {
      order_confirmations: true,
      shipping_updates: true,
      promotional: true,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends no order confirmation to a customer who opted out, and still does to others', async () => {
    const db = ctx.database.db;
    const country = await createCountry(db);
    const governorate = await createGovernorate(db, { country_id: country.id });
    const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id });
    const product = await createProduct(db, { name: 'سبحة', price: 7_000, stock_quantity: 20 });

    const placeOrderAs = async (account: Awaited<ReturnType<typeof register>>) => {
      await call('POST', '/api/cart/add', { product_id: product.id, quantity: 1, selected_attributes: {} }, { token: account.token });
      const response = await call(
        'POST',
        '/api/orders',
        {
          name: 'Fatima Ali',
          email: account.email,
          phone: '+965 5555 1234',
          shipping_address: 'Block 5, Street 10',
          country_id: country.id,
          governorate_id: governorate.id,
          city_id: city.id,
          payment_method: 'cash_on_delivery',
        },
        { token: account.token },
      );
      expect(response.statusCode).toBe(201);
      await ctx.app.services.background.drain();
      return response.json<OrderResponse>().order.order_number;
    };
    const confirmationsTo = async (email: string) =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).filter((row) =>
        /SB-/.test(row.subject),
      );

    const optedOut = await register();
    await call(
      'PUT',
      '/api/auth/preferences',
      { order_confirmations: false, shipping_updates: true, promotional: false },
      { token: optedOut.token },
    );
    await placeOrderAs(optedOut);
    expect(await confirmationsTo(optedOut.email)).toHaveLength(0);

    const optedIn = await register();
    const number = await placeOrderAs(optedIn);
    const mails = await confirmationsTo(optedIn.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(number);
  });
});

describe('DELETE /api/auth/account', () => {
  it('needs the password, then deletes the person and keeps the orders without them', async () => {
    const db = ctx.database.db;
    const account = await register();
    const userId = account.user.id;
    const { order } = await createOrder(db, { user_id: userId });
    await db.insert(userIdentities).values({ user_id: userId, provider: 'google', subject: `sub-${userId}` });
    await call('POST', '/api/auth/forgot-password', { email: account.email });
    const other = (await login(account.email, 'secret123')).json<AuthResponse>().token;

    const missing = await call('DELETE', '/api/auth/account', {}, { token: account.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ details: [{ field: 'password', message: 'Please enter your current password' }] });
    const wrong = await call('DELETE', '/api/auth/account', { password: 'nope-nope' }, { token: account.token });
    expect(wrong.json()).toMatchObject({ details: [{ field: 'password', message: 'The current password is incorrect' }] });
    expect((await call('GET', '/api/auth/profile', undefined, { token: account.token })).statusCode).toBe(200);

    const response = await call(
      'DELETE',
      '/api/auth/account',
      { password: 'secret123' },
      { token: account.token, lang: 'ar', cookies: { session: 'anything' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'تم حذف حسابك' });
    const cleared = response.cookies.find((cookie) => cookie.name === 'session');
    expect(cleared?.value).toBe('');

    for (const token of [account.token, other]) {
      expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(401);
    }
    expect(await db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.user_id, userId))).toHaveLength(0);
    expect(await db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.user_id, userId))).toHaveLength(0);
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.user_id, userId))).toHaveLength(0);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.user_id, userId))).toHaveLength(0);
    expect(await db.select().from(carts).where(eq(carts.user_id, userId))).toHaveLength(0);
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toBeDefined();
    expect(kept!.user_id).toBeNull();
    expect(kept!.order_number).toBe(order.order_number);

    expect((await login(account.email, 'secret123')).statusCode).toBe(401);
    // The address is free again.
    const again = await call('POST', '/api/auth/register', { name: 'Fatima Ali', email: account.email, password: 'secret123' });
    expect(again.statusCode).toBe(201);
  });

  it('deletes an account without a password with no body at all, and refuses anonymous callers', async () => {
    const account = await register();
    await ctx.database.db.update(users).set({ password_hash: null }).where(eq(users.id, account.user.id));
    const response = await call('DELETE', '/api/auth/account', undefined, { token: account.token });
    expect(response.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, account.user.id))).toHaveLength(0);

    const anonymous = await call('DELETE', '/api/auth/account', { password: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });
});
