import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, testRedisUrl } from '../../../test-support/redis.js';
import { startTestS3Server, type TestS3Server } from '../../../test-support/s3-server.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';

const redisUrl = await testRedisUrl();

describe('readiness with Redis', () => {
  it('is not ready while the configured Redis does not answer', async () => {
    const ctx = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const ready = await ctx.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('unavailable');
      expect(ready.json().checks.database).toBe('ok');
      expect(['failed', 'timeout']).toContain(ready.json().checks.redis);
    } finally {
      await ctx.close();
    }
  });

  it.skipIf(!redisUrl)('is ready when Redis answers', async () => {
    const ctx = await createTestApp({ REDIS_URL: redisUrl });
    try {
      // The client connects in the background: ready once it has.
      let ready = await ctx.app.inject('/readyz');
      for (let attempt = 0; attempt < 20 && ready.statusCode !== 200; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await ctx.app.inject('/readyz');
      }
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await ctx.close();
    }
  });
});

describe('readiness with object storage', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    ctx = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close().catch(() => undefined);
  });

  it('checks the bucket, and is not ready once it stops answering', async () => {
    const ready = await ctx.app.inject('/readyz');
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    await s3.close();
    const gone = await ctx.app.inject('/readyz');
    expect(gone.statusCode).toBe(503);
    expect(['failed', 'timeout']).toContain(gone.json().checks.storage);
  });
});
