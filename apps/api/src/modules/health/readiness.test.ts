import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('readiness when the database is down', () => {
  it('fails /readyz while /healthz still answers, and API reads answer 503 with Retry-After', async () => {
    await ctx.database.close();
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect((await ctx.app.inject('/healthz')).statusCode).toBe(200);

    const settings = await ctx.app.inject({ url: '/api/settings', headers: { 'accept-language': 'en' } });
    expect(settings.statusCode).toBe(503);
    expect(settings.headers['retry-after']).toBe('5');
    expect(settings.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is currently unavailable',
    });

    const products = await ctx.app.inject({ url: '/api/products?search=shoe' });
    expect(products.statusCode).toBe(503);
    expect(products.headers['retry-after']).toBe('5');
    expect(products.json().code).toBe('SERVICE_UNAVAILABLE');
  });
});
