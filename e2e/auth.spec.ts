import { pathInLanguage } from '@shop/shared';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail, waitForResetLink, waitForVerificationCode } from './mailbox';
import { expectDocumentLanguage, phoneMenu, phoneMenuToggle, useLanguage, waitForHydration, watchConsole } from './support';

type Lang = 'ar' | 'en';

/** What the shopper reads on the account screens, in each language. */
const text = {
  ar: {
    registerSubmit: 'إنشاء الحساب',
    created: 'تم إنشاء الحساب بنجاح! يرجى مراجعة بريدك الإلكتروني للحصول على رمز التحقق.',
    registered: 'تم التسجيل بنجاح! أهلاً بك...',
    verified: 'تم تأكيد بريدك الإلكتروني!',
    loginMessage: 'تم تأكيد بريدك الإلكتروني بنجاح! يمكنك الآن تسجيل الدخول.',
    loginSubmit: 'تسجيل الدخول',
    welcome: (name: string) => `أهلاً بك، ${name}!`,
    accountMenu: (name: string) => `قائمة الحساب، ${name}`,
    menu: 'القائمة',
    profile: 'الملف الشخصي',
    logout: 'تسجيل الخروج',
    loggedOut: 'تم تسجيل الخروج بنجاح',
    loginLink: 'تسجيل الدخول',
    registerLink: 'إنشاء حساب',
    emailRequired: 'البريد الإلكتروني مطلوب',
    passwordRequired: 'كلمة المرور مطلوبة',
    emailInvalid: 'يرجى إدخال بريد إلكتروني صحيح',
    googleButton: 'المتابعة باستخدام جوجل',
    googleUnavailable: 'خدمات جوجل غير متاحة، أعد تحميل الصفحة',
    digit: (position: number) => `الرقم ${position} من 6`,
    forgotSubmit: 'إرسال رابط إعادة التعيين',
    forgotRequired: 'البريد الإلكتروني مطلوب',
    forgotInvalid: 'البريد الإلكتروني غير صحيح',
    checkEmail: 'تحقق من بريدك الإلكتروني',
    expires: 'تنتهي صلاحية الرابط خلال ساعة واحدة.',
    resetSent: 'تم إرسال بريد إعادة تعيين كلمة المرور!',
    resetSubmit: 'إعادة تعيين كلمة المرور',
    mismatch: 'كلمتا المرور غير متطابقتين',
    resetDone: 'تمت إعادة تعيين كلمة المرور بنجاح!',
    wrongCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  },
  en: {
    registerSubmit: 'Create account',
    created: 'Account created successfully! Please check your email for verification code.',
    registered: 'Registration successful! Welcome...',
    verified: 'Email verified!',
    loginMessage: 'Email verified successfully! You can now log in.',
    loginSubmit: 'Login',
    welcome: (name: string) => `Welcome, ${name}!`,
    accountMenu: (name: string) => `Account menu, ${name}`,
    menu: 'Menu',
    profile: 'Profile',
    logout: 'Logout',
    loggedOut: 'Logged out successfully',
    loginLink: 'Login',
    registerLink: 'Register',
    emailRequired: 'Please enter your email address',
    passwordRequired: 'Please enter your password',
    emailInvalid: 'Please enter a valid email address',
    googleButton: 'Continue with Google',
    googleUnavailable: 'Google services unavailable, reload the page',
    digit: (position: number) => `Digit ${position} of 6`,
    forgotSubmit: 'Send reset link',
    forgotRequired: 'Email is required',
    forgotInvalid: 'Invalid email address',
    checkEmail: 'Check your email',
    expires: 'The link expires in 1 hour.',
    resetSent: 'Password reset email sent!',
    resetSubmit: 'Reset password',
    mismatch: 'Passwords do not match',
    resetDone: 'Password reset successfully!',
    wrongCredentials: 'Invalid email or password',
  },
} as const;

/**
 * The accounts API limits sign-ups per client address (5 a minute). Each test plays a different
 * shopper, so each comes from its own address (the server reads X-Forwarded-For behind its proxy).
 */
const shopperAddress = () => `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
const randomOctet = () => Math.floor(Math.random() * 254) + 1;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': shopperAddress() });
});

/** Console problems minus the browser's report of a refusal the test provoked on purpose. */
const withoutRefusals = (problems: string[], status: number) =>
  problems.filter((problem) => !problem.includes(`status of ${status}`));

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The toast region (top-right); toasts are matched inside it so page text never counts. */
const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

const codeBox = (page: Page, position: number) => page.locator(`input[name="code-${position}"]`);

async function openAccountArea(page: Page, lang: Lang, name: string) {
  if (isPhone(page)) {
    await phoneMenuToggle(page).click();
  } else {
    await page.getByRole('button', { name: text[lang].accountMenu(name) }).click();
  }
}

async function expectSignedInHeader(page: Page, lang: Lang, name: string) {
  if (isPhone(page)) {
    await phoneMenuToggle(page).click();
    await expect(page.locator('header').getByRole('link', { name: text[lang].profile })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: text[lang].loginLink, exact: true })).toHaveCount(0);
    await phoneMenuToggle(page).click();
  } else {
    await expect(page.getByRole('button', { name: text[lang].accountMenu(name) })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: text[lang].loginLink, exact: true })).toHaveCount(0);
  }
}

async function expectGuestHeader(page: Page, lang: Lang) {
  if (isPhone(page)) {
    // Logging out from the menu navigates home, which closes the menu: open it only once it has.
    await expect(phoneMenu(page)).not.toHaveAttribute('open');
    await phoneMenuToggle(page).click();
  }
  await expect(page.locator('header').getByRole('link', { name: text[lang].loginLink, exact: true })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: text[lang].registerLink, exact: true })).toBeVisible();
  if (isPhone(page)) await phoneMenuToggle(page).click();
}

async function registerThroughForm(page: Page, lang: Lang, account: { name: string; email: string; password: string }) {
  await page.goto(pathInLanguage('/register', lang));
  await waitForHydration(page);
  await page.locator('#register-name').fill(account.name);
  await page.locator('#register-email').fill(account.email);
  await page.locator('#register-password').fill(account.password);
  await page.locator('#register-phone').fill('99887766');
  await page.getByRole('button', { name: text[lang].registerSubmit }).click();
  await expect(page).toHaveURL(/\/verify-code/);
  await expect(toast(page, text[lang].registered)).toBeVisible();
  await expect(page.getByText(text[lang].created)).toBeVisible();
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();
}

/** An account made straight through the API (a separate cookie jar), for journeys after sign-up. */
async function registerThroughApi(request: APIRequestContext, account: { name: string; email: string; password: string }) {
  const response = await request.post('/api/auth/register', {
    data: { ...account, phone: null, address: null },
    headers: { 'x-forwarded-for': shopperAddress() },
  });
  expect(response.status(), 'POST /api/auth/register').toBe(201);
}

/** Types into whichever element has the focus, one key per digit, as a shopper would. */
async function typeCodeDigitByDigit(page: Page, code: string) {
  await expect(codeBox(page, 1)).toBeFocused();
  for (const [index, digit] of [...code].entries()) {
    await page.keyboard.type(digit);
    if (index < code.length - 1) await expect(codeBox(page, index + 2)).toBeFocused();
  }
}

/** A paste with the code on the clipboard, as Ctrl/Cmd+V delivers it, into the given box. */
async function pasteCode(page: Page, position: number, code: string) {
  await codeBox(page, position).evaluate((box, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, code);
}

async function logInThroughForm(page: Page, lang: Lang, email: string, password: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: text[lang].loginSubmit, exact: true }).click();
}

test.describe('sign-up, verification, login and logout', () => {
  for (const lang of ['ar', 'en'] as const) {
    test(`a shopper registers, types the mailed code, logs in and out (${lang})${lang === 'ar' ? ' @phone' : ''}`, async ({
      page,
      context,
      baseURL,
    }) => {
      // Sign-up, verification, the signed-in profile, logout and a new login: a long journey.
      test.slow();
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      const account = { name: lang === 'ar' ? 'مريم الكندري' : 'Maryam Alkandari', email: uniqueEmail(`typed-${lang}`), password: 'prayer-beads-1' };

      await registerThroughForm(page, lang, account);
      await expectDocumentLanguage(page, lang);
      for (let position = 1; position <= 6; position += 1) {
        await expect(codeBox(page, position)).toHaveAccessibleName(text[lang].digit(position));
        await expect(codeBox(page, position)).toHaveAttribute('inputmode', 'numeric');
      }
      await expect(codeBox(page, 1)).toHaveAttribute('autocomplete', 'one-time-code');

      const code = await waitForVerificationCode(account.email);
      await typeCodeDigitByDigit(page, code);
      // Six digits submit on their own: no click on Verify.
      await expect(page.getByRole('heading', { name: text[lang].verified })).toBeVisible();
      await expect(page).toHaveURL(/\/verify-code/);
      // Registration signed the shopper in: verified, they go on to their profile, not to the login form.
      await expect(page).toHaveURL(/\/profile$/, { timeout: 5_000 });
      await expectSignedInHeader(page, lang, account.name);

      // A signed-in shopper has nothing to do on the login page.
      await page.goto(pathInLanguage('/login', lang));
      await expect(page).toHaveURL(new URL(pathInLanguage('/', lang), baseURL).href);
      await waitForHydration(page);

      await openAccountArea(page, lang, account.name);
      if (!isPhone(page)) {
        await expect(page.getByRole('menuitem', { name: text[lang].profile })).toBeFocused();
      }
      await page.locator('header').getByRole(isPhone(page) ? 'button' : 'menuitem', { name: text[lang].logout }).click();
      await expect(toast(page, text[lang].loggedOut)).toBeVisible();
      await expectGuestHeader(page, lang);
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

      // Signed out, the shopper signs in again with the verified account.
      await page.goto(pathInLanguage('/login', lang));
      await waitForHydration(page);
      await logInThroughForm(page, lang, account.email, account.password);
      await expect(toast(page, text[lang].welcome(account.name))).toBeVisible();
      await expect(page).toHaveURL(new URL(pathInLanguage('/', lang), baseURL).href);
      await expectSignedInHeader(page, lang, account.name);
      expect(problems).toEqual([]);
    });
  }

  test('a pasted code fills every box; a wrong one empties them and says why', async ({ page, request, context, baseURL }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'en');
    const account = { name: 'Yousef Alsabah', email: uniqueEmail('pasted'), password: 'misbaha-99' };
    await registerThroughApi(request, account);
    const code = await waitForVerificationCode(account.email);

    // Reached from the e-mail address in the link (a reload keeps working the same way).
    await page.goto(`/en/verify-code?email=${encodeURIComponent(account.email)}`);
    await waitForHydration(page);
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();

    await codeBox(page, 1).focus();
    await page.keyboard.type('123');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('Please enter all 6 digits')).toBeVisible();

    const wrong = code === '000000' ? '111111' : '000000';
    await pasteCode(page, 3, wrong);
    await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
    for (let position = 1; position <= 6; position += 1) {
      await expect(codeBox(page, position)).toHaveValue('');
      await expect(codeBox(page, position)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(codeBox(page, 1)).toBeFocused();

    // The pasted code fills all six boxes, which submits it at once.
    const verification = page.waitForRequest('**/api/auth/verify-email-code');
    await pasteCode(page, 4, code);
    expect((await verification).postDataJSON()).toEqual({ email: account.email, code });
    await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
    // A guest (the account was made elsewhere) signs in next, the address filled in.
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
    await expect(page.getByText(text.en.loginMessage)).toBeVisible();
    await expect(page.locator('#login-email')).toHaveValue(account.email);
    expect(withoutRefusals(problems, 400)).toEqual([]);
  });

  test('without an e-mail address the verify screen sends the shopper back to register', async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, 'en');
    await page.goto('/en/verify-code');
    await expect(page.getByText('Email address not found. Please register again.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/en/register');
  });
});

test.describe('password reset', () => {
  test('a forgotten password is reset through the mailed link @phone', async ({ page, request, context, baseURL }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'ar');
    const account = { name: 'عبدالله', email: uniqueEmail('reset'), password: 'old-secret-1' };
    await registerThroughApi(request, account);

    await page.goto('/forgot-password');
    await waitForHydration(page);
    const submit = page.getByRole('button', { name: text.ar.forgotSubmit });
    await submit.click();
    await expect(page.getByText(text.ar.forgotRequired)).toBeVisible();
    await expect(page.locator('#forgot-email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#forgot-email')).toBeFocused();
    await page.locator('#forgot-email').fill('not-an-address');
    await submit.click();
    await expect(page.getByText(text.ar.forgotInvalid)).toBeVisible();
    await page.locator('#forgot-email').fill(account.email);
    await submit.click();
    await expect(page.getByRole('heading', { name: text.ar.checkEmail })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(account.email);
    await expect(page.getByText(text.ar.expires)).toBeVisible();
    await expect(toast(page, text.ar.resetSent)).toBeVisible();

    const link = new URL(await waitForResetLink(account.email));
    await page.goto(`${link.pathname}${link.search}`);
    await waitForHydration(page);
    await page.locator('#reset-password').fill('new-secret-2');
    await page.locator('#reset-confirm').fill('new-secret-3');
    await page.getByRole('button', { name: text.ar.resetSubmit }).click();
    await expect(page.getByText(text.ar.mismatch)).toBeVisible();
    await page.locator('#reset-confirm').fill('new-secret-2');
    await page.getByRole('button', { name: text.ar.resetSubmit }).click();
    await expect(toast(page, text.ar.resetDone)).toBeVisible();
    const doneAt = Date.now();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
    expect(Date.now() - doneAt).toBeGreaterThan(1_000);

    await waitForHydration(page);
    await logInThroughForm(page, 'ar', account.email, account.password);
    await expect(toast(page, text.ar.wrongCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(page, 'ar', account.email, 'new-secret-2');
    await expect(toast(page, text.ar.welcome(account.name))).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(withoutRefusals(problems, 401)).toEqual([]);
  });

  test('a bogus or missing reset token shows the invalid link screen', async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, 'en');
    for (const path of ['/en/reset-password?token=bogus', '/en/reset-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: /reset link/i })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/en/forgot-password');
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/en/login');
    }
  });
});

test.describe('login form', () => {
  for (const lang of ['ar', 'en'] as const) {
    test(`checks the form before sending it (${lang})`, async ({ page, context, baseURL }) => {
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      await page.goto(pathInLanguage('/login', lang));
      await waitForHydration(page);
      await expect(page).toHaveTitle(new RegExp(`^${text[lang].loginSubmit} \\|`));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

      await page.getByRole('button', { name: text[lang].loginSubmit, exact: true }).click();
      const email = page.locator('#login-email');
      await expect(page.locator('#login-email-error')).toHaveText(text[lang].emailRequired);
      await expect(page.locator('#login-password-error')).toHaveText(text[lang].passwordRequired);
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAttribute('aria-describedby', 'login-email-error');
      await expect(email).toBeFocused();

      await email.fill('someone@shop');
      await page.locator('#login-password').fill('whatever');
      await page.getByRole('button', { name: text[lang].loginSubmit, exact: true }).click();
      await expect(page.locator('#login-email-error')).toHaveText(text[lang].emailInvalid);
      await expect(page.locator('#login-password-error')).toHaveText('');

      // The password toggle shows and hides what was typed.
      const password = page.locator('#login-password');
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: lang === 'ar' ? 'إظهار كلمة المرور' : 'Show password' }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: lang === 'ar' ? 'إخفاء كلمة المرور' : 'Hide password' }).click();
      await expect(password).toHaveAttribute('type', 'password');

      await expect(page.getByRole('main').getByRole('link', { name: lang === 'ar' ? 'نسيت كلمة المرور؟' : 'Forgot your password?' })).toHaveAttribute('href', pathInLanguage('/forgot-password', lang));
      expect(problems).toEqual([]);
    });

    test(`Google sign-in says when Google is not configured (${lang})`, async ({ page, context, baseURL }) => {
      await useLanguage(context, baseURL!, lang);
      // The e2e server signs in with a fake Google (e2e/google.spec.ts), so the API's answer for an
      // unconfigured Google is played here, envelope and text as the API sends them; the server
      // side of this case is covered by apps/api/src/modules/accounts/google.test.ts.
      await page.route('**/api/auth/google', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json; charset=utf-8',
              json: { success: false, code: 'SERVICE_UNAVAILABLE', message: text[lang].googleUnavailable },
            })
          : route.fallback(),
      );
      await page.goto(pathInLanguage('/login', lang));
      await waitForHydration(page);
      await page.getByRole('button', { name: text[lang].googleButton }).click();
      await expect(toast(page, text[lang].googleUnavailable)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);

      await page.goto(pathInLanguage('/login?error=google_unavailable', lang));
      await expect(page.getByRole('main').getByText(text[lang].googleUnavailable)).toBeVisible();
    });
  }

  test('a failed Google return goes back to login with an error', async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, 'en');
    await page.goto('/auth/google/callback?error=access_denied');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Google authentication failed')).toBeVisible();
  });

  test('registration checks the form before sending it', async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, 'en');
    await page.goto('/en/register');
    await waitForHydration(page);
    await page.locator('#register-name').fill('A');
    await page.locator('#register-email').fill('someone@example.com');
    await page.locator('#register-password').fill('12345');
    await page.locator('#register-phone').fill('1234');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#register-name-error')).toHaveText('Name must be at least 2 characters long');
    await expect(page.locator('#register-password-error')).toHaveText('Password must be at least 6 characters long');
    await expect(page.locator('#register-phone-error')).toHaveText('Phone number must be at least 8 digits');
    await expect(page.locator('#register-email-error')).toHaveText('');
    await expect(page.locator('#register-name')).toBeFocused();
    await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/en/terms');
    await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/en/privacy');
  });
});
