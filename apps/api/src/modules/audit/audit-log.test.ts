import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '@shop/shared';
import { signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { users } from '../../db/schema/index.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;
let colleague: SignedIn;
let categoryId: number;

async function page(query = '', token = admin.token): Promise<AuditLogResponse> {
  const reply = await call('GET', `/api/admin/audit-log${query}`, undefined, { token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as AuditLogResponse;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
  colleague = await signedInAs(ctx, 'admin');
  // Real back-office writes leave the first entries: a category made by one administrator and
  // renamed by another.
  const created = await call(
    'POST',
    '/api/categories',
    { name: 'سبح يسر' },
    { token: admin.token },
  );
  expect(created.statusCode, created.body).toBe(201);
  categoryId = created.json().category.id as number;
  const renamed = await call(
    'PUT',
    `/api/categories/${categoryId}`,
    { name: 'سبح الكهرمان' },
    { token: colleague.token },
  );
  expect(renamed.statusCode, renamed.body).toBe(200);
  // Then enough product entries to page through.
  for (let index = 1; index <= 5; index += 1) {
    await ctx.app.services.audit.record(ctx.database.db, {
      actor: { id: admin.user.id, email: admin.user.email },
      entity: 'products',
      entityId: index,
      action: 'update',
      before: { price: index * 1_000 },
      after: { price: index * 1_000 + 500 },
    });
  }
});
afterAll(() => ctx.close());

describe('GET /api/admin/audit-log', () => {
  it('is for administrators only: moderators and customers get 403, guests 401', async () => {
    expect((await call('GET', '/api/admin/audit-log')).statusCode).toBe(401);
    for (const who of [moderator, customer]) {
      const reply = await call('GET', '/api/admin/audit-log', undefined, { token: who.token });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().code).toBe('FORBIDDEN');
    }
    const reply = await call('GET', '/api/admin/audit-log', undefined, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
  });

  it('lists entries newest first with who, what and the changed fields', async () => {
    const body = await page();
    expect(body.pagination).toEqual({ page: 1, limit: 25, total: 7, pages: 1 });
    expect(body.entries.map((entry) => [entry.entity, entry.action])).toEqual([
      ...Array.from({ length: 5 }, () => ['products', 'update']),
      ['categories', 'update'],
      ['categories', 'create'],
    ]);
    expect(body.entries[0]).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.user.email,
      actor_name: admin.user.name,
      entity_id: 5,
      changes: { price: { from: 5_000, to: 5_500 } },
    });
    const rename = body.entries[5]!;
    expect(rename).toMatchObject({
      actor_id: colleague.user.id,
      actor_name: colleague.user.name,
      entity: 'categories',
      entity_id: categoryId,
      changes: { name: { from: 'سبح يسر', to: 'سبح الكهرمان' } },
    });
    expect(Number.isNaN(Date.parse(rename.created_at))).toBe(false);
    expect(body.actors).toEqual(
      expect.arrayContaining([
        { id: admin.user.id, email: admin.user.email, name: admin.user.name },
        { id: colleague.user.id, email: colleague.user.email, name: colleague.user.name },
      ]),
    );
    expect(body.actors).toHaveLength(2);
    expect(body.entities).toEqual(['categories', 'products']);
  });

  it('filters by person and by entity, alone or together; a blank filter is no filter', async () => {
    const byColleague = await page(`?actor_id=${colleague.user.id}`);
    expect(byColleague.entries.map((entry) => entry.action)).toEqual(['update']);
    expect(byColleague.pagination.total).toBe(1);
    // The filters' choices stay those of the whole trail.
    expect(byColleague.actors).toHaveLength(2);

    const categories = await page('?entity=categories');
    expect(categories.entries.map((entry) => entry.entity_id)).toEqual([categoryId, categoryId]);
    const mine = await page(`?entity=categories&actor_id=${admin.user.id}`);
    expect(mine.entries.map((entry) => entry.action)).toEqual(['create']);
    expect((await page('?entity=orders')).entries).toEqual([]);
    expect((await page('?actor_id=&entity=')).pagination.total).toBe(7);
  });

  it('pages on the server', async () => {
    const first = await page('?limit=3');
    const second = await page('?limit=3&page=2');
    const third = await page('?limit=3&page=3');
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 7, pages: 3 });
    expect([first, second, third].map((reply) => reply.entries.length)).toEqual([3, 3, 1]);
    const ids = [first, second, third].flatMap((reply) => reply.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(7);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await page('?limit=3&page=4')).entries).toEqual([]);
  });

  it("refuses malformed filters with 400 in the caller's language", async () => {
    for (const query of [
      '?actor_id=abc',
      '?actor_id=0',
      '?entity=Products%21',
      '?limit=101',
      '?page=0',
    ]) {
      const reply = await call('GET', `/api/admin/audit-log${query}`, undefined, {
        token: admin.token,
      });
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_ERROR');
    }
    const arabic = await call('GET', '/api/admin/audit-log?actor_id=abc', undefined, {
      token: admin.token,
      lang: 'ar',
    });
    expect(arabic.json().details).toEqual([
      { field: 'actor_id', message: 'الشخص المختار غير صحيح' },
    ]);
  });

  it("keeps the e-mail of a deleted account's changes, without a name, and drops it from the people", async () => {
    await ctx.database.db.delete(users).where(eq(users.id, colleague.user.id));
    const body = await page('?entity=categories');
    expect(body.entries[0]).toMatchObject({
      actor_id: null,
      actor_email: colleague.user.email,
      actor_name: null,
      action: 'update',
    });
    expect(body.actors.map((actor) => actor.id)).toEqual([admin.user.id]);
  });
});
