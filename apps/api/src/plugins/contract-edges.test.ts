import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../test-support/http.js';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';

/**
 * The contract at its edges: text with control characters, ids that only look like numbers,
 * URLs that cannot be decoded and an OpenAPI document whose references all resolve.
 */
let ctx: TestContext;
const call = apiCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    // Text that slipped past a schema: the database refuses it (SQLSTATE 22021).
    app.get('/api/test/store-nul', async () => {
      await app.database.db.execute(sql`select ${'a\u0000b'}::text`);
      return { success: true };
    });
  });
});
afterAll(async () => {
  await ctx.close();
});

function fields(reply: { json(): unknown }): string[] {
  const body = reply.json() as { details?: { field: string }[] };
  return (body.details ?? []).map((detail) => detail.field);
}

describe('text with a NUL byte or another control character', () => {
  it('is refused in the product search and category filter with 400 and the field', async () => {
    const search = await call('GET', '/api/products?search=ab%00c');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(fields(search)).toEqual(['search']);
    expect(search.json().details[0].message).toBe('The text contains characters that are not allowed');

    const category = await call('GET', '/api/products?category=x%00');
    expect(category.statusCode).toBe(400);
    expect(fields(category)).toEqual(['category']);

    const bell = await call('GET', '/api/products?search=a%07b');
    expect(bell.statusCode).toBe(400);
  });

  it('is refused in a category slug of the path', async () => {
    const reply = await call('GET', '/api/categories/a%00b');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('VALIDATION_ERROR');
  });

  it('is refused in the registration name and a promo code', async () => {
    const register = await call('POST', '/api/auth/register', {
      name: 'Ali\u0000',
      email: 'nul-name@example.com',
      password: 'secret123',
    });
    expect(register.statusCode).toBe(400);
    expect(fields(register)).toEqual(['name']);

    const promo = await call('POST', '/api/promo-codes/validate', { code: 'SAVE\u000010', total: 10 });
    expect(promo.statusCode).toBe(400);
    expect(fields(promo)).toEqual(['code']);
  });

  it('is refused in the profile names, while line breaks in checkout notes stay allowed', async () => {
    const registered = await call('POST', '/api/auth/register', {
      name: 'Profile Person',
      email: 'nul-profile@example.com',
      password: 'secret123',
    });
    expect(registered.statusCode).toBe(201);
    const token = registered.json().token as string;
    const profile = await call(
      'PUT',
      '/api/auth/profile',
      { first_name: 'A\u0000', last_name: 'B\u001b' },
      { token },
    );
    expect(profile.statusCode).toBe(400);
    expect(fields(profile).sort()).toEqual(['first_name', 'last_name']);

    const order = await call('POST', '/api/orders', {
      name: 'Guest',
      email: 'guest@example.com',
      phone: '12345678',
      shipping_address: 'Street 1',
      country_id: 1,
      governorate_id: 1,
      city_id: 1,
      notes: 'ring twice\r\nthen wait\tplease\u0000',
    });
    expect(order.statusCode).toBe(400);
    expect(fields(order)).toContain('notes');
  });
});

describe('text the database refuses', () => {
  it('answers 400 VALIDATION_ERROR, not 500', async () => {
    const reply = await call('GET', '/api/test/store-nul');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'The text contains characters that are not allowed',
    });
  });
});

describe('ids', () => {
  it.each(['0x10', '%201', '1%20', '1e1', 'true', '1.0', '+1', '01', '0', '99999999999', '2147483648'])(
    'refuses %s in a path with 400 and the envelope',
    async (id) => {
      const reply = await call('GET', `/api/products/${id}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(fields(reply)).toEqual(['id']);
    },
  );

  it('still takes a plain decimal id in a path and a query', async () => {
    expect((await call('GET', '/api/products/2147483647')).statusCode).toBe(404);
    expect((await call('GET', '/api/locations/cities?country_id=1')).json().code).toBe('NOT_FOUND');
  });

  it('refuses ids that only look like numbers in a query and a body', async () => {
    const query = await call('GET', '/api/locations/cities?country_id=0x1');
    expect(query.statusCode).toBe(400);
    expect(fields(query)).toEqual(['country_id']);

    const body = await call('POST', '/api/cart/add', { product_id: true, quantity: 1 });
    expect(body.statusCode).toBe(400);
    expect(fields(body)).toEqual(['product_id']);

    const order = await call('POST', '/api/orders', {
      name: 'Guest',
      email: 'guest@example.com',
      phone: '12345678',
      shipping_address: 'Street 1',
      country_id: '1e1',
      governorate_id: ' 1',
      city_id: true,
    });
    expect(order.statusCode).toBe(400);
    expect(fields(order).sort()).toEqual(['city_id', 'country_id', 'governorate_id']);
  });
});

describe('URLs the router cannot take', () => {
  it('answers a bad percent-encoding with the 400 envelope', async () => {
    const reply = await call('GET', '/api/products/%E0%A4%A');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'The request address is not valid',
    });
    const arabic = await call('GET', '/api/products/%E0%A4%A', undefined, { lang: 'ar' });
    expect(arabic.json().message).toBe('عنوان الطلب غير صحيح');
  });

  it('answers an over-long path parameter with the envelope', async () => {
    const reply = await call('GET', `/api/categories/${'a'.repeat(300)}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'A part of the request address is too long',
    });
  });
});

describe('the OpenAPI document', () => {
  it('has no dangling $ref', async () => {
    const reply = await ctx.app.inject('/api/docs/json');
    expect(reply.statusCode).toBe(200);
    const document = reply.json() as Record<string, unknown>;
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') refs.push(value);
        else walk(value);
      }
    };
    walk(document);
    const resolves = (ref: string): boolean => {
      if (!ref.startsWith('#/')) return false;
      let node: unknown = document;
      for (const part of ref.slice(2).split('/')) {
        const key = decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'));
        if (!node || typeof node !== 'object' || !(key in node)) return false;
        node = (node as Record<string, unknown>)[key];
      }
      return true;
    };
    expect(refs.filter((ref) => !resolves(ref))).toEqual([]);
  });
});
