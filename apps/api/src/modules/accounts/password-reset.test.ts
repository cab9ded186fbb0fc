import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, MessageResponse, ProfileResponse, VerifyResetTokenResponse } from '@shop/shared';
import { startFakeSmtpServer, waitForMail, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { passwordResetTokens } from '../../db/schema/index.js';
import { redactedRequestSerializer, redactUrlSecrets } from './log-redaction.js';
import { maskEmail } from '../../lib/mask-email.js';

const LINK_PATTERN = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/;
const resetLinksTo = (server: FakeSmtpServer, address: string) =>
  server.received.filter((mail) => mail.to.includes(address) && LINK_PATTERN.test(mail.text));
const tokenOf = (text: string) => new URL(LINK_PATTERN.exec(text)?.[1] ?? 'http://x/').searchParams.get('token') ?? '';

describe('password reset over SMTP', () => {
  let smtp: FakeSmtpServer;
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  let emailCounter = 0;

  async function register() {
    emailCounter += 1;
    const email = `reset${emailCounter}@example.com`;
    const response = await call('POST', '/api/auth/register', { name: 'Fatima Ali', email, password: 'secret123' });
    expect(response.statusCode).toBe(201);
    return { ...response.json<AuthResponse>(), email };
  }

  const resetMailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to.includes(address) && LINK_PATTERN.test(mail.text));

  async function forgot(email: string, lang: TestLang = 'en') {
    const response = await call('POST', '/api/auth/forgot-password', { email }, { lang });
    return response;
  }

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    ctx = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Prayer Beads <accounts@shop.example.com>',
      PUBLIC_URL: 'https://beads.example.kw',
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('mails a working link: new password, every session ends, email verified, link used up', async () => {
    const registered = await register();
    const second = await call('POST', '/api/auth/login', { email: registered.email, password: 'secret123' });
    const secondToken = second.json<AuthResponse>().token;

    const response = await call(
      'POST',
      '/api/auth/forgot-password',
      { email: registered.email.toUpperCase() },
      { lang: 'ar', headers: { host: 'evil.example.com' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'إذا كان هناك حساب بهذا البريد فقد أرسلنا إليه رابط إعادة تعيين كلمة المرور',
    });

    const mail = await waitForMail(smtp, registered.email, LINK_PATTERN);
    expect(mail.subject).toContain('إعادة تعيين كلمة المرور');
    expect(mail.text).toContain('الرابط صالح لمدة ساعة واحدة');
    expect(mail.html).toContain('dir="rtl"');
    const link = LINK_PATTERN.exec(mail.text)![1]!;
    expect(link.startsWith('https://beads.example.kw/reset-password?token=')).toBe(true);
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    const token = tokenOf(mail.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the SHA-256 is stored.
    const rows = await ctx.database.db.select().from(passwordResetTokens);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);

    const check = await call('GET', `/api/auth/verify-reset-token/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json<VerifyResetTokenResponse>()).toEqual({ success: true, valid: true, email: 're***@example.com' });

    const reset = await call('POST', '/api/auth/reset-password', { token, password: 'new-secret-1' }, { lang: 'en' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: 'Password reset successfully!' });

    for (const old of [registered.token, secondToken]) {
      const profile = await call('GET', '/api/auth/profile', undefined, { token: old });
      expect(profile.statusCode).toBe(401);
    }
    const oldLogin = await call('POST', '/api/auth/login', { email: registered.email, password: 'secret123' });
    expect(oldLogin.statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', { email: registered.email, password: 'new-secret-1' });
    expect(login.statusCode).toBe(200);
    expect(login.json<AuthResponse>().user.isVerified).toBe(true);

    const reuse = await call('POST', '/api/auth/reset-password', { token, password: 'another-one' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ success: false, code: 'INVALID_RESET_TOKEN', message: 'Invalid or expired reset link' });
    const recheck = await call('GET', `/api/auth/verify-reset-token/${token}`);
    expect(recheck.json<ErrorResponse>().code).toBe('INVALID_RESET_TOKEN');
  });

  it('answers unknown emails exactly like known ones and mails nothing', async () => {
    const registered = await register();
    const known = await forgot(registered.email);
    const unknown = await forgot('nobody.at.all@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json<MessageResponse>().message).toBe('If an account uses this email, a password reset link has been sent to it');
    await waitForMail(smtp, registered.email, LINK_PATTERN);
    expect(smtp.received.filter((mail) => mail.to.includes('nobody.at.all@example.com'))).toHaveLength(0);
  });

  it('rejects unknown, malformed and expired tokens alike', async () => {
    const registered = await register();
    const expiredAt = new Date(Date.now() - 60 * 60_000 - 1_000);
    await ctx.app.services.passwordReset.requestReset(registered.email, 'en', expiredAt);
    const token = tokenOf((await waitForMail(smtp, registered.email, LINK_PATTERN)).text);

    const expected = { success: false, code: 'INVALID_RESET_TOKEN', message: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية' };
    for (const candidate of [token, 'A'.repeat(43), 'short', '%20', `${'a'.repeat(42)}!`]) {
      const response = await call('GET', `/api/auth/verify-reset-token/${encodeURIComponent(candidate)}`, undefined, { lang: 'ar' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
    }
    const reset = await call('POST', '/api/auth/reset-password', { token, password: 'new-secret-1' });
    expect(reset.json<ErrorResponse>().code).toBe('INVALID_RESET_TOKEN');
    const malformed = await call('POST', '/api/auth/reset-password', { token: 'nope', password: 'new-secret-1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ details: [{ field: 'token', message: 'Invalid or expired reset link' }] });
    const short = await call('POST', '/api/auth/reset-password', { token: 'A'.repeat(43), password: '123' });
    expect(short.json()).toMatchObject({ details: [{ field: 'password', message: 'Password must be at least 6 characters long' }] });
  });

  it('lets only the newest link work, and only once under a race', async () => {
    const registered = await register();
    await forgot(registered.email);
    const firstMail = await waitForMail(smtp, registered.email, LINK_PATTERN);
    // Asked in English: the link opens the English reset page (decision 046).
    expect(LINK_PATTERN.exec(firstMail.text)![1]!.startsWith('https://beads.example.kw/en/reset-password?token=')).toBe(true);
    const first = tokenOf(firstMail.text);
    await forgot(registered.email);
    await expect.poll(() => resetMailsTo(registered.email).length).toBe(2);
    const second = tokenOf(resetMailsTo(registered.email)[1]!.text);
    expect(second).not.toBe(first);

    const old = await call('GET', `/api/auth/verify-reset-token/${first}`);
    expect(old.statusCode).toBe(400);

    const [a, b] = await Promise.all([
      call('POST', '/api/auth/reset-password', { token: second, password: 'race-one-1' }),
      call('POST', '/api/auth/reset-password', { token: second, password: 'race-two-2' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('mails at most 3 links per account in 15 minutes, answering the same above it', async () => {
    const registered = await register();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await forgot(registered.email);
      expect(response.statusCode).toBe(200);
    }
    await expect.poll(() => resetMailsTo(registered.email).length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resetMailsTo(registered.email)).toHaveLength(3);
  });

  it('ends the login back-off of the account', async () => {
    const registered = await register();
    const ip = '203.0.113.96';
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await call('POST', '/api/auth/login', { email: registered.email, password: 'wrong-password' }, { ip });
    }
    const blocked = await call('POST', '/api/auth/login', { email: registered.email, password: 'secret123' }, { ip });
    expect(blocked.statusCode).toBe(429);
    await forgot(registered.email);
    const token = tokenOf((await waitForMail(smtp, registered.email, LINK_PATTERN)).text);
    await call('POST', '/api/auth/reset-password', { token, password: 'new-secret-1' });
    const login = await call('POST', '/api/auth/login', { email: registered.email, password: 'new-secret-1' }, { ip });
    expect(login.statusCode).toBe(200);
    const profile = await call('GET', '/api/auth/profile', undefined, { token: login.json<AuthResponse>().token });
    expect(profile.json<ProfileResponse>().user.email).toBe(registered.email);
  });

  it('limits forgot-password per address to 5 a minute', async () => {
    const ip = '192.0.2.95';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call('POST', '/api/auth/forgot-password', { email: `f${attempt}@example.com` }, { ip });
      expect(response.statusCode).toBe(200);
    }
    const limited = await call('POST', '/api/auth/forgot-password', { email: 'f@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again shortly',
    });
  });

  it('kills open links when the account changes its email', async () => {
    const registered = await register();
    await forgot(registered.email);
    const token = tokenOf((await waitForMail(smtp, registered.email, LINK_PATTERN)).text);
    await call('PUT', '/api/auth/profile', { email: `moved.${registered.email}`, current_password: 'secret123' }, { token: registered.token });
    const check = await call('GET', `/api/auth/verify-reset-token/${token}`);
    expect(check.statusCode).toBe(400);
    const rows = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, registered.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('password reset with the mail server down', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'accounts@shop.example.com' });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('answers an existing account exactly like an unknown email (the failure is only logged)', async () => {
    const call = apiCaller(() => ctx.app);
    await call('POST', '/api/auth/register', { name: 'Fatima Ali', email: 'down@example.com', password: 'secret123' });
    const response = await call('POST', '/api/auth/forgot-password', { email: 'down@example.com' });
    const unknown = await call('POST', '/api/auth/forgot-password', { email: 'nobody.down@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(unknown.json());
    await ctx.app.services.background.drain();
  });
});

describe('password reset with a slow mail server', () => {
  let smtp: FakeSmtpServer;
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  const SMTP_DELAY_MS = 1000;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer({ delayMs: SMTP_DELAY_MS });
    ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'accounts@shop.example.com' });
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('answers before the link is mailed, as fast as for an unknown email', async () => {
    const registered = await call('POST', '/api/auth/register', {
      name: 'Fatima Ali',
      email: 'slow.reset@example.com',
      password: 'secret123',
    });
    expect(registered.statusCode).toBe(201);
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await call('POST', '/api/auth/forgot-password', { email });
      return { elapsed: performance.now() - started, status: response.statusCode, body: response.json<unknown>() };
    };
    const known = await timed('slow.reset@example.com');
    const unknown = await timed('nobody.slow@example.com');
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.elapsed).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(resetLinksTo(smtp, 'slow.reset@example.com')).toHaveLength(0);
    const mail = await waitForMail(smtp, 'slow.reset@example.com', LINK_PATTERN);
    expect(tokenOf(mail.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('secrets in logged URLs', () => {
  it('redacts the reset token of the API path and token/code query parameters', () => {
    const token = 'Abc_def-123'.padEnd(43, 'x');
    expect(redactUrlSecrets(`/api/auth/verify-reset-token/${token}`)).toBe('/api/auth/verify-reset-token/[REDACTED]');
    expect(redactUrlSecrets(`/api/auth/verify-reset-token/${token}?x=1`)).toBe('/api/auth/verify-reset-token/[REDACTED]?x=1');
    expect(redactUrlSecrets(`/reset-password?token=${token}&lang=ar`)).toBe('/reset-password?token=[REDACTED]&lang=ar');
    expect(redactUrlSecrets('/auth/google/callback?state=s&code=4/abc')).toBe('/auth/google/callback?state=s&code=[REDACTED]');
    expect(redactUrlSecrets('/api/products?page=2')).toBe('/api/products?page=2');
    const logged = redactedRequestSerializer({
      method: 'GET',
      url: `/api/auth/verify-reset-token/${token}`,
      host: 'shop.example.com',
      ip: '203.0.113.9',
      headers: {},
      socket: { remotePort: 5555 },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: '/api/auth/verify-reset-token/[REDACTED]',
      version: undefined,
      host: 'shop.example.com',
      remoteAddress: '203.0.113.9',
      remotePort: 5555,
    });
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it('masks emails for the reset page', () => {
    expect(maskEmail('ahmad@example.com')).toBe('ah***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
  });
});
