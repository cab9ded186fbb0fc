import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, MessageResponse, ProfileResponse } from '@shop/shared';
import { startFakeSmtpServer, waitForMail, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { emailVerificationCodes, users } from '../../db/schema/index.js';
import { generateVerificationCode } from './email-verification.js';
import { freePort } from '../../../test-support/ports.js';

const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';


describe('e-mail verification over SMTP', () => {
  let smtp: FakeSmtpServer;
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  let emailCounter = 0;

  async function register(lang: TestLang = 'en', email?: string) {
    emailCounter += 1;
    const address = email ?? `verify${emailCounter}@example.com`;
    const response = await call(
      'POST',
      '/api/auth/register',
      { name: 'Fatima Ali', email: address, password: 'secret123' },
      { lang },
    );
    expect(response.statusCode).toBe(201);
    return { ...response.json<AuthResponse>(), email: address };
  }

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

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

  it('mails an Arabic code at registration that verifies the email', async () => {
    const registered = await register('ar');
    expect(registered.verification_sent).toBe(true);
    expect(registered.user.isVerified).toBe(false);

    const mail = await waitForMail(smtp, registered.email, /\b\d{6}\b/);
    expect(mail.subject).toContain('رمز تأكيد بريدك الإلكتروني');
    expect(mail.text).toContain('الرمز صالح لمدة 10 دقائق');
    expect(mail.text.match(/\b\d{6}\b/g)).toHaveLength(1);
    expect(mail.html).toContain('dir="rtl"');
    const code = codeOf(mail.text);
    expect(mail.html).toContain(code);

    // Only an HMAC of the code is kept.
    const [row] = await ctx.database.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.user_id, registered.user.id));
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(code);

    const verified = await call(
      'POST',
      '/api/auth/verify-email-code',
      { email: ` ${registered.email.toUpperCase()} `, code: ` ${code} ` },
      { lang: 'ar' },
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: 'تم تأكيد بريدك الإلكتروني بنجاح' });

    const profile = await call('GET', '/api/auth/profile', undefined, { token: registered.token });
    expect(profile.json<ProfileResponse>().user.isVerified).toBe(true);

    const again = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code });
    expect(again.statusCode).toBe(200);
    expect(again.json<MessageResponse>().message).toBe('Your email is already verified');
  });

  it('answers a wrong code for a verified account exactly like any wrong code', async () => {
    const registered = await register();
    const code = codeOf((await waitForMail(smtp, registered.email, /\b\d{6}\b/)).text);
    const ok = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code });
    expect(ok.statusCode).toBe(200);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const lang of ['en', 'ar'] as const) {
      const verified = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code: wrong }, { lang });
      const unknown = await call('POST', '/api/auth/verify-email-code', { email: 'nobody.verified@example.com', code: wrong }, { lang });
      expect(verified.statusCode).toBe(400);
      expect(verified.json()).toEqual(unknown.json());
    }
  });

  it('writes the English code e-mail with the store name and the validity', async () => {
    const registered = await register('en');
    const mail = await waitForMail(smtp, registered.email, /\b\d{6}\b/);
    expect(mail.subject).toMatch(/^Your email verification code - /);
    expect(mail.text).toContain('The code is valid for 10 minutes.');
    expect(mail.text).toContain('Hello Fatima Ali,');
    expect(mail.html).toContain('dir="ltr"');
    const [row] = await ctx.database.db.select({ verified: users.email_verified_at }).from(users)
      .where(eq(users.id, registered.user.id));
    expect(row!.verified).toBeNull();
  });

  it('rejects wrong codes, kills the code after five, and answers unknown emails alike', async () => {
    const registered = await register();
    const code = codeOf((await waitForMail(smtp, registered.email, /\b\d{6}\b/)).text);
    const wrong = code === '000000' ? '111111' : '000000';

    const unknown = await call('POST', '/api/auth/verify-email-code', { email: 'nobody@example.com', code: wrong });
    const first = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      success: false,
      code: 'INVALID_CODE',
      message: 'Invalid verification code. Please try again.',
    });
    expect(unknown.statusCode).toBe(first.statusCode);
    expect(unknown.json()).toEqual(first.json());

    for (let attempt = 2; attempt <= 4; attempt += 1) {
      const response = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code: wrong });
      expect(response.json<ErrorResponse>().message).toBe('Invalid verification code. Please try again.');
    }
    const fifth = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code: wrong }, { lang: 'ar' });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({
      code: 'INVALID_CODE',
      message: 'تجاوزت عدد المحاولات المسموح، اطلب رمزاً جديداً',
    });
    // Dead: even the right code no longer works.
    const right = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json<ErrorResponse>().message).toBe('Too many wrong attempts, please request a new code');

    // A new code works again.
    const before = mailsTo(registered.email).length;
    const resend = await call('POST', '/api/auth/resend-verification-code', { email: registered.email });
    expect(resend.statusCode).toBe(200);
    // The code is mailed after the reply.
    await ctx.app.services.background.drain();
    const fresh = codeOf(mailsTo(registered.email)[before]!.text);
    const ok = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code: fresh });
    expect(ok.json<MessageResponse>().message).toBe('Your email has been verified successfully');
  });

  it('rejects a malformed code with a field error', async () => {
    const response = await call('POST', '/api/auth/verify-email-code', { email: 'a@example.com', code: '12a45' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'code', message: 'Please enter all 6 digits' }],
    });
  });

  it('lets a code expire after 10 minutes', async () => {
    const registered = await register();
    const code = codeOf((await waitForMail(smtp, registered.email, /\b\d{6}\b/)).text);
    const later = new Date(Date.now() + 10 * 60_000 + 1_000);
    await expect(
      ctx.app.services.emailVerification.verify({ email: registered.email, code }, later),
    ).rejects.toMatchObject({ code: 'INVALID_CODE', messageKey: 'auth.code_expired' });
    const response = await call('POST', '/api/auth/verify-email-code', { email: registered.email, code });
    expect(response.statusCode).toBe(200);
  });

  it('resends without telling whether an account exists, and the older code dies', async () => {
    const unverified = await register();
    const firstCode = codeOf((await waitForMail(smtp, unverified.email, /\b\d{6}\b/)).text);
    const verified = await register();
    const verifiedCode = codeOf((await waitForMail(smtp, verified.email, /\b\d{6}\b/)).text);
    await call('POST', '/api/auth/verify-email-code', { email: verified.email, code: verifiedCode });

    const answers = [];
    for (const [path, email] of [
      ['/api/auth/resend-verification', unverified.email],
      ['/api/auth/resend-verification-code', 'nobody.here@example.com'],
      ['/api/auth/resend-verification', verified.email],
    ] as const) {
      const response = await call('POST', path, { email });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'If an unverified account uses this email, a new verification code has been sent to it',
      },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await ctx.app.services.background.drain();

    expect(mailsTo(unverified.email)).toHaveLength(2);
    expect(mailsTo(verified.email)).toHaveLength(1);
    expect(mailsTo('nobody.here@example.com')).toHaveLength(0);

    const newCode = codeOf(mailsTo(unverified.email)[1]!.text);
    if (newCode !== firstCode) {
      const old = await call('POST', '/api/auth/verify-email-code', { email: unverified.email, code: firstCode });
      expect(old.json<ErrorResponse>().code).toBe('INVALID_CODE');
    }
    const ok = await call('POST', '/api/auth/verify-email-code', { email: unverified.email, code: newCode });
    expect(ok.statusCode).toBe(200);
  });

  it('mails at most 3 codes per account in 15 minutes and answers the same above it', async () => {
    const registered = await register();
    await waitForMail(smtp, registered.email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await call('POST', '/api/auth/resend-verification', { email: registered.email });
      expect(response.statusCode).toBe(200);
      expect(response.json<MessageResponse>().message).toContain('If an unverified account');
    }
    await ctx.app.services.background.drain();
    // Registration's code and two resends: three in all.
    expect(mailsTo(registered.email)).toHaveLength(3);
    // Exactly one of the mailed codes, the newest made, is still valid. The e-mails go out after
    // the replies, so they may arrive in any order: try each, newest arrival first.
    const statuses: number[] = [];
    for (const mail of [...mailsTo(registered.email)].reverse()) {
      if (statuses.includes(200)) break;
      const check = await call('POST', '/api/auth/verify-email-code', {
        email: registered.email,
        code: codeOf(mail.text),
      });
      statuses.push(check.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 400)).toBe(true);
  });

  it('does not accept a code sent to an address the account no longer uses', async () => {
    const registered = await register();
    const code = codeOf((await waitForMail(smtp, registered.email, /\b\d{6}\b/)).text);
    const changed = await call(
      'PUT',
      '/api/auth/profile',
      { email: `changed.${registered.email}`, current_password: 'secret123' },
      { token: registered.token },
    );
    expect(changed.statusCode).toBe(200);
    const response = await call('POST', '/api/auth/verify-email-code', {
      email: `changed.${registered.email}`,
      code,
    });
    expect(response.json<ErrorResponse>().code).toBe('INVALID_CODE');
  });

  it('limits code checks per address to 10 a minute with RATE_LIMITED', async () => {
    const ip = '192.0.2.90';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call('POST', '/api/auth/verify-email-code', { email: `x${attempt}@example.com`, code: '123456' }, { ip });
      expect(response.statusCode).toBe(400);
    }
    const limited = await call('POST', '/api/auth/verify-email-code', { email: 'x@example.com', code: '123456' }, { ip, lang: 'ar' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'طلبات كثيرة جداً، يرجى المحاولة بعد قليل',
    });
  });

  it('limits resend requests per address to 5 a minute', async () => {
    const ip = '192.0.2.91';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call('POST', '/api/auth/resend-verification', { email: `r${attempt}@example.com` }, { ip });
      expect(response.statusCode).toBe(200);
    }
    const limited = await call('POST', '/api/auth/resend-verification', { email: 'r@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorResponse>().code).toBe('RATE_LIMITED');
  });
});

describe('e-mail verification with the mail server down', () => {
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_FROM: 'accounts@shop.example.com',
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps the registration and says the code was not sent; a resend answers as for any email', async () => {
    const registered = await call('POST', '/api/auth/register', {
      name: 'Fatima Ali',
      email: 'down@example.com',
      password: 'secret123',
    });
    expect(registered.statusCode).toBe(201);
    const body = registered.json<AuthResponse>();
    expect(body.verification_sent).toBe(false);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const profile = await call('GET', '/api/auth/profile', undefined, { token: body.token });
    expect(profile.statusCode).toBe(200);

    // A resend answers the same for the account as for an unknown email: the failure to send
    // happens after the reply and is only logged.
    const resend = await call('POST', '/api/auth/resend-verification-code', { email: 'down@example.com' }, { lang: 'ar' });
    const unknown = await call('POST', '/api/auth/resend-verification-code', { email: 'nobody@example.com' }, { lang: 'ar' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual(unknown.json());
    await ctx.app.services.background.drain();
  });
});

describe('resending a code with a slow mail server', () => {
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

  it('answers before the e-mail is sent, as fast as for an unknown email', async () => {
    const registered = await call('POST', '/api/auth/register', {
      name: 'Fatima Ali',
      email: 'slow.resend@example.com',
      password: 'secret123',
    });
    expect(registered.statusCode).toBe(201);
    await waitForMail(smtp, 'slow.resend@example.com');
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await call('POST', '/api/auth/resend-verification-code', { email });
      return { elapsed: performance.now() - started, status: response.statusCode, body: response.json<unknown>() };
    };
    const known = await timed('slow.resend@example.com');
    const unknown = await timed('nobody.slow@example.com');
    expect(known.body).toEqual(unknown.body);
    expect(known.status).toBe(200);
    // The reply does not wait for the slow server; the code still arrives after it.
    expect(known.elapsed).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(smtp.received.filter((mail) => mail.to.includes('slow.resend@example.com'))).toHaveLength(1);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('slow.resend@example.com')).length, {
      timeout: 5000,
    }).toBe(2);
  });
});

describe('generateVerificationCode', () => {
  it('gives six digits, leading zeros included', () => {
    const codes = Array.from({ length: 200 }, () => generateVerificationCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
