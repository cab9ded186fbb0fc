import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWebApp } from '../test-support/web-app.js';
import type { TestContext } from '../test-support/test-app.js';
import { listOperations, type OpenApiDocument } from './fuzz/generator.js';
import { normaliseSchemas, operationIdOf } from './openapi.js';

/**
 * The OpenAPI document of the whole app (pages included, as `npm start` serves it) linted with
 * Redocly's recommended rules: no error, and no warning but those below (docs/decisions/049).
 */

/** Warnings the document keeps, each for a reason: `rule pointer`. */
const ACCEPTED_WARNINGS = [
  // Paths clients already call; /api/orders/number/{n} and /api/orders/{id}/... cannot meet at a
  // real URL, since `number` is no id, nor `variations` an attribute's.
  'no-ambiguous-paths #/paths/~1api~1orders~1{id}~1status',
  'no-ambiguous-paths #/paths/~1api~1orders~1{id}~1refund',
  'no-ambiguous-paths #/paths/~1api~1orders~1{id}~1reorder',
  'no-ambiguous-paths #/paths/~1api~1simple-attributes~1{id}~1variations',
  // Google sign-in by link answers a redirect, always (to Google, or back to the login page).
  'operation-2xx-response #/paths/~1api~1auth~1google/get/responses',
  // Operations that take nothing from the client and never refuse.
  'operation-4xx-response #/paths/~1api~1auth~1google/get/responses',
  'operation-4xx-response #/paths/~1api~1cart/get/responses',
  'operation-4xx-response #/paths/~1api~1cart~1count/get/responses',
  'operation-4xx-response #/paths/~1api~1cart~1clear/delete/responses',
  'operation-4xx-response #/paths/~1api~1cart~1promo-code/delete/responses',
  'operation-4xx-response #/paths/~1api~1settings/get/responses',
  'operation-4xx-response #/paths/~1api~1slider/get/responses',
  'operation-4xx-response #/paths/~1api~1storefront-layout/get/responses',
  'operation-4xx-response #/paths/~1api~1locations~1countries/get/responses',
  'operation-4xx-response #/paths/~1api~1locations~1governorates/get/responses',
  'operation-4xx-response #/paths/~1api~1locations~1shipping-fees/get/responses',
  'operation-4xx-response #/paths/~1api~1orders~1statuses/get/responses',
  'operation-4xx-response #/paths/~1api~1wishlist/get/responses',
  'operation-4xx-response #/paths/~1api~1wishlist~1ids/get/responses',
];

let ctx: TestContext;
let source: string;
let document: OpenApiDocument & {
  paths: Record<string, Record<string, { security?: Record<string, string[]>[]; operationId?: string }>>;
};

beforeAll(async () => {
  ctx = await createTestWebApp();
  const reply = await ctx.app.inject('/api/docs/json');
  expect(reply.statusCode).toBe(200);
  source = reply.body;
  document = reply.json();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, config, absoluteRef: '/api/docs/json' });
    const describe = (problem: (typeof problems)[number]) =>
      `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`;
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${describe(problem)}: ${problem.message}`)).toEqual([]);
    const warnings = problems.filter((problem) => problem.severity === 'warn').map(describe);
    expect(warnings.sort()).toEqual([...ACCEPTED_WARNINGS].sort());
  });

  it('documents the JSON API only, not the pages', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(60);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths).not.toContain('/api/docs/json');
  });

  it('names the error envelope once and refers to it', () => {
    expect(document.components?.schemas?.Error).toMatchObject({
      required: ['success', 'code', 'message'],
    });
    const envelope = JSON.stringify(document.components?.schemas?.Error);
    expect(source.split(envelope).length - 1).toBe(1);
    expect(source.split('"$ref":"#/components/schemas/Error"').length - 1).toBeGreaterThan(400);
  });

  it('gives every operation an operationId and a security requirement', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.every((operation) => Array.isArray(operation.security))).toBe(true);
    expect(document.paths['/api/orders/{id}']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/cart']?.get?.security).toEqual([{}, { bearerAuth: [] }]);
    expect(document.paths['/api/settings']?.get?.security).toEqual([]);
  });

  it('answers 401 without a token on every operation it says needs one', async () => {
    const guarded = listOperations(document).filter((operation) => {
      const security = document.paths[operation.path]?.[operation.method.toLowerCase()]?.security;
      return security?.length === 1 && 'bearerAuth' in security[0]!;
    });
    expect(guarded.length).toBeGreaterThan(60);
    const answers = await Promise.all(
      guarded.map(async (operation) => {
        const url = operation.path.replace(/\{[^}]+\}/g, '1');
        const reply = await ctx.app.inject({ method: operation.method, url });
        return `${operation.method} ${operation.path} ${reply.statusCode}`;
      }),
    );
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });
});

describe('operationIdOf', () => {
  it('reads the method and path, a parameter as By and its name', () => {
    expect(operationIdOf('GET', '/api/orders/:id/status')).toBe('getOrdersByIdStatus');
    expect(operationIdOf('PUT', '/api/orders/{id}/status')).toBe('putOrdersByIdStatus');
    expect(operationIdOf('DELETE', '/api/cart/promo-code')).toBe('deleteCartPromoCode');
    expect(operationIdOf('GET', '/api/admin/search-synonyms/:id')).toBe('getAdminSearchSynonymsById');
  });
});

describe('normaliseSchemas', () => {
  it('puts nullable on the branches of an anyOf without a type', () => {
    const schema = { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] };
    normaliseSchemas(schema);
    expect(schema).toEqual({ anyOf: [{ type: 'string', nullable: true }, { type: 'number', nullable: true }] });
  });

  it('adds null to a nullable enum and unwraps a one-schema anyOf', () => {
    const schema = {
      properties: {
        from_status: { type: 'string', nullable: true, enum: ['pending'] },
        phone: { anyOf: [{ type: 'string', nullable: true, enum: [null] }] },
      },
    };
    normaliseSchemas(schema);
    expect(schema.properties).toEqual({
      from_status: { type: 'string', nullable: true, enum: ['pending', null] },
      phone: { type: 'string', nullable: true, enum: [null] },
    });
  });
});
