import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse } from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { authThrottles } from '../../db/schema/index.js';
import { clientOf, createAuthThrottle, loginBlockMs, throttleKey } from './throttle.js';

let ctx: TestContext;

const call = apiCaller(() => ctx.app);

function login(email: string, password: string, lang: TestLang = 'en', ip?: string) {
  return call('POST', '/api/auth/login', { email, password }, { lang, ...(ip === undefined ? {} : { ip }) });
}

let emailCounter = 0;
async function register() {
  emailCounter += 1;
  const email = `throttle${emailCounter}@example.com`;
  const response = await call('POST', '/api/auth/register', { name: 'Fatima Ali', email, password: 'secret123' });
  expect(response.statusCode).toBe(201);
  return email;
}

const seconds = (count: number) => count * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

describe('loginBlockMs', () => {
  it('is free for four failures, then doubles from 30 seconds up to 15 minutes', () => {
    expect([1, 2, 3, 4].map(loginBlockMs)).toEqual([0, 0, 0, 0]);
    expect(loginBlockMs(5)).toBe(seconds(30));
    expect(loginBlockMs(6)).toBe(seconds(60));
    expect(loginBlockMs(7)).toBe(seconds(120));
    expect(loginBlockMs(10)).toBe(seconds(15 * 60));
    expect(loginBlockMs(1000)).toBe(seconds(15 * 60));
  });
});

describe('per-account login back-off', () => {
  it('answers 429 to the client that failed five times, even with the right password', async () => {
    const email = await register();
    const ip = '203.0.113.60';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(email, 'wrong-password', 'en', ip);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(email.toUpperCase(), 'secret123', 'en', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many attempts, please try again in 1 minute',
    });
    const arabic = await login(email, 'secret123', 'ar', ip);
    expect(arabic.json<ErrorResponse>().message).toBe('محاولات كثيرة، حاول مرة أخرى بعد دقيقة واحدة');
    // The key hashes the address and the client: neither email nor IP is stored in the table.
    const rows = await ctx.database.db.select().from(authThrottles);
    expect(rows.some((row) => row.key.includes(email) || row.key.includes(ip))).toBe(false);
  });

  it('never refuses the right password to a client that is not the failing one', async () => {
    const email = await register();
    // An attacker fails from five addresses, then keeps failing from one of them.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(email, 'wrong-password', 'en', `203.0.113.${70 + attempt}`)).statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < 6; attempt += 1) await login(email, 'wrong-password', 'en', '203.0.113.80');
    expect((await login(email, 'secret123', 'en', '203.0.113.80')).statusCode).toBe(429);
    // The owner, from another address, signs in.
    const owner = await login(email, 'secret123', 'en', '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    // The owner's success does not lift the attacker's back-off.
    expect((await login(email, 'secret123', 'en', '203.0.113.80')).statusCode).toBe(429);
  });

  it('gives an IPv6 /64 one back-off, not one per address', async () => {
    const email = await register();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(email, 'wrong-password', 'en', `2001:db8:1:2::${attempt}`)).statusCode).toBe(401);
    }
    expect((await login(email, 'secret123', 'en', '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await login(email, 'secret123', 'en', '2001:db8:1:3::1')).statusCode).toBe(200);
    expect(clientOf('2001:DB8:0001:0002:0:0:0:5')).toBe('2001:db8:1:2::/64');
    expect(clientOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientOf('192.0.2.1')).toBe('192.0.2.1');
  });

  it('treats unknown emails exactly like known ones', async () => {
    const known = await register();
    const unknown = 'no.such.account@example.com';
    const answers = async (email: string, ip: string) => {
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await login(email, 'wrong-password', 'en', ip);
        statuses.push({ status: response.statusCode, body: response.json<ErrorResponse>() });
      }
      return statuses;
    };
    expect(await answers(unknown, '203.0.113.61')).toEqual(await answers(known, '203.0.113.62'));
  });

  it('lifts the block when it runs out, doubles it on the next failure and resets on success', async () => {
    const email = await register();
    const { accounts } = ctx.app.services;
    const start = new Date(Date.now() + seconds(60 * 60));
    const at = (offsetMs: number) => ({ now: new Date(start.getTime() + offsetMs) });
    const credentials = (password: string) => ({ email, password });

    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(accounts.login(credentials('wrong-password'), at(attempt))).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
    await expect(accounts.login(credentials('secret123'), at(seconds(29)))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      params: { count: 1 },
    });
    // 30 seconds after the fifth failure the account may try again; one more failure: 60 s.
    await expect(accounts.login(credentials('wrong-password'), at(seconds(31)))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(accounts.login(credentials('secret123'), at(seconds(31 + 59)))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    const signedIn = await accounts.login(credentials('secret123'), at(seconds(31 + 61)));
    expect(signedIn.user.email).toBe(email);
    const [row] = await ctx.database.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, throttleKey('login', { email, client: 'unknown' })));
    expect(row).toBeUndefined();
    // Counting starts over after the success.
    await expect(accounts.login(credentials('wrong-password'), at(seconds(100)))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('caps the block at 15 minutes and forgets failures after a quiet quarter hour', async () => {
    const throttle = createAuthThrottle(ctx.database.db);
    const email = 'cap@example.com';
    const start = new Date(Date.now() + seconds(2 * 60 * 60));
    let clock = start.getTime();
    for (let failure = 1; failure <= 12; failure += 1) {
      await throttle.recordFailure('login', email, new Date(clock));
      const blocked = await throttle.blockedFor('login', email, new Date(clock));
      expect(blocked).toBe(loginBlockMs(failure));
      clock += blocked + 1;
    }
    expect(loginBlockMs(12)).toBe(seconds(15 * 60));
    // After the block ends and a quarter hour passes without failures, the count restarts.
    clock += seconds(15 * 60) + 1;
    await throttle.recordFailure('login', email, new Date(clock));
    expect(await throttle.blockedFor('login', email, new Date(clock))).toBe(0);
  });
});

describe('per-account e-mail allowance', () => {
  it('gives three e-mails per 15 minutes and three more after', async () => {
    const throttle = createAuthThrottle(ctx.database.db);
    const start = new Date(Date.now() + seconds(3 * 60 * 60));
    const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
    const takes = [];
    for (let index = 0; index < 5; index += 1) {
      takes.push(await throttle.takeEmailAllowance('reset_email', 'Mail@Example.com', at(index * 1000)));
    }
    expect(takes).toEqual([true, true, true, false, false]);
    // Another action and another address have their own allowance.
    expect(await throttle.takeEmailAllowance('verification_email', 'mail@example.com', at(6000))).toBe(true);
    expect(await throttle.takeEmailAllowance('reset_email', 'other@example.com', at(6000))).toBe(true);
    expect(await throttle.takeEmailAllowance('reset_email', 'mail@example.com', at(seconds(15 * 60) + 1))).toBe(true);
  });
});

describe('pruning', () => {
  it('deletes only rows quiet for a day', async () => {
    const throttle = createAuthThrottle(ctx.database.db);
    const now = new Date('2026-11-21T12:00:00Z');
    await throttle.recordFailure('login', 'old-prune@example.com', new Date(now.getTime() - 25 * 3_600_000));
    await throttle.recordFailure('login', 'fresh-prune@example.com', new Date(now.getTime() - 3_600_000));
    const pruned = await throttle.prune(now);
    expect(pruned).toBeGreaterThanOrEqual(1);
    const keys = (await ctx.database.db.select({ key: authThrottles.key }).from(authThrottles)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain(throttleKey('login', 'old-prune@example.com'));
    expect(keys).toContain(throttleKey('login', 'fresh-prune@example.com'));
  });
});

describe('registration and sign-in still work normally', () => {
  it('signs in with the right password after a few failures', async () => {
    const email = await register();
    for (let attempt = 0; attempt < 4; attempt += 1) await login(email, 'wrong-password');
    const response = await login(email, 'secret123');
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthResponse>().user.email).toBe(email);
  });
});
