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
  it('fails /readyz while /healthz still answers, and API reads fail with a clean 500', async () => {
    await ctx.database.close();
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect((await ctx.app.inject('/healthz')).statusCode).toBe(200);

    const settings = await ctx.app.inject({ url: '/api/settings', headers: { 'accept-language': 'en' } });
    expect(settings.statusCode).toBe(500);
    expect(settings.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'An unexpected error occurred, please try again',
    });
  });
});
