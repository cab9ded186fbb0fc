import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { AppError } from '../errors.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/test/echo',
      { schema: { body: z.object({ name: z.string().min(2), qty: z.number().int() }) } },
      async (request) => ({ success: true, name: request.body.name }),
    );
    routes.get('/api/test/boom', async () => {
      throw new Error('secret database password in a stack trace');
    });
    routes.get('/api/test/missing', async () => {
      throw AppError.notFound('error.product_not_found');
    });
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('error envelope', () => {
  it('answers malformed JSON with 400 and the envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('lists each invalid field in details, in the request language', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'en' },
      payload: { name: 'a', qty: 'many' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Some of the data sent is invalid');
    expect(body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['name', 'qty']);

    const arabic = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'a', qty: 1 } });
    expect(arabic.json().message).toBe('بعض البيانات المدخلة غير صحيحة');
    expect(arabic.json().details[0].message).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>hello</name>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), qty: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('maps service errors to their status and translated message', async () => {
    const response = await ctx.app.inject({ url: '/api/test/missing', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('hides the details of unexpected errors behind a generic 500', async () => {
    const response = await ctx.app.inject('/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى',
    });
    expect(response.body).not.toContain('password');
  });
});
