import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSalmiya } from '../test-support/places.js';
import { signedInAs } from '../test-support/staff.js';
import { createTestApp, type TestContext } from '../test-support/test-app.js';
import { promoCodes, searchSynonyms } from './db/schema/index.js';
import { checkAnswer } from './fuzz/check.js';
import { listOperations, operationName, validValue, type OpenApiDocument, type Operation } from './fuzz/generator.js';
import { Random } from './fuzz/random.js';
import { seedFuzzData } from './fuzz/runner.js';
import { createProduct } from './seed/factories.js';

/**
 * The contract test: every GET operation of /api/docs/json, which reads and changes nothing,
 * called through the real app on a seeded shop (as a guest when it is public, as an administrator
 * when it needs a token, both when a token only changes the answer); each answer validated with
 * Ajv against the schema the operation documents for its status (fuzz/check.ts). It fails on any
 * mismatch, naming the operation and Ajv's error.
 */

/** GET operations that refuse on this shop, and why; every other one must succeed. */
const EXPECTED_REFUSALS: Record<string, number> = {
  // A reset token is only ever e-mailed; a made-up one is unknown.
  'GET /api/auth/verify-reset-token/{token}': 400,
  // Google Merchant is not configured in tests: 503 once the input is valid.
  'GET /api/google-merchant/test-connection': 503,
  'GET /api/google-merchant/products': 503,
  'GET /api/google-merchant/products/bulk-update': 503,
  'GET /api/google-merchant/products/{id}': 503,
};

/** Required query parameters a generated value cannot meet (a date in a given form). */
const QUERIES: Record<string, string> = {
  'GET /api/admin/orders/export': 'from=2026-01-01&to=2026-12-31',
  'GET /api/admin/reports/sales': 'from=2026-01-01&to=2026-12-31',
  'GET /api/admin/stock-alerts/waiting': 'product_ids=1,2',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

type Security = Record<string, string[]>[];

/** Who calls an operation: a guest when it is public, the administrator when it needs a token. */
function callers(security: Security | undefined): Array<'guest' | 'admin'> {
  if (!security || security.length === 0) return ['guest'];
  const optional = security.some((requirement) => Object.keys(requirement).length === 0);
  return optional ? ['guest', 'admin'] : ['admin'];
}

it('answers every GET operation within the schema it documents', async () => {
  const docs = await ctx.app.inject('/api/docs/json');
  const doc = docs.json<OpenApiDocument & { paths: Record<string, Record<string, { security?: Security }>> }>();
  const db = ctx.database.db;

  const pool = await seedFuzzData(db);
  const admin = await signedInAs(ctx, 'admin');
  // An order placed as a shopper places it: its history starts with a row from no status.
  const place = await createSalmiya(db);
  const product = await createProduct(db, { stock_quantity: 5 });
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      name: 'Contract Shopper',
      email: 'contract@example.com',
      phone: '+965 6000 1234',
      shipping_address: 'Block 1, Street 2, House 3',
      country_id: place.country,
      governorate_id: place.governorate,
      city_id: place.city,
      payment_method: 'cash_on_delivery',
      items: [{ product_id: product.id, quantity: 1 }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order as { id: number; order_number: string };
  pool.orders = [order.id, ...(pool.orders ?? [])];
  pool.number = [order.order_number, ...(pool.number ?? [])];
  pool['promo-codes'] = (await db.select({ id: promoCodes.id }).from(promoCodes)).map((row) => row.id);
  pool['search-synonyms'] = (await db.select({ id: searchSynonyms.id }).from(searchSynonyms)).map((row) => row.id);
  pool.users = [admin.user.id];
  // The policy pages are three named ones; any other slug is a 404.
  pool.pages = ['privacy'];

  const random = new Random(31);
  const urlOf = (op: Operation) => {
    let url = op.path;
    for (const parameter of op.parameters.filter((p) => p.in === 'path')) {
      const segments = op.path.split('/');
      const resource = segments[segments.indexOf(`{${parameter.name}}`) - 1] ?? '';
      const value = pool[resource]?.[0] ?? validValue(parameter.schema, random, doc);
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    }
    const query =
      QUERIES[operationName(op)] ??
      op.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(String(validValue(p.schema, random, doc)))}`)
        .join('&');
    return query ? `${url}?${query}` : url;
  };

  const gets = listOperations(doc).filter((op) => op.method === 'GET');
  expect(gets.length).toBeGreaterThan(40);
  const mismatches: string[] = [];
  const unexpected: string[] = [];
  let calls = 0;
  for (const op of gets) {
    const name = operationName(op);
    for (const caller of callers(doc.paths[op.path]?.get?.security)) {
      const url = urlOf(op);
      const answer = await ctx.app.inject({
        method: 'GET',
        url,
        headers: caller === 'admin' ? { authorization: `Bearer ${admin.token}` } : {},
      });
      calls += 1;
      for (const finding of checkAnswer(op, answer, doc)) {
        mismatches.push(`${name} as ${caller} (${url}) → ${answer.statusCode} ${finding.kind}: ${finding.detail}`);
      }
      const expected = EXPECTED_REFUSALS[name];
      const fine = expected === undefined ? answer.statusCode < 400 : answer.statusCode === expected;
      if (!fine) unexpected.push(`${name} as ${caller} (${url}) → ${answer.statusCode} ${answer.body.slice(0, 160)}`);
    }
  }
  expect(mismatches).toEqual([]);
  expect(unexpected).toEqual([]);
  expect(calls).toBeGreaterThan(gets.length);
}, 120_000);
