import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { READINESS_CHECK_TIMEOUT_MS, runReadinessChecks } from './readiness.js';

describe('readiness when the database is down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('fails /readyz while /healthz still answers, and API reads answer 503 with Retry-After', async () => {
    await ctx.database.close();
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'failed' } });
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

describe('readiness checks of other services', () => {
  let ctx: TestContext;
  let storage: (signal: AbortSignal) => Promise<unknown> = async () => undefined;
  beforeAll(async () => {
    ctx = await createTestApp({}, (app) => {
      app.readinessChecks.push({ name: 'storage', check: (signal) => storage(signal) });
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is ready when every check answers', async () => {
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the check that failed, never 500', async () => {
    storage = async () => {
      throw new Error('bucket gone');
    };
    const failed = await ctx.app.inject('/readyz');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'failed' } });
    expect(failed.body).not.toContain('bucket gone');

    storage = () => {
      throw new Error('thrown before any promise');
    };
    const thrown = await ctx.app.inject('/readyz');
    expect(thrown.statusCode).toBe(503);
    expect(thrown.json().checks.storage).toBe('failed');
  });

  it('answers 503 within the timeout when a check hangs', async () => {
    let aborted = false;
    // A check that never answers by itself; its signal tells it to give up.
    storage = (signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        });
      });
    const started = Date.now();
    const hung = await ctx.app.inject('/readyz');
    const took = Date.now() - started;
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'timeout' } });
    expect(took).toBeGreaterThanOrEqual(READINESS_CHECK_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(READINESS_CHECK_TIMEOUT_MS + 1500);
    expect(aborted).toBe(true);
  });

  it('answers 503 once draining, while liveness is unchanged', async () => {
    storage = async () => undefined;
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
    ctx.app.markDraining();
    const draining = await ctx.app.inject('/readyz');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    const live = await ctx.app.inject('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});

describe('runReadinessChecks', () => {
  it('runs the checks at once and bounds each by the timeout', async () => {
    const started = Date.now();
    const report = await runReadinessChecks(
      [
        { name: 'fast', check: async () => 'pong' },
        { name: 'slow', check: () => new Promise((resolve) => setTimeout(resolve, 5_000).unref()) },
        { name: 'slower', check: () => new Promise((resolve) => setTimeout(resolve, 5_000).unref()) },
        { name: 'broken', check: async () => Promise.reject(new Error('refused')) },
      ],
      100,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(report.ready).toBe(false);
    expect(report.checks).toEqual({ fast: 'ok', slow: 'timeout', slower: 'timeout', broken: 'failed' });
    expect(report.errors.map((entry) => entry.name)).toEqual(['broken']);
  });

  it('is ready with no checks at all', async () => {
    expect(await runReadinessChecks([])).toEqual({ ready: true, checks: {}, errors: [] });
  });
});
