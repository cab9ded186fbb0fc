import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { pathInLanguage, type AuthResponse } from '@shop/shared';
import {
  BROWSER_ACCOUNT_COOKIE,
  browserAccountCookieValue,
  type FakeIdentityClaims,
} from '../apps/api/src/integrations/google-oauth/fake-provider';
import { uniqueEmail, waitForVerificationCode } from './mailbox';
import { expectDocumentLanguage, phoneMenu, phoneMenuToggle, useLanguage, waitForHydration, watchConsole } from './support';

/*
 * "Continue with Google" against the fake OpenID provider scripts/e2e-server.mjs runs on loopback:
 * its /authorize consents at once, as the account the browser is "signed in to Google" as (a
 * cookie of the provider's, so tests running side by side never sign in as each other).
 */

type Lang = 'ar' | 'en';

const text = {
  ar: {
    googleButton: 'المتابعة باستخدام جوجل',
    welcome: (name: string) => `أهلاً بك، ${name}!`,
    accountMenu: (name: string) => `قائمة الحساب، ${name}`,
    signedInAs: 'مسجّل الدخول باسم',
    profile: 'الملف الشخصي',
    logout: 'تسجيل الخروج',
    loggedOut: 'تم تسجيل الخروج بنجاح',
    authFailed: 'فشلت المصادقة عبر جوجل',
    profileHeading: 'حسابي',
    accountTab: 'معلومات الحساب',
    verified: 'موثّق',
  },
  en: {
    googleButton: 'Continue with Google',
    welcome: (name: string) => `Welcome, ${name}!`,
    accountMenu: (name: string) => `Account menu, ${name}`,
    signedInAs: 'Signed in as',
    profile: 'Profile',
    logout: 'Logout',
    loggedOut: 'Logged out successfully',
    authFailed: 'Google authentication failed',
    profileHeading: 'My account',
    accountTab: 'Account Info',
    verified: 'Verified',
  },
} as const;

/** The fake provider's address, written by scripts/e2e-server.mjs for this port. */
function googleIssuer(): string {
  const file = path.join(os.tmpdir(), `shop-e2e-google-${process.env.E2E_PORT ?? 3300}.json`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { issuer: string }).issuer;
}

/** The browser is signed in to "Google" as this person; the consent page will pick them. */
async function signInToGoogleAs(context: BrowserContext, claims: FakeIdentityClaims) {
  await context.addCookies([
    { name: BROWSER_ACCOUNT_COOKIE, value: browserAccountCookieValue(claims), url: googleIssuer() },
  ]);
}

const randomOctet = () => Math.floor(Math.random() * 254) + 1;
/** Each test plays a shopper at its own address, clear of the per-address rate limits. */
const shopperAddress = () => `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': shopperAddress() });
});

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

/** A Google person never seen before: a fresh subject and address. */
function googlePerson(prefix: string, name: string): FakeIdentityClaims {
  const [givenName = name, ...rest] = name.split(' ');
  return {
    sub: `google-${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    email: uniqueEmail(prefix).replace('@example.com', '@gmail.com'),
    email_verified: true,
    name,
    given_name: givenName,
    family_name: rest.join(' '),
  };
}

/** Every address the tab asks for as a page, redirects included, in order. */
function recordNavigations(page: Page): string[] {
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
  });
  return visited;
}

/**
 * Clicks the Google button on /login and follows the browser through the consent page back to
 * /auth/google/callback; resolves with the callback's answer and every address the tab visited.
 */
async function continueWithGoogle(page: Page, lang: Lang) {
  const visited = recordNavigations(page);
  await page.goto(pathInLanguage('/login', lang));
  await waitForHydration(page);
  const callback = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/google/callback') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: text[lang].googleButton }).click();
  const response = await callback;
  return { response, visited };
}

/** The journey's first half: back from Google, the tab went through consent and the callback page. */
function expectWentThroughGoogle(visited: string[]) {
  const consentAt = visited.findIndex((url) => url.startsWith(`${googleIssuer()}/authorize?`));
  const callbackAt = visited.findIndex((url) => url.includes('/auth/google/callback?'));
  expect(consentAt, `visited ${visited.join(' → ')}`).toBeGreaterThanOrEqual(0);
  expect(callbackAt).toBeGreaterThan(consentAt);
  const callbackUrl = new URL(visited[callbackAt] ?? '');
  expect(callbackUrl.searchParams.get('code')).toBeTruthy();
  expect(callbackUrl.searchParams.get('state')).toBeTruthy();
}

async function expectSignedInAs(page: Page, lang: Lang, name: string) {
  // Signed in, the shopper lands on the home page of their language.
  await expect(page).toHaveURL((url) => url.pathname === pathInLanguage('/', lang));
  await waitForHydration(page);
  if (isPhone(page)) {
    await phoneMenuToggle(page).click();
    const menu = phoneMenu(page);
    await expect(menu.getByText(text[lang].signedInAs)).toBeVisible();
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await phoneMenuToggle(page).click();
  } else {
    await expect(page.getByRole('button', { name: text[lang].accountMenu(name) })).toBeVisible();
  }
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
}

async function logOut(page: Page, lang: Lang, name: string) {
  const header = page.locator('header');
  if (isPhone(page)) {
    await phoneMenuToggle(page).click();
    await header.getByRole('button', { name: text[lang].logout }).click();
  } else {
    await page.getByRole('button', { name: text[lang].accountMenu(name) }).click();
    await header.getByRole('menuitem', { name: text[lang].logout }).click();
  }
  await expect(toast(page, text[lang].loggedOut)).toBeVisible();
}

/** Opens the profile's account tab and returns it. */
async function accountPanel(page: Page, lang: Lang) {
  await page.goto(pathInLanguage('/profile', lang));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: text[lang].profileHeading })).toBeVisible();
  return page.getByRole('tabpanel', { name: text[lang].accountTab });
}

/** A password account registered through the API whose address is verified with the mailed code. */
async function verifiedPasswordAccount(request: APIRequestContext, name: string) {
  const account = { name, email: uniqueEmail('google-link'), password: 'misbaha-link-1' };
  const registered = await request.post('/api/auth/register', {
    data: { ...account, phone: null, address: null },
    headers: { 'x-forwarded-for': shopperAddress() },
  });
  expect(registered.status(), 'POST /api/auth/register').toBe(201);
  const { user } = (await registered.json()) as AuthResponse;
  const code = await waitForVerificationCode(account.email);
  const verified = await request.post('/api/auth/verify-email-code', {
    data: { email: account.email, code },
    headers: { 'x-forwarded-for': shopperAddress() },
  });
  expect(verified.status(), 'POST /api/auth/verify-email-code').toBe(200);
  return { ...account, username: user.username };
}

/** Console problems minus the browser's report of a refusal the test provoked on purpose. */
const withoutRefusals = (problems: string[], status: number) =>
  problems.filter((problem) => !problem.includes(`status of ${status}`));

test.describe('sign in with Google', () => {
  for (const lang of ['ar', 'en'] as const) {
    const name = lang === 'ar' ? 'فاطمة الزهراء' : 'Fatima Alzahra';

    test(`a new shopper signs up with Google, and signs in again to the same account (${lang})${lang === 'ar' ? ' @phone' : ''}`, async ({
      page,
      context,
      baseURL,
    }) => {
      // Two full round trips through Google and two profile visits.
      test.slow();
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      const person = googlePerson(`new-${lang}`, name);
      await signInToGoogleAs(context, person);

      const first = await continueWithGoogle(page, lang);
      expect(first.response.status()).toBe(200);
      await expect(toast(page, text[lang].welcome(name))).toBeVisible();
      await expectSignedInAs(page, lang, name);
      await expectDocumentLanguage(page, lang);
      expectWentThroughGoogle(first.visited);

      const panel = await accountPanel(page, lang);
      const username = (await panel.getByTestId('profile-username').textContent()) ?? '';
      expect(username).not.toBe('');
      await expect(panel.getByTestId('profile-email')).toContainText(person.email ?? '');
      // Google vouched for the address.
      await expect(panel.getByTestId('profile-email')).toContainText(text[lang].verified);
      await expect(panel.getByTestId('profile-first-name')).toHaveText(person.given_name ?? '');
      await expect(panel.getByTestId('profile-last-name')).toHaveText(person.family_name ?? '');

      await logOut(page, lang, name);
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

      // The same Google person again, meanwhile with another address at Google: the subject
      // finds the account made the first time.
      await signInToGoogleAs(context, { ...person, email: uniqueEmail(`changed-${lang}`) });
      const second = await continueWithGoogle(page, lang);
      expect(second.response.status()).toBe(200);
      await expect(toast(page, text[lang].welcome(name))).toBeVisible();
      await expectSignedInAs(page, lang, name);
      const again = await accountPanel(page, lang);
      await expect(again.getByTestId('profile-username')).toHaveText(username);
      await expect(again.getByTestId('profile-email')).toContainText(person.email ?? '');
      expect(problems).toEqual([]);
    });

    test(`a Google address matching a verified account signs into that account (${lang})`, async ({
      page,
      context,
      baseURL,
      request,
    }) => {
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      const accountName = lang === 'ar' ? 'يوسف الصباح' : 'Yousef Alsabah';
      const account = await verifiedPasswordAccount(request, accountName);
      // Google knows the person by another name; the shop keeps the account's own.
      await signInToGoogleAs(context, {
        ...googlePerson(`link-${lang}`, lang === 'ar' ? 'يوسف' : 'Yousef'),
        email: account.email.toUpperCase(),
      });

      const { response } = await continueWithGoogle(page, lang);
      expect(response.status()).toBe(200);
      await expect(toast(page, text[lang].welcome(accountName))).toBeVisible();
      await expectSignedInAs(page, lang, accountName);
      const panel = await accountPanel(page, lang);
      // The welcome came with the first page after the sign-in, and with no page after it.
      await expect(toast(page, text[lang].welcome(accountName))).toHaveCount(0);
      await expect(panel.getByTestId('profile-username')).toHaveText(account.username);
      await expect(panel.getByTestId('profile-email')).toContainText(account.email);

      // Linking took nothing away: the password still signs in.
      const login = await request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
        headers: { 'x-forwarded-for': shopperAddress() },
      });
      expect(login.status(), 'POST /api/auth/login').toBe(200);
      expect(problems).toEqual([]);
    });

    test(`Google's refusal and a tampered return end on the login page with an error (${lang})`, async ({
      page,
      context,
      baseURL,
    }) => {
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);

      // The shopper cancels at Google's consent page (no Google account in this browser).
      const visited = recordNavigations(page);
      await page.goto(pathInLanguage('/login', lang));
      await waitForHydration(page);
      await page.getByRole('button', { name: text[lang].googleButton }).click();
      await expect(toast(page, text[lang].authFailed)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      expect(visited.some((url) => url.includes('/auth/google/callback?') && url.includes('error=access_denied'))).toBe(true);

      await page.goto('/auth/google/callback?error=access_denied');
      await expect(toast(page, text[lang].authFailed)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);

      // A made-up code and state: the server refuses them and says so in the shopper's language.
      const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/google/callback'));
      await page.goto('/auth/google/callback?code=x&state=y');
      expect((await refused).status()).toBe(400);
      await expect(toast(page, text[lang].authFailed)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      expect(withoutRefusals(problems, 400)).toEqual([]);
    });
  }
});
