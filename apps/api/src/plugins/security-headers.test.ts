import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@shop/shared';
import { apiCaller } from '../../test-support/http.js';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import type { App } from '../app.js';
import { createProduct } from '../seed/factories.js';
import { helmetHeaders, PERMISSIONS_POLICY } from './security-headers.js';
import { contentSecurityPolicy } from './web.js';

/** A route that answers with the id the server gave the request. */
const requestIdRoute = (app: App) => {
  app.get('/test/request-id', { schema: { hide: true } }, async (request) => ({ id: request.id }));
};

let http: TestContext;
let https: TestContext;
let behindProxy: TestContext;
let docsOff: TestContext;
const callHttp = apiCaller(() => http.app);
const callHttps = apiCaller(() => https.app);

beforeAll(async () => {
  http = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' }, requestIdRoute);
  https = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' });
  behindProxy = await createTestApp({ TRUST_PROXY: '1' }, requestIdRoute);
  docsOff = await createTestApp({ API_DOCS: 'false' });
});

afterAll(async () => {
  await Promise.all([http, https, behindProxy, docsOff].map((context) => context?.close()));
});

let registered = 0;
async function register(call: typeof callHttp) {
  registered += 1;
  const response = await call('POST', '/api/auth/register', {
    name: 'Fatima Ali',
    email: `headers${registered}@example.com`,
    password: 'secret123',
  });
  expect(response.statusCode).toBe(201);
  return response;
}

describe('security headers', () => {
  it('sends a Permissions-Policy that switches off camera, microphone and geolocation', async () => {
    for (const call of [callHttp, callHttps]) {
      const response = await call('GET', '/api/docs/json');
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toContain('payment=(self)');
    // Errors carry it too.
    const missing = await callHttp('GET', '/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it('sends Strict-Transport-Security only when PUBLIC_URL is https', async () => {
    const plain = await callHttp('GET', '/api/docs/json');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await callHttps('GET', '/api/docs/json');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("says DENY in X-Frame-Options, as the pages' frame-ancestors 'none' does", async () => {
    expect(contentSecurityPolicy('n0nce')).toContain("frame-ancestors 'none'");
    for (const call of [callHttp, callHttps]) {
      expect((await call('GET', '/api/docs/json')).headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('API reference', () => {
  it('gives the reference page its own Content-Security-Policy, without framing', async () => {
    const page = await callHttp('GET', '/api/docs/');
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toMatch(/script-src 'self'\s*;/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // Plain http: upgrading every request of the page would break it.
    expect(policy).not.toContain('upgrade-insecure-requests');
    const secure = await callHttps('GET', '/api/docs/');
    expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('serves only the OpenAPI document when API_DOCS is off', async () => {
    const call = apiCaller(() => docsOff.app);
    expect((await call('GET', '/api/docs')).statusCode).toBe(404);
    expect((await call('GET', '/api/docs/')).statusCode).toBe(404);
    const document = await call('GET', '/api/docs/json');
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: expect.any(String), paths: expect.any(Object) });
  });
});

describe('cookie names', () => {
  it('uses __Host- cookies (Secure, Path=/, no Domain) on https', async () => {
    const signedUp = await register(callHttps);
    const session = signedUp.cookies.find((cookie) => cookie.name === '__Host-session');
    expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(session?.domain).toBeUndefined();
    expect(signedUp.cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();

    const product = await createProduct(https.database.db, { stock_quantity: 5 });
    const added = await callHttps('POST', '/api/cart/add', { product_id: product.id, quantity: 1 });
    expect(added.statusCode).toBe(200);
    const cart = added.cookies.find((cookie) => cookie.name === '__Host-cart');
    expect(cart).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cart?.domain).toBeUndefined();

    // The shop reads the prefixed cookie back, and ignores a plain one planted beside it.
    const read = await callHttps('GET', '/api/cart', undefined, { cookies: { '__Host-cart': cart!.value } });
    expect(read.json()).toMatchObject({ items: [expect.objectContaining({ product_id: product.id })] });
    const planted = await callHttps('GET', '/api/cart', undefined, { cookies: { cart: cart!.value } });
    expect(planted.json()).toMatchObject({ items: [] });
  });

  it('clears the __Host- session cookie at logout with the attributes the prefix demands', async () => {
    const signedUp = await register(callHttps);
    const session = signedUp.cookies.find((cookie) => cookie.name === '__Host-session')!;
    const out = await callHttps('POST', '/api/auth/logout', undefined, {
      token: signedUp.json<AuthResponse>().token,
      cookies: { '__Host-session': session.value },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((cookie) => cookie.name === '__Host-session')).toMatchObject({
      value: '',
      secure: true,
      path: '/',
    });
  });

  it('keeps the plain names on http (local development), where the browser refuses the prefix', async () => {
    const signedUp = await register(callHttp);
    expect(signedUp.cookies.find((cookie) => cookie.name === 'session')?.secure).toBeFalsy();
    const product = await createProduct(http.database.db, { stock_quantity: 5 });
    const added = await callHttp('POST', '/api/cart/add', { product_id: product.id, quantity: 1 });
    expect(added.cookies.map((cookie) => cookie.name)).toEqual(['cart']);
  });
});

describe('request ids', () => {
  async function idOverNetwork(context: TestContext, sent: string): Promise<string> {
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/test/request-id`, { headers: { 'x-request-id': sent } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  it("makes its own id rather than taking a client's X-Request-Id", async () => {
    const id = await idOverNetwork(http, 'chosen-by-the-client');
    expect(id).not.toBe('chosen-by-the-client');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the X-Request-Id of a trusted proxy (TRUST_PROXY set)', async () => {
    expect(await idOverNetwork(behindProxy, 'set-by-the-proxy')).toBe('set-by-the-proxy');
  });

  it("keeps the page request's id on the web app's in-process API calls (no network socket)", async () => {
    const response = await http.app.inject({
      method: 'GET',
      url: '/test/request-id',
      headers: { 'x-request-id': 'page-request-id' },
    });
    expect(response.json()).toEqual({ id: 'page-request-id' });
  });
});

describe('helmetHeaders', () => {
  it("is helmet's headers for the options, worked out once", () => {
    const headers = helmetHeaders({ contentSecurityPolicy: false, frameguard: { action: 'deny' }, strictTransportSecurity: false });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(helmetHeaders({ strictTransportSecurity: { maxAge: 60, includeSubDomains: false } })['strict-transport-security']).toBe('max-age=60');
  });

  it('sets them, with the Permissions-Policy, on every API reply and error', async () => {
    for (const url of ['/api/settings', '/api/no-such-route']) {
      const response = await callHttp('GET', url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
  });
});
