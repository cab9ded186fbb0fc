import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { freePort, redisServerInstalled, startPrivateRedis } from '../../test-support/redis.js';
import { createTestApp } from '../../test-support/test-app.js';
import { rateLimitStore } from './rate-limit-store.js';
import { connectRedis, type SharedRedis } from './redis.js';

const LIMIT = 3;

interface LogLine {
  level: 'warn' | 'info';
  message: string;
}

/** A server with one limited route counted through the shop's store; one per "process". */
async function limitedServer(redis: SharedRedis) {
  const app: FastifyInstance = Fastify();
  const store = rateLimitStore({ redis });
  await app.register(rateLimit, { global: false, ...(store ? { store } : {}) });
  app.get('/limited', { config: { rateLimit: { max: LIMIT, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

/** The status codes of `count` requests from one client, spread over the servers in turn. */
async function statuses(servers: FastifyInstance[], client: string, count: number): Promise<number[]> {
  const codes: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const reply = await servers[index % servers.length]!.inject({ url: '/limited', remoteAddress: client });
    codes.push(reply.statusCode);
  }
  return codes;
}

const randomClient = () => `10.${randomBytes(3).join('.')}`;
const allowedThenRefused = [...Array<number>(LIMIT).fill(200), 429, 429];

describe.skipIf(!redisServerInstalled)('rate limits counted in Redis, and on this machine while it is out', () => {
  let redisServer: Awaited<ReturnType<typeof startPrivateRedis>>;
  const log: LogLine[] = [];
  const logger = {
    warn: (_fields: unknown, message: string) => log.push({ level: 'warn', message }),
    info: (message: string) => log.push({ level: 'info', message }),
  };
  let redis: [SharedRedis, SharedRedis];
  let servers: FastifyInstance[];

  beforeAll(async () => {
    redisServer = await startPrivateRedis();
    // Two processes: each its own connection and its own memory.
    redis = [connectRedis(redisServer.url, logger), connectRedis(redisServer.url, logger)];
    servers = [await limitedServer(redis[0]), await limitedServer(redis[1])];
    await eventually(() => expect(redis.every((connection) => connection.available())).toBe(true), 5000);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(redis.map((connection) => connection.close()));
    await redisServer.stop();
  });

  it('two processes share one count: the request after the limit is refused whichever answers it', async () => {
    expect(await statuses(servers, randomClient(), LIMIT + 2)).toEqual(allowedThenRefused);
    expect(await redis[0].client.keys('shop:rate-limit:*')).not.toHaveLength(0);
  });

  it('while Redis is down each process limits by itself, with one warning and no error; back to Redis when it returns', async () => {
    await redisServer.stop();
    await eventually(() => expect(redis.some((connection) => connection.available())).toBe(false), 5000);
    const before = log.filter((line) => line.level === 'warn').length;

    const client = randomClient();
    // Each process counts on its own: never an error, never unlimited.
    expect(await statuses([servers[0]!], client, LIMIT + 2)).toEqual(allowedThenRefused);
    expect(await statuses([servers[1]!], client, LIMIT + 2)).toEqual(allowedThenRefused);
    const warnings = log.filter((line) => line.level === 'warn').slice(before);
    // At most one line per connection for the whole outage (here, at most one each), none per request.
    expect(warnings.length).toBeLessThanOrEqual(2);
    expect(log.filter((line) => line.level === 'warn').every((line) => /Redis unreachable/.test(line.message))).toBe(true);

    await redisServer.start();
    await eventually(() => expect(redis.every((connection) => connection.available())).toBe(true), 10_000);
    expect(log.filter((line) => line.level === 'info').map((line) => line.message)).toContain(
      'Redis reachable again: rate limits are shared again',
    );
    expect(await statuses(servers, randomClient(), LIMIT + 2)).toEqual(allowedThenRefused);
  }, 30_000);

  it('a Redis that was never reachable: the shop starts and limits locally', async () => {
    const lines: LogLine[] = [];
    const closed = connectRedis(`redis://127.0.0.1:${await freePort()}`, {
      warn: (_fields: unknown, message: string) => lines.push({ level: 'warn', message }),
      info: (message: string) => lines.push({ level: 'info', message }),
    });
    const server = await limitedServer(closed);
    try {
      expect(await statuses([server], randomClient(), LIMIT + 2)).toEqual(allowedThenRefused);
      await eventually(() => expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1), 3000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Reconnection attempts go on in the background without a line each.
      expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    } finally {
      await server.close();
      await closed.close();
    }
  });
});

describe('the shop with REDIS_URL pointing at nothing', () => {
  it('answers every login attempt, and refuses the one past the limit (counted locally)', async () => {
    const ctx = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      expect(ctx.app.services.redis).not.toBeNull();
      await expect(ctx.app.services.redis!.ping()).rejects.toThrow();
      const codes: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const reply = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody${attempt}@example.com`, password: 'not-the-password' },
        });
        codes.push(reply.statusCode);
      }
      expect(codes).toEqual([...Array<number>(10).fill(401), 429]);
    } finally {
      await ctx.close();
    }
  });
});
