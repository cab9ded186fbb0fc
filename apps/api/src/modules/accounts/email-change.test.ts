import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ProfileResponse } from '@shop/shared';
import { startFakeSmtpServer, waitForMail, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { users } from '../../db/schema/index.js';

/** PUT /auth/profile with a new e-mail: re-authentication, notice to the old address, sessions. */
describe('changing the e-mail address of an account', () => {
  const SMTP_DELAY_MS = 1000;
  let smtp: FakeSmtpServer;
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  let counter = 0;

  async function register() {
    counter += 1;
    const email = `change${counter}@example.com`;
    const response = await call('POST', '/api/auth/register', { name: 'Fatima Ali', email, password: 'secret123' });
    expect(response.statusCode).toBe(201);
    return { ...response.json<AuthResponse>(), email };
  }

  const profile = (token: string) => call('GET', '/api/auth/profile', undefined, { token });
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  beforeAll(async () => {
    smtp = await startFakeSmtpServer({ delayMs: SMTP_DELAY_MS });
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

  it('needs the current password: a stolen token alone cannot move the account', async () => {
    const account = await register();
    const missing = await call('PUT', '/api/auth/profile', { email: 'thief@example.com' }, { token: account.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'current_password', message: 'Please enter your current password' }],
    });
    const wrong = await call(
      'PUT',
      '/api/auth/profile',
      { email: 'thief@example.com', current_password: 'guess-guess' },
      { token: account.token, lang: 'ar' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      details: [{ field: 'current_password', message: 'كلمة المرور الحالية غير صحيحة' }],
    });
    // Nothing changed; other fields still need no password.
    const renamed = await call('PUT', '/api/auth/profile', { first_name: 'Huda' }, { token: account.token });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ProfileResponse>().user).toMatchObject({ email: account.email, first_name: 'Huda' });
  });

  it('moves the account, ends the other sessions and tells the old address after the reply', async () => {
    const account = await register();
    const other = (await call('POST', '/api/auth/login', { email: account.email, password: 'secret123' })).json<AuthResponse>();
    const before = mailsTo(account.email).length;

    const started = performance.now();
    const changed = await call(
      'PUT',
      '/api/auth/profile',
      { email: `moved.${account.email}`, current_password: 'secret123' },
      { token: account.token, lang: 'ar' },
    );
    const elapsed = performance.now() - started;
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ProfileResponse>().user).toMatchObject({ email: `moved.${account.email}`, isVerified: false });
    // The reply does not wait for the mail server.
    expect(elapsed).toBeLessThan(SMTP_DELAY_MS);
    expect(mailsTo(account.email)).toHaveLength(before);

    expect((await profile(account.token)).statusCode).toBe(200);
    expect((await profile(other.token)).statusCode).toBe(401);

    const notice = await waitForMail(smtp, account.email, /mo\*\*\*@example\.com/);
    expect(notice.subject).toContain('تم تغيير البريد الإلكتروني لحسابك');
    expect(notice.text).toContain('تم تسجيل الخروج من جميع الأجهزة الأخرى');
    expect(notice.html).toContain('dir="rtl"');
    // The new address gets nothing from this notice.
    expect(mailsTo(`moved.${account.email}`)).toHaveLength(0);
  });

  it('sends nothing and keeps the sessions when the e-mail stays the same', async () => {
    const account = await register();
    const other = (await call('POST', '/api/auth/login', { email: account.email, password: 'secret123' })).json<AuthResponse>();
    await ctx.app.services.background.drain();
    const before = mailsTo(account.email).length;
    const same = await call('PUT', '/api/auth/profile', { email: account.email.toUpperCase(), phone: '99887766' }, { token: account.token });
    expect(same.statusCode).toBe(200);
    await ctx.app.services.background.drain();
    expect(mailsTo(account.email)).toHaveLength(before);
    expect((await profile(other.token)).statusCode).toBe(200);
  });

  it('lets an account without a password (made with Google) change it without one, in English', async () => {
    const account = await register();
    await ctx.database.db.update(users).set({ password_hash: null }).where(eq(users.id, account.user.id));
    const changed = await call('PUT', '/api/auth/profile', { email: `google.${account.email}` }, { token: account.token });
    expect(changed.statusCode).toBe(200);
    const notice = await waitForMail(smtp, account.email, /go\*\*\*@example\.com/);
    expect(notice.subject).toMatch(/^The email address of your account was changed - /);
    expect(notice.text).toContain('If you did not make this change, contact the store right away.');
  });
});
