import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleCan, type UserRoleName } from '@shop/shared';
import { apiCaller, type TestHttpMethod } from '../test-support/http.js';
import { signedInAs } from '../test-support/staff.js';
import { createTestApp, type TestContext } from '../test-support/test-app.js';

/**
 * The permission matrix (docs/decisions/008): every back-office route × guest, customer,
 * moderator and administrator. Routes are taken from what the app registered, and the list below
 * names the back-office routes that must exist, so a route that forgot its permission fails here.
 */
const REQUIRED_BACKOFFICE_ROUTES = [
  'POST /api/products',
  'PUT /api/products/:id',
  'DELETE /api/products/:id',
  'DELETE /api/products/:id/images/:imageId',
  'POST /api/products/:id/attributes',
  'POST /api/categories',
  'PUT /api/categories/:id',
  'DELETE /api/categories/:id',
  'GET /api/simple-attributes',
  'POST /api/simple-attributes',
  'GET /api/simple-attributes/:id',
  'PUT /api/simple-attributes/:id',
  'DELETE /api/simple-attributes/:id',
  'GET /api/simple-attributes/:id/variations',
  'POST /api/simple-attributes/:id/variations',
  'PUT /api/simple-attributes/:id/variations/:variationId',
  'DELETE /api/simple-attributes/:id/variations/:variationId',
  'GET /api/simple-attributes/variations/all',
  'PUT /api/simple-attributes/variations/:id',
  'DELETE /api/simple-attributes/variations/:id',
  'GET /api/admin/search-synonyms',
  'POST /api/admin/search-synonyms',
  'GET /api/admin/search-synonyms/:id',
  'PUT /api/admin/search-synonyms/:id',
  'DELETE /api/admin/search-synonyms/:id',
  'GET /api/slider/admin',
  'POST /api/slider',
  'PUT /api/slider/:id',
  'DELETE /api/slider/:id',
  'GET /api/admin/pages',
  'PUT /api/admin/pages/:slug',
  'GET /api/admin/storefront-layout',
  'PUT /api/admin/storefront-layout',
  'POST /api/settings',
  'GET /api/orders',
  'GET /api/admin/orders/new',
  'PUT /api/orders/:id/status',
  'POST /api/orders/bulk-status',
  'DELETE /api/orders/:id',
  'POST /api/orders/:id/refund',
  'GET /api/admin/orders/export',
  'GET /api/admin/stats',
  'GET /api/admin/audit-log',
  'GET /api/admin/products/:id/stock-movements',
  'POST /api/admin/products/bulk-edit',
  'POST /api/admin/products/import',
  'GET /api/admin/reviews',
  'PUT /api/admin/reviews/:id',
  'GET /api/admin/users',
  'GET /api/admin/users/:id',
  'POST /api/admin/users',
  'PUT /api/admin/users/:id',
  'DELETE /api/admin/users/:id',
  'GET /api/promo-codes',
  'POST /api/promo-codes',
  'GET /api/promo-codes/:id',
  'PUT /api/promo-codes/:id',
  'DELETE /api/promo-codes/:id',
  'POST /api/locations/cities',
  'PUT /api/locations/cities/:id',
  'DELETE /api/locations/cities/:id',
  'GET /api/google-merchant/status',
  'PUT /api/google-merchant/auto-sync',
  'GET /api/google-merchant/test-connection',
  'GET /api/google-merchant/products',
  'GET /api/google-merchant/products/:id',
  'POST /api/google-merchant/products/update',
  'GET /api/google-merchant/products/bulk-update',
  'POST /api/google-merchant/products/bulk-update',
  'DELETE /api/google-merchant/products/:id',
];

const ROLES: readonly UserRoleName[] = ['customer', 'moderator', 'admin'];

/** A concrete URL for a route pattern: path parameters get an id that exists nowhere. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '987654');
}

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
const tokens = new Map<UserRoleName, string>();

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ROLES) tokens.set(role, (await signedInAs(ctx, role)).token);
});
afterAll(() => ctx.close());

describe('back-office permission matrix', () => {
  it('guards every back-office route in REQUIRED_BACKOFFICE_ROUTES', () => {
    const guarded = new Set(ctx.app.guardedRoutes.map((route) => `${route.method} ${route.url}`));
    expect(REQUIRED_BACKOFFICE_ROUTES.filter((route) => !guarded.has(route))).toEqual([]);
  });

  it('answers each route for each role as the permission table says, never cacheable', async () => {
    const failures: string[] = [];
    for (const route of ctx.app.guardedRoutes) {
      const url = concrete(route.url);
      const method = route.method as TestHttpMethod;
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};

      const guest = await call(method, url, payload);
      if (guest.statusCode !== 401 || guest.json().code !== 'UNAUTHENTICATED') {
        failures.push(`guest ${route.method} ${route.url}: ${guest.statusCode}`);
      }
      const forged = await call(method, url, payload, { token: 'not-a-real-token' });
      if (forged.statusCode !== 401 || forged.json().code !== 'INVALID_TOKEN') {
        failures.push(`bad token ${route.method} ${route.url}: ${forged.statusCode}`);
      }
      if (guest.headers['cache-control'] !== 'private, no-store') {
        failures.push(`guest ${route.method} ${route.url}: cache-control ${guest.headers['cache-control']}`);
      }
      for (const role of ROLES) {
        const reply = await call(method, url, payload, { token: tokens.get(role)! });
        if (reply.headers['cache-control'] !== 'private, no-store') {
          failures.push(`${role} ${route.method} ${route.url}: cache-control ${reply.headers['cache-control']}`);
        }
        // A download (the products export) answers its file: only JSON answers carry a code.
        const json = String(reply.headers['content-type']).includes('application/json');
        const body = (json ? reply.json() : { success: true }) as { success: boolean; code?: string };
        if (roleCan(role, route.permission)) {
          // Let through: whatever the handler answers for a missing id or an empty form, never
          // an authorization refusal and never a server error (but Google Merchant's routes say
          // it is not configured: this app has no GOOGLE_MERCHANT_* variables).
          const merchantUnconfigured = reply.statusCode === 503 && body.code === 'MERCHANT_NOT_CONFIGURED';
          if ([401, 403].includes(reply.statusCode) || (reply.statusCode >= 500 && !merchantUnconfigured)) {
            failures.push(`${role} ${route.method} ${route.url}: ${reply.statusCode} ${body.code}`);
          }
        } else if (reply.statusCode !== 403 || body.code !== 'FORBIDDEN' || body.success !== false) {
          failures.push(`${role} ${route.method} ${route.url}: expected 403, got ${reply.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(ctx.app.guardedRoutes.length).toBeGreaterThanOrEqual(REQUIRED_BACKOFFICE_ROUTES.length);
  });

  it('refuses in the caller\'s language', async () => {
    const reply = await call('POST', '/api/products', {}, { token: tokens.get('customer')!, lang: 'ar' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe('ليس لديك صلاحية للقيام بهذا');
  });

  it('checks the permission before reading the body', async () => {
    const reply = await call('POST', '/api/products', 'not json at all', {
      token: tokens.get('customer')!,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(403);
  });
});
