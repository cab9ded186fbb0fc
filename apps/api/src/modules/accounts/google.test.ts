import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  apiMessage,
  type AuthResponse,
  type CartResponse,
  type ErrorResponse,
  type GoogleStartResponse,
  type ProfileResponse,
} from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { ConfigError, loadConfig } from '../../config.js';
import { userIdentities, users } from '../../db/schema/index.js';
import {
  createGoogleOAuthClient,
  GoogleAuthFailedError,
} from '../../integrations/google-oauth/client.js';
import {
  startFakeOpenIdProvider,
  type FakeIdentityClaims,
  type FakeOpenIdProvider,
  type IdTokenDefect,
} from '../../integrations/google-oauth/fake-provider.js';
import { createProduct } from '../../seed/factories.js';

const PUBLIC_URL = 'https://shop.example.com';
// On https every cookie of the shop is a __Host- cookie (Secure, Path=/, no Domain).
const PENDING_COOKIE = '__Host-google_oauth';

let provider: FakeOpenIdProvider;
let ctx: TestContext;
const call = apiCaller(() => ctx.app);

const errorOf = (body: unknown) => body as ErrorResponse;

let personCounter = 0;
/** A fresh Google person with a verified Gmail address. */
function person(extra: Partial<FakeIdentityClaims> = {}): FakeIdentityClaims {
  personCounter += 1;
  return {
    sub: `10${String(personCounter).padStart(19, '0')}`,
    email: `google.person${personCounter}@gmail.com`,
    email_verified: true,
    name: 'Maryam Al-Sabah',
    given_name: 'Maryam',
    family_name: 'Al-Sabah',
    ...extra,
  };
}

/** POST /auth/google: the authorization URL and the signed pending cookie it set. */
async function startSignIn() {
  const response = await call('POST', '/api/auth/google');
  expect(response.statusCode).toBe(200);
  const pendingCookie = response.cookies.find((cookie) => cookie.name === PENDING_COOKIE);
  expect(pendingCookie).toBeDefined();
  return { url: response.json<GoogleStartResponse>().url, cookie: pendingCookie?.value ?? '' };
}

interface SignInOptions {
  defect?: IdTokenDefect;
  lang?: TestLang;
  cookies?: Record<string, string>;
}

/** The whole flow: start, the person consents at the provider, the web page posts the callback. */
async function signInWithGoogle(claims: FakeIdentityClaims, options: SignInOptions = {}) {
  const { url, cookie } = await startSignIn();
  const { code, state } = provider.consent(url, claims, options.defect ? { defect: options.defect } : {});
  return call(
    'POST',
    '/api/auth/google/callback',
    { code, state },
    { lang: options.lang ?? 'en', cookies: { [PENDING_COOKIE]: cookie, ...options.cookies } },
  );
}

async function identitiesOf(subject: string) {
  return ctx.database.db.select().from(userIdentities).where(eq(userIdentities.subject, subject));
}

async function usersWithEmail(email: string) {
  return ctx.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

let emailCounter = 0;
async function registerWithPassword(email?: string) {
  emailCounter += 1;
  const response = await call('POST', '/api/auth/register', {
    name: 'Fatima Ali',
    email: email ?? `shopper${emailCounter}@example.com`,
    password: 'secret123',
  });
  expect(response.statusCode).toBe(201);
  return response.json<AuthResponse>();
}

async function markEmailVerified(userId: number) {
  await ctx.database.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, userId));
}

beforeAll(async () => {
  provider = await startFakeOpenIdProvider();
  ctx = await createTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  });
});

afterAll(async () => {
  await ctx.close();
  await provider.close();
});

describe('Google settings', () => {
  it('defaults the issuer to Google and needs the secret with the client id', () => {
    expect(loadConfig({}).googleIssuer).toBe('https://accounts.google.com');
    expect(loadConfig({}).googleClientId).toBeUndefined();
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(
      /GOOGLE_CLIENT_SECRET/,
    );
  });

  it('accepts plain http only for a local issuer', () => {
    expect(loadConfig({ GOOGLE_ISSUER: 'http://127.0.0.1:4010' }).googleIssuer).toBe(
      'http://127.0.0.1:4010',
    );
    expect(() => loadConfig({ GOOGLE_ISSUER: 'http://accounts.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_ISSUER: 'http://accounts.example.com' })).toThrow(/GOOGLE_ISSUER/);
  });
});

describe('the OpenID client against the fake provider', () => {
  const redirectUri = `${PUBLIC_URL}/auth/google/callback`;
  const clientFor = (overrides: { clientSecret?: string; redirectUri?: string } = {}) =>
    createGoogleOAuthClient({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: overrides.clientSecret ?? provider.clientSecret,
      redirectUri: overrides.redirectUri ?? redirectUri,
    });

  /** The failure reason (what gets logged) of one attempt; undefined when it succeeded. */
  async function failureOf(
    options: { defect?: IdTokenDefect; clientSecret?: string } = {},
  ) {
    const client = clientFor(options.clientSecret ? { clientSecret: options.clientSecret } : {});
    const { url, pending } = await client.startAuthorization();
    const { code, state } = provider.consent(
      url,
      { sub: 'client-check', email: 'client.check@gmail.com', email_verified: true },
      options.defect ? { defect: options.defect } : {},
    );
    try {
      await client.completeAuthorization({ code, state }, pending);
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(GoogleAuthFailedError);
      const reason = (error as Error).message;
      // Logged as is: it must not carry the code or the verifier.
      expect(reason).not.toContain(code);
      expect(reason).not.toContain(pending.codeVerifier);
      return reason;
    }
  }

  it('accepts a sound ID token and reads the verified identity', async () => {
    const client = clientFor();
    const { url, pending } = await client.startAuthorization();
    const { code, state } = provider.consent(url, {
      sub: 'sound-subject',
      email: 'Sound.Person@Gmail.com',
      email_verified: true,
      name: 'Sound Person',
    });
    await expect(client.completeAuthorization({ code, state }, pending)).resolves.toEqual({
      subject: 'sound-subject',
      email: 'sound.person@gmail.com',
      emailVerified: true,
      name: 'Sound Person',
      givenName: undefined,
      familyName: undefined,
    });
  });

  it.each([
    ['wrong-signature', /signature verification failed/],
    ['wrong-audience', /"aud"/],
    ['wrong-issuer', /"iss"/],
    ['wrong-nonce', /"nonce"/],
    ['expired', /"exp"/],
  ] as const)('refuses an ID token with %s for that very reason', async (defect, reason) => {
    expect(await failureOf({ defect })).toMatch(reason);
  });

  it('is refused by the token endpoint with a wrong client secret', async () => {
    expect(await failureOf({ clientSecret: 'not-the-secret' })).toBe('invalid_client');
  });
});

describe('Google sign-in when it cannot work', () => {
  let unconfigured: TestContext;
  let unreachable: TestContext;
  const callUnconfigured = apiCaller(() => unconfigured.app);
  const callUnreachable = apiCaller(() => unreachable.app);

  beforeAll(async () => {
    // A provider that existed and is gone: its port refuses connections.
    const gone = await startFakeOpenIdProvider();
    await gone.close();
    unconfigured = await createTestApp();
    unreachable = await createTestApp({
      GOOGLE_CLIENT_ID: gone.clientId,
      GOOGLE_CLIENT_SECRET: gone.clientSecret,
      GOOGLE_ISSUER: gone.issuer,
    });
  });

  afterAll(async () => {
    await unconfigured.close();
    await unreachable.close();
  });

  it.each([
    ['ar', 'خدمات جوجل غير متاحة، أعد تحميل الصفحة'],
    ['en', 'Google services unavailable, reload the page'],
  ] as const)('answers 503 in %s without a client id', async (lang, message) => {
    const response = await callUnconfigured('POST', '/api/auth/google', undefined, { lang });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response.json())).toMatchObject({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message,
    });
    expect(response.cookies.find((cookie) => cookie.name === PENDING_COOKIE)).toBeUndefined();
  });

  it('sends a plain link back to the login page when unconfigured', async () => {
    const response = await callUnconfigured('GET', '/api/auth/google', undefined, { lang: 'ar' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=google_unavailable');
    // An English visitor goes back to the English login page.
    const english = await callUnconfigured('GET', '/api/auth/google', undefined, { lang: 'en' });
    expect(english.headers.location).toBe('/en/login?error=google_unavailable');
  });

  it('refuses a callback when unconfigured', async () => {
    const response = await callUnconfigured('POST', '/api/auth/google/callback', {
      code: 'anything',
      state: 'anything',
    });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response.json()).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers 503, not 500, when the provider cannot be discovered', async () => {
    const response = await callUnreachable('POST', '/api/auth/google', undefined, { lang: 'ar' });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response.json())).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: apiMessage('auth.google_unavailable', 'ar'),
    });
    const link = await callUnreachable('GET', '/api/auth/google', undefined, { lang: 'ar' });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe('/login?error=google_unavailable');
  });
});

describe('POST /api/auth/google', () => {
  it('returns the consent URL of the issuer with PKCE S256, state, nonce and our callback', async () => {
    const response = await call('POST', '/api/auth/google');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json<GoogleStartResponse>();
    expect(body.success).toBe(true);
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/authorize`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/google/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('nonce')).not.toBe(params.get('state'));

    const cookie = response.cookies.find((entry) => entry.name === PENDING_COOKIE);
    expect(cookie).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      maxAge: 600,
    });
    expect(ctx.app.unsignCookie(cookie?.value ?? '').valid).toBe(true);
  });

  it('gives each attempt its own state, nonce and challenge', async () => {
    const first = new URL((await startSignIn()).url).searchParams;
    const second = new URL((await startSignIn()).url).searchParams;
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(first.get(name)).not.toBe(second.get(name));
    }
  });

  it('also starts by redirect for a plain link (GET), setting the same cookie', async () => {
    const response = await call('GET', '/api/auth/google');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location ?? '');
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(response.cookies.find((cookie) => cookie.name === PENDING_COOKIE)?.path).toBe('/');
  });
});

describe('POST /api/auth/google/callback', () => {
  it('creates a verified customer without a password on first sign-in and signs them in', async () => {
    const claims = person({ email: 'New.Person@Gmail.com' });
    const response = await signInWithGoogle(claims);
    expect(response.statusCode).toBe(200);
    const body = response.json<AuthResponse>();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({
      name: 'Maryam Al-Sabah',
      first_name: 'Maryam',
      last_name: 'Al-Sabah',
      email: 'new.person@gmail.com',
      isVerified: true,
      has_password: false,
      role: 'customer',
    });
    expect(body.user.username).toBe('new.person');

    // The token is a real session, mirrored into the server-rendering cookie.
    const profile = await call('GET', '/api/auth/profile', undefined, { token: body.token });
    expect(profile.json<ProfileResponse>().user.email).toBe('new.person@gmail.com');
    expect(response.cookies.find((cookie) => cookie.name === '__Host-session')?.httpOnly).toBe(true);
    // The pending authorization is single use.
    expect(response.cookies.find((cookie) => cookie.name === PENDING_COOKIE)?.value).toBe('');

    const identities = await identitiesOf(claims.sub);
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ provider: 'google', user_id: body.user.id });
  });

  it('works like a browser: plain link, consent page redirect, callback page posts code and state', async () => {
    provider.setBrowserIdentity(person({ email: 'browser.person@gmail.com' }));
    const start = await call('GET', '/api/auth/google');
    const cookie = start.cookies.find((entry) => entry.name === PENDING_COOKIE)?.value ?? '';
    const consent = await fetch(start.headers.location ?? '', { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/auth/google/callback`);
    const response = await call(
      'POST',
      '/api/auth/google/callback',
      { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      { cookies: { [PENDING_COOKIE]: cookie } },
    );
    provider.setBrowserIdentity(undefined);
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthResponse>().user.email).toBe('browser.person@gmail.com');
  });

  it('names the account after the email when Google gives no name', async () => {
    const response = await signInWithGoogle({
      sub: 'no-name-subject',
      email: 'quiet.one@gmail.com',
      email_verified: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthResponse>().user).toMatchObject({
      name: 'quiet.one',
      first_name: null,
      last_name: null,
    });
  });

  it('finds the same account on the next sign-in, even after the Google email changed', async () => {
    const claims = person();
    const first = await signInWithGoogle(claims);
    expect(first.statusCode).toBe(200);
    const second = await signInWithGoogle({ ...claims, email: 'renamed.person@gmail.com' });
    expect(second.statusCode).toBe(200);
    expect(second.json<AuthResponse>().user.id).toBe(first.json<AuthResponse>().user.id);
    expect(second.json<AuthResponse>().token).not.toBe(first.json<AuthResponse>().token);
    expect(await usersWithEmail('renamed.person@gmail.com')).toHaveLength(0);
  });

  it('creates an unverified account when Google has not verified a new email', async () => {
    const response = await signInWithGoogle(person({ email_verified: false }));
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthResponse>().user.isVerified).toBe(false);
  });

  it('links a verified Google email to the existing verified account', async () => {
    const { user, token } = await registerWithPassword();
    await markEmailVerified(user.id);
    const claims = person({ email: user.email.toUpperCase() });
    const response = await signInWithGoogle(claims);
    expect(response.statusCode).toBe(200);
    const body = response.json<AuthResponse>();
    expect(body.user).toMatchObject({ id: user.id, has_password: true, isVerified: true });
    // The existing session is untouched.
    expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(200);
    expect(await identitiesOf(claims.sub)).toHaveLength(1);

    const again = await signInWithGoogle(claims);
    expect(again.json<AuthResponse>().user.id).toBe(user.id);
    expect(await usersWithEmail(user.email)).toHaveLength(1);
  });

  it('takes an unverified account back from whoever registered it: password and sessions go', async () => {
    const { user, token } = await registerWithPassword();
    const response = await signInWithGoogle(person({ email: user.email }));
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthResponse>().user).toMatchObject({
      id: user.id,
      isVerified: true,
      has_password: false,
    });
    expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(401);
    const passwordLogin = await call('POST', '/api/auth/login', {
      email: user.email,
      password: 'secret123',
    });
    expect(passwordLogin.statusCode).toBe(401);
  });

  it.each([
    ['ar', 'بريد حساب جوجل غير مؤكد، لا يمكن ربطه بحساب موجود'],
    ['en', 'Your Google email is not verified, so it cannot be linked to an existing account'],
  ] as const)('refuses to link an unverified Google email to an existing account (%s)', async (lang, message) => {
    const { user, token } = await registerWithPassword();
    await markEmailVerified(user.id);
    const claims = person({ email: user.email, email_verified: false });
    const response = await signInWithGoogle(claims, { lang });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json())).toMatchObject({ code: 'GOOGLE_AUTH_FAILED', message });
    expect(await identitiesOf(claims.sub)).toHaveLength(0);
    expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(200);
  });

  it.each([
    ['ar', 'فشلت المصادقة عبر جوجل'],
    ['en', 'Google authentication failed'],
  ] as const)('rejects a state that does not match the cookie (%s)', async (lang, message) => {
    const { url, cookie } = await startSignIn();
    const claims = person();
    const { code } = provider.consent(url, claims);
    const before = provider.tokenRequests;
    const response = await call(
      'POST',
      '/api/auth/google/callback',
      { code, state: 'a-state-from-another-attempt' },
      { lang, cookies: { [PENDING_COOKIE]: cookie } },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json())).toMatchObject({ code: 'GOOGLE_AUTH_FAILED', message });
    expect(provider.tokenRequests).toBe(before);
    expect(await usersWithEmail(claims.email ?? '')).toHaveLength(0);
    // A failed attempt uses up the pending authorization too.
    expect(response.cookies.find((cookie) => cookie.name === PENDING_COOKIE)).toMatchObject({
      value: '',
      path: '/',
      secure: true,
    });
  });

  it('rejects a callback without the pending cookie', async () => {
    const { url } = await startSignIn();
    const { code, state } = provider.consent(url, person());
    const response = await call('POST', '/api/auth/google/callback', { code, state });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).code).toBe('GOOGLE_AUTH_FAILED');
  });

  it('rejects a pending cookie that was tampered with', async () => {
    const { url, cookie } = await startSignIn();
    const { code, state } = provider.consent(url, person());
    const forged = `${cookie.slice(0, -3)}${cookie.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const response = await call(
      'POST',
      '/api/auth/google/callback',
      { code, state },
      { cookies: { [PENDING_COOKIE]: forged } },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).code).toBe('GOOGLE_AUTH_FAILED');
  });

  it.each(['wrong-signature', 'wrong-audience', 'wrong-issuer', 'wrong-nonce', 'expired'] as const)(
    'rejects an ID token with %s',
    async (defect) => {
      const claims = person();
      const response = await signInWithGoogle(claims, { defect });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.json())).toMatchObject({
        code: 'GOOGLE_AUTH_FAILED',
        message: 'Google authentication failed',
      });
      expect(response.cookies.find((cookie) => cookie.name === '__Host-session')).toBeUndefined();
      expect(await usersWithEmail(claims.email ?? '')).toHaveLength(0);
      expect(await identitiesOf(claims.sub)).toHaveLength(0);
    },
  );

  it('rejects a code whose PKCE challenge was not made from our verifier', async () => {
    const { url, cookie } = await startSignIn();
    const params = new URL(url).searchParams;
    const code = provider.issueCode({
      claims: person(),
      codeChallenge: 'x'.repeat(43),
      redirectUri: params.get('redirect_uri') ?? '',
      nonce: params.get('nonce') ?? '',
    });
    const response = await call(
      'POST',
      '/api/auth/google/callback',
      { code, state: params.get('state') },
      { cookies: { [PENDING_COOKIE]: cookie } },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).code).toBe('GOOGLE_AUTH_FAILED');
  });

  it('rejects a code replayed after it was used (the provider refuses it)', async () => {
    const { url, cookie } = await startSignIn();
    const { code, state } = provider.consent(url, person());
    const options = { cookies: { [PENDING_COOKIE]: cookie } };
    const first = await call('POST', '/api/auth/google/callback', { code, state }, options);
    expect(first.statusCode).toBe(200);
    const replay = await call('POST', '/api/auth/google/callback', { code, state }, options);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay.json()).code).toBe('GOOGLE_AUTH_FAILED');
  });

  it('rejects a callback without a code', async () => {
    const { cookie } = await startSignIn();
    const response = await call(
      'POST',
      '/api/auth/google/callback',
      { state: 'some-state' },
      { cookies: { [PENDING_COOKIE]: cookie } },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).success).toBe(false);
  });

  it('merges the guest cart into the account and drops the guest cookie', async () => {
    const product = await createProduct(ctx.database.db, { price: 12_500, stock_quantity: 5 });
    const guestAdd = await call('POST', '/api/cart/add', {
      product_id: product.id,
      quantity: 2,
      selected_attributes: {},
    });
    expect(guestAdd.statusCode).toBe(200);
    const cartCookie = guestAdd.cookies.find((cookie) => cookie.name === '__Host-cart')?.value ?? '';

    const response = await signInWithGoogle(person(), { cookies: { '__Host-cart': cartCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === '__Host-cart')?.value).toBe('');
    const cart = await call('GET', '/api/cart', undefined, {
      token: response.json<AuthResponse>().token,
    });
    const items = cart.json<CartResponse>().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 2 });
  });

  it('creates one account when callbacks for a new person arrive at once', async () => {
    const claims = person();
    // Every attempt is started and consented first, so the callbacks really overlap.
    const attempts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { url, cookie } = await startSignIn();
        return { ...provider.consent(url, claims), cookie };
      }),
    );
    const responses = await Promise.all(
      attempts.map(({ code, state, cookie }) =>
        call('POST', '/api/auth/google/callback', { code, state }, { cookies: { [PENDING_COOKIE]: cookie } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const userIds = new Set(responses.map((response) => response.json<AuthResponse>().user.id));
    expect(userIds.size).toBe(1);
    expect(await usersWithEmail(claims.email ?? '')).toHaveLength(1);
    expect(await identitiesOf(claims.sub)).toHaveLength(1);
  });

  it('resolves simultaneous first sign-ins of one person to one account (unique indexes decide)', async () => {
    const identity = {
      subject: 'simultaneous-subject',
      email: 'simultaneous@gmail.com',
      emailVerified: true,
      name: undefined,
      givenName: undefined,
      familyName: undefined,
    };
    const accounts = await Promise.all(
      Array.from({ length: 4 }, () => ctx.app.services.googleSignIn.accountFor(identity)),
    );
    expect(new Set(accounts.map((account) => account.id)).size).toBe(1);
    expect(await usersWithEmail(identity.email)).toHaveLength(1);
    expect(await identitiesOf(identity.subject)).toHaveLength(1);
  });

  it('limits callbacks per address', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await call(
        'POST',
        '/api/auth/google/callback',
        { code: 'guess', state: 'guess' },
        { ip },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
