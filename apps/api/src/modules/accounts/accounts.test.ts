import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type {
  AuthResponse,
  CartResponse,
  ErrorResponse,
  OrderListResponse,
  OrderResponse,
  ProfileResponse,
} from '@shop/shared';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { orders, sessions, users } from '../../db/schema/index.js';
import {
  createCity,
  createCountry,
  createGovernorate,
  createOrder,
  createProduct,
} from '../../seed/factories.js';

// The real hashing, counted: a refusal must pay for a hash like a registration does.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, hash: vi.fn(original.hash) };
});

let ctx: TestContext;

const call = apiCaller(() => ctx.app);

let emailCounter = 0;
async function register(extra: Record<string, unknown> = {}) {
  emailCounter += 1;
  const response = await call('POST', '/api/auth/register', {
    name: 'Fatima Ali',
    email: `shopper${emailCounter}@example.com`,
    password: 'secret123',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json<AuthResponse>();
}

const errorOf = (body: unknown) => body as ErrorResponse;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

describe('POST /api/auth/register', () => {
  it('creates a customer, normalises the payload and answers 201 with a token', async () => {
    const response = await call('POST', '/api/auth/register', {
      name: '  Maryam Saleh ',
      email: '  Maryam.Saleh@Example.COM ',
      password: 'secret123',
      phone: '   ',
      address: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json<AuthResponse>();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Without SMTP the verification code goes to the development outbox.
    expect(body.verification_sent).toBe(true);
    expect(body.user).toMatchObject({
      name: 'Maryam Saleh',
      email: 'maryam.saleh@example.com',
      username: 'maryam.saleh',
      phone: null,
      address: null,
      first_name: 'Maryam',
      last_name: 'Saleh',
      isVerified: false,
      isAdmin: false,
      role: 'customer',
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('keeps the phone in its international form, the address trimmed, and gives a unique username', async () => {
    const first = await register({
      email: 'same.local@example.com',
      phone: ' 99887766 ',
      address: ' Block 1 ',
    });
    // A Kuwaiti number without its country code (decision 039).
    expect(first.user).toMatchObject({ phone: '+96599887766', address: 'Block 1' });
    const second = await register({ email: 'same.local@example.org' });
    expect(second.user.username).not.toBe(first.user.username);
    expect(second.user.username.startsWith('same.local')).toBe(true);
  });

  it('refuses a taken email whatever its case with USER_EXISTS', async () => {
    await register({ email: 'taken@example.com' });
    const response = await call('POST', '/api/auth/register', {
      name: 'Other',
      email: ' TAKEN@Example.com',
      password: 'secret123',
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.json()).code).toBe('USER_EXISTS');
  });

  it('hashes the password before refusing a taken email, so timing does not tell the address is taken', async () => {
    await register({ email: 'hashed.first@example.com' });
    const hashes = vi.mocked(argon2.hash);
    hashes.mockClear();
    const response = await call('POST', '/api/auth/register', {
      name: 'Timing Test',
      email: 'hashed.first@example.com',
      password: 'secret123',
    });
    expect(response.statusCode).toBe(409);
    // A measured comparison flaked on loaded machines (a hash takes 6 ms on a quiet one): the
    // refusal is checked to run the same argon2id hash, with the same options, as a new account.
    expect(hashes).toHaveBeenCalledTimes(1);
    expect(hashes.mock.calls[0]?.[0]).toBe('secret123');
  });

  it('limits registrations per e-mail address, whatever the client address', async () => {
    const email = 'many.tries@example.com';
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await call('POST', '/api/auth/register', {
        name: 'Fatima Ali',
        email: attempt % 2 === 0 ? email : ` ${email.toUpperCase()} `,
        password: 'secret123',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
    const limited = await call(
      'POST',
      '/api/auth/register',
      { name: 'Fatima Ali', email, password: 'secret123' },
      { lang: 'ar' },
    );
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'طلبات كثيرة جداً، يرجى المحاولة بعد قليل',
    });
  });

  const cases: Array<{ field: string; payload: Record<string, unknown>; en: string; ar: string }> =
    [
      {
        field: 'name',
        payload: { name: ' A ' },
        en: 'Name must be at least 2 characters long',
        ar: 'الاسم يجب أن يكون حرفين على الأقل',
      },
      {
        field: 'name',
        payload: { name: '   ' },
        en: 'Please enter your full name',
        ar: 'الاسم الكامل مطلوب',
      },
      {
        field: 'password',
        payload: { password: '12345' },
        en: 'Password must be at least 6 characters long',
        ar: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل',
      },
      {
        field: 'password',
        payload: { password: '' },
        en: 'Please enter your password',
        ar: 'كلمة المرور مطلوبة',
      },
      {
        field: 'phone',
        payload: { phone: ' 1234567 ' },
        en: 'Phone number must be at least 8 digits',
        ar: 'رقم الهاتف يجب أن يكون 8 أرقام على الأقل',
      },
      {
        field: 'email',
        payload: { email: 'not-an-email' },
        en: 'Please enter a valid email address',
        ar: 'يرجى إدخال بريد إلكتروني صحيح',
      },
      {
        field: 'email',
        payload: { email: '  ' },
        en: 'Please enter your email address',
        ar: 'البريد الإلكتروني مطلوب',
      },
    ];
  for (const testCase of cases) {
    for (const lang of ['en', 'ar'] as const) {
      it(`says "${testCase[lang]}" for ${testCase.field} ${JSON.stringify(testCase.payload)} (${lang})`, async () => {
        const response = await call(
          'POST',
          '/api/auth/register',
          {
            name: 'Valid Name',
            email: 'valid@example.com',
            password: 'secret123',
            ...testCase.payload,
          },
          { lang },
        );
        expect(response.statusCode).toBe(400);
        const body = errorOf(response.json());
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(body.details).toContainEqual({ field: testCase.field, message: testCase[lang] });
      });
    }
  }
});

describe('login, profile and logout', () => {
  it('logs in with the normalised email and reads the profile with the token', async () => {
    await register({ email: 'login.me@example.com', password: 'right-password' });
    const response = await call('POST', '/api/auth/login', {
      email: ' LOGIN.me@Example.com ',
      password: 'right-password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { token, user } = response.json<AuthResponse>();
    expect(user.email).toBe('login.me@example.com');

    const profile = await call('GET', '/api/auth/profile', undefined, { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<ProfileResponse>().user).toEqual(user);
  });

  it('fails alike for a wrong password and an unknown email', async () => {
    await register({ email: 'known@example.com', password: 'right-password' });
    const wrong = await call('POST', '/api/auth/login', {
      email: 'known@example.com',
      password: 'wrong-password',
    });
    const unknown = await call('POST', '/api/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(errorOf(wrong.json())).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Invalid email or password',
    });
  });

  it('validates the login payload in both languages', async () => {
    const en = await call('POST', '/api/auth/login', { email: 'a@b.co', password: '' });
    expect(errorOf(en.json()).details).toContainEqual({
      field: 'password',
      message: 'Please enter your password',
    });
    const ar = await call(
      'POST',
      '/api/auth/login',
      { email: 'bad', password: 'x' },
      { lang: 'ar' },
    );
    expect(errorOf(ar.json()).details).toContainEqual({
      field: 'email',
      message: 'يرجى إدخال بريد إلكتروني صحيح',
    });
  });

  it('answers 401 UNAUTHENTICATED without a token and INVALID_TOKEN for an unknown one', async () => {
    const none = await call('GET', '/api/auth/profile');
    expect(none.statusCode).toBe(401);
    expect(errorOf(none.json()).code).toBe('UNAUTHENTICATED');
    const unknown = await call('GET', '/api/auth/profile', undefined, {
      token: 'A'.repeat(43),
    });
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown.json()).code).toBe('INVALID_TOKEN');
    const malformed = await call('GET', '/api/auth/profile', undefined, { token: 'nope' });
    expect(errorOf(malformed.json()).code).toBe('INVALID_TOKEN');
  });

  it('answers TOKEN_EXPIRED once the session has expired', async () => {
    const { token, user } = await register();
    await ctx.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, user.id));
    const response = await call('GET', '/api/auth/profile', undefined, { token, lang: 'ar' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response.json()).code).toBe('TOKEN_EXPIRED');
  });

  it('revokes the token at logout and leaves other sessions alone', async () => {
    const registered = await register({ password: 'secret123' });
    const other = await call('POST', '/api/auth/login', {
      email: registered.user.email,
      password: 'secret123',
    });
    const otherToken = other.json<AuthResponse>().token;

    const logout = await call('POST', '/api/auth/logout', undefined, { token: registered.token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    const after = await call('GET', '/api/auth/profile', undefined, { token: registered.token });
    expect(errorOf(after.json()).code).toBe('INVALID_TOKEN');
    const still = await call('GET', '/api/auth/profile', undefined, { token: otherToken });
    expect(still.statusCode).toBe(200);

    const anonymous = await call('POST', '/api/auth/logout');
    expect(errorOf(anonymous.json()).code).toBe('UNAUTHENTICATED');
  });

  it('revokes every other session of a user on request', async () => {
    const first = await register({ password: 'secret123' });
    const second = await call('POST', '/api/auth/login', {
      email: first.user.email,
      password: 'secret123',
    });
    const keep = await ctx.app.services.accounts.resolveToken(second.json<AuthResponse>().token);
    if (keep.status !== 'valid') throw new Error('expected a valid session');
    await ctx.app.services.accounts.revokeOtherSessions(first.user.id, keep.sessionId);
    const gone = await call('GET', '/api/auth/profile', undefined, { token: first.token });
    expect(errorOf(gone.json()).code).toBe('INVALID_TOKEN');
  });

  it('updates the profile, clears verification on a new email and refuses a taken one', async () => {
    const owner = await register({ email: 'profile.owner@example.com' });
    await register({ email: 'profile.other@example.com' });
    await ctx.database.db
      .update(users)
      .set({ email_verified_at: new Date() })
      .where(eq(users.id, owner.user.id));

    const same = await call(
      'PUT',
      '/api/auth/profile',
      {
        first_name: ' Fatima ',
        last_name: 'Ali',
        phone: '99887766',
        email: 'Profile.Owner@example.com',
      },
      { token: owner.token },
    );
    expect(same.statusCode).toBe(200);
    expect(same.json<ProfileResponse>().user).toMatchObject({
      first_name: 'Fatima',
      last_name: 'Ali',
      phone: '+96599887766',
      isVerified: true,
    });

    const changed = await call(
      'PUT',
      '/api/auth/profile',
      { email: ' New.Owner@Example.com ', current_password: 'secret123' },
      { token: owner.token },
    );
    expect(changed.json<ProfileResponse>().user).toMatchObject({
      email: 'new.owner@example.com',
      first_name: 'Fatima',
      isVerified: false,
    });

    const taken = await call(
      'PUT',
      '/api/auth/profile',
      { email: 'PROFILE.OTHER@example.com', current_password: 'secret123' },
      { token: owner.token, lang: 'ar' },
    );
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.json()).code).toBe('USER_EXISTS');

    const short = await call('PUT', '/api/auth/profile', { phone: '123' }, { token: owner.token });
    expect(errorOf(short.json()).details).toContainEqual({
      field: 'phone',
      message: 'Phone number must be at least 8 digits',
    });

    const anonymous = await call('PUT', '/api/auth/profile', { first_name: 'X' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits login attempts per address to 10 a minute with RATE_LIMITED', async () => {
    const ip = '192.0.2.77';
    // A different email each time, so the per-account back-off (throttle.test.ts) stays out of it.
    const payload = (attempt: number) => ({ email: `nobody${attempt}@example.com`, password: 'whatever' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call('POST', '/api/auth/login', payload(attempt), { ip });
      expect(response.statusCode).toBe(401);
    }
    const limited = await call('POST', '/api/auth/login', payload(10), { ip });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.json()).code).toBe('RATE_LIMITED');
  });
  it('does not let a client choose its address with X-Forwarded-For (TRUST_PROXY unset)', async () => {
    const payload = (attempt: number) => ({ email: `forged${attempt}@example.com`, password: 'whatever' });
    const attempt = (n: number) =>
      call('POST', '/api/auth/login', payload(n), {
        ip: '192.0.2.79',
        headers: { 'x-forwarded-for': `198.18.0.${n}` },
      });
    for (let n = 0; n < 10; n += 1) expect((await attempt(n)).statusCode).toBe(401);
    expect((await attempt(10)).statusCode).toBe(429);
  });

  it('limits registrations per address to 5 a minute with RATE_LIMITED', async () => {
    const ip = '192.0.2.78';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call('POST', '/api/auth/register', { name: 'X' }, { ip });
      expect(response.statusCode).toBe(400);
    }
    const limited = await call('POST', '/api/auth/register', { name: 'X' }, { ip, lang: 'ar' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.json())).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'طلبات كثيرة جداً، يرجى المحاولة بعد قليل',
    });
  });
});

describe('accounts with carts and orders', () => {
  it('merges the guest cart into the user cart at login, capped at stock, and drops the cookie', async () => {
    const db = ctx.database.db;
    const limited = await createProduct(db, { name: 'سبحة', price: 10_000, stock_quantity: 3 });
    const { token, user } = await register({ password: 'secret123' });
    const userAdd = await call(
      'POST',
      '/api/cart/add',
      { product_id: limited.id, quantity: 2, selected_attributes: {} },
      { token },
    );
    expect(userAdd.statusCode).toBe(200);
    expect(userAdd.cookies.find((cookie) => cookie.name === 'cart')).toBeUndefined();

    const guestAdd = await call('POST', '/api/cart/add', {
      product_id: limited.id,
      quantity: 3,
      selected_attributes: {},
    });
    const cartCookie = guestAdd.cookies.find((cookie) => cookie.name === 'cart')!.value;

    const login = await call(
      'POST',
      '/api/auth/login',
      { email: user.email, password: 'secret123' },
      { cookies: { cart: cartCookie } },
    );
    expect(login.statusCode).toBe(200);
    const cleared = login.cookies.find((cookie) => cookie.name === 'cart');
    expect(cleared?.value).toBe('');

    const cart = await call('GET', '/api/cart', undefined, {
      token: login.json<AuthResponse>().token,
    });
    const body = cart.json<CartResponse>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]!.quantity).toBe(3);

    const guestCart = await call('GET', '/api/cart', undefined, { cookies: { cart: cartCookie } });
    expect(guestCart.json<CartResponse>().items).toHaveLength(0);
  });

  it('merges the guest cart at registration', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'سبحة',
      price: 5_000,
      stock_quantity: 10,
    });
    const guestAdd = await call('POST', '/api/cart/add', {
      product_id: product.id,
      quantity: 2,
      selected_attributes: {},
    });
    const cartCookie = guestAdd.cookies.find((cookie) => cookie.name === 'cart')!.value;
    emailCounter += 1;
    const response = await call(
      'POST',
      '/api/auth/register',
      { name: 'Cart Owner', email: `cart.owner${emailCounter}@example.com`, password: 'secret123' },
      { cookies: { cart: cartCookie } },
    );
    expect(response.statusCode).toBe(201);
    const count = await call('GET', '/api/cart/count', undefined, {
      token: response.json<AuthResponse>().token,
    });
    expect(count.json()).toEqual({ success: true, item_count: 2 });
  });

  it("lists only the user's orders and hides another user's order", async () => {
    const db = ctx.database.db;
    const mine = await register();
    const theirs = await register();
    const { order: myOrder } = await createOrder(db, { user_id: mine.user.id });
    const { order: theirOrder } = await createOrder(db, { user_id: theirs.user.id });
    await createOrder(db, { user_id: null });

    const list = await call('GET', '/api/orders/my-orders', undefined, { token: mine.token });
    expect(list.statusCode).toBe(200);
    expect(list.json<OrderListResponse>().orders.map((order) => order.id)).toEqual([myOrder.id]);

    const own = await call('GET', `/api/orders/${myOrder.id}`, undefined, { token: mine.token });
    expect(own.statusCode).toBe(200);
    expect(own.json<OrderResponse>().order.order_number).toBe(myOrder.order_number);

    const other = await call('GET', `/api/orders/${theirOrder.id}`, undefined, {
      token: mine.token,
    });
    expect(other.statusCode).toBe(404);

    // Staff who manage orders (administrators and moderators, docs/decisions/008) may open any
    // customer's order by id.
    const staff = await register();
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user.id));
    const asAdmin = await call('GET', `/api/orders/${theirOrder.id}`, undefined, { token: staff.token });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<OrderResponse>().order.order_number).toBe(theirOrder.order_number);
    await db.update(users).set({ role: 'moderator' }).where(eq(users.id, staff.user.id));
    const asModerator = await call('GET', `/api/orders/${theirOrder.id}`, undefined, { token: staff.token });
    expect(asModerator.statusCode).toBe(200);
    expect(asModerator.json<OrderResponse>().order.order_number).toBe(theirOrder.order_number);

    const anonymous = await call('GET', '/api/orders/my-orders');
    expect(errorOf(anonymous.json()).code).toBe('UNAUTHENTICATED');
    const unknownToken = await call('GET', '/api/orders/my-orders', undefined, {
      token: 'B'.repeat(43),
    });
    expect(errorOf(unknownToken.json()).code).toBe('INVALID_TOKEN');
  });

  it('records the signed-in user on a new order and orders their cart', async () => {
    const db = ctx.database.db;
    const country = await createCountry(db);
    const governorate = await createGovernorate(db, { country_id: country.id });
    const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id });
    const product = await createProduct(db, { name: 'سبحة', price: 7_000, stock_quantity: 5 });
    const { token, user } = await register();
    await call(
      'POST',
      '/api/cart/add',
      { product_id: product.id, quantity: 1, selected_attributes: {} },
      { token },
    );

    const response = await call(
      'POST',
      '/api/orders',
      {
        user_id: 999,
        name: 'Fatima Ali',
        email: user.email,
        phone: '+965 5555 1234',
        shipping_address: 'Block 5, Street 10',
        country_id: country.id,
        governorate_id: governorate.id,
        city_id: city.id,
        payment_method: 'cash_on_delivery',
      },
      { token },
    );
    expect(response.statusCode).toBe(201);
    const [row] = await db
      .select({ user_id: orders.user_id })
      .from(orders)
      .where(eq(orders.order_number, response.json<OrderResponse>().order.order_number));
    expect(row!.user_id).toBe(user.id);
    const count = await call('GET', '/api/cart/count', undefined, { token });
    expect(count.json()).toEqual({ success: true, item_count: 0 });
  });
});
