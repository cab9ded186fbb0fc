import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synonymKey, type AdminSynonym, type Product } from '@shop/shared';
import { queryRows } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';
import { apiCaller } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: string;
let moderator: string;
const ids: Record<'amber' | 'yusr' | 'agate' | 'english' | 'kuka', number> = {
  amber: 0,
  yusr: 0,
  agate: 0,
  english: 0,
  kuka: 0,
};

async function search(text: string, lang: 'ar' | 'en' = 'en'): Promise<number[]> {
  const reply = await call('GET', `/api/products?search=${encodeURIComponent(text)}&limit=100`, undefined, {
    lang,
  });
  expect(reply.statusCode).toBe(200);
  return (reply.json().products as Product[]).map((product) => product.id);
}

beforeAll(async () => {
  // Listings are cached here as in production: a synonym write must still show at once.
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
  const db = ctx.database.db;
  const stones = await createCategory(db, { name: 'أحجار كريمة', slug: 'stones' });
  ids.amber = (await createProduct(db, { name: 'سبحة كهرمان بلطيقي عسلي' })).id;
  ids.yusr = (await createProduct(db, { name: 'مسبحة يسر أسود بحري' })).id;
  ids.agate = (await createProduct(db, { name: 'سبحة عقيق يمني', category_id: stones.id })).id;
  ids.english = (
    await createProduct(db, { name: 'سبحة خشب', name_en: 'Olive Wood Prayer Beads', description_en: 'Light and warm.' })
  ).id;
  ids.kuka = (await createProduct(db, { name: 'سبحة كوك هندي' })).id;
  admin = (await signedInAs(ctx, 'admin')).token;
  moderator = (await signedInAs(ctx, 'moderator')).token;
});

afterAll(() => ctx.close());

describe('the shop’s first synonyms (migration 0017)', () => {
  it('are stored under their search keys', async () => {
    const rows = await queryRows<{ term: string; term_key: string; targets: string[] }>(
      ctx.database.db,
      sql`select term, term_key, targets from search_synonyms order by id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const row of rows) {
      expect(row.term_key, row.term).toBe(synonymKey(row.term));
      expect(row.targets.length, row.term).toBeGreaterThan(0);
    }
    expect(rows.map((row) => row.term)).toEqual(
      expect.arrayContaining(['amber', 'kahraman', 'tasbih', 'misbaha', 'sebha', 'yusr', 'kuka', 'faturan', 'oud', 'silver', 'turquoise', 'agate', 'coral', 'crystal']),
    );
  });

  it('let an English or transliterated word find the Arabic products', async () => {
    expect(await search('amber')).toEqual([ids.amber]);
    expect(await search('Kahraman')).toEqual([ids.amber]);
    expect(await search('yusr')).toEqual([ids.yusr]);
    expect(await search('kuka')).toEqual([ids.kuka]);
    expect(await search('aqeeq')).toEqual([ids.agate]);
    expect((await search('sebha')).sort()).toEqual(Object.values(ids).sort());
    expect((await search('Baltic amber'))).toEqual([ids.amber]);
  });

  it('search the English texts too', async () => {
    expect(await search('olive wood')).toEqual([ids.english]);
    expect(await search('warm')).toEqual([ids.english]);
  });

  it('leave Arabic words and the article as they were', async () => {
    expect(await search('الكهرمان', 'ar')).toEqual([ids.amber]);
    expect(await search('بالعقيق', 'ar')).toEqual([ids.agate]);
    expect((await search('السبحة', 'ar')).sort()).toEqual(
      (await search('سبحة', 'ar')).sort(),
    );
  });
});

describe('synonyms in the back office', () => {
  it('an added synonym takes effect at once, a changed one too, a deleted one stops', async () => {
    // Cached: the word finds nothing yet.
    expect(await search('tasbeeha')).toEqual([]);
    expect(await search('tasbeeha')).toEqual([]);

    const created = await call('POST', '/api/admin/search-synonyms', { term: '  Tasbeeha ', targets: ['كهرمان', 'الكهرمان'] }, { token: admin });
    expect(created.statusCode).toBe(201);
    const synonym = created.json().synonym as AdminSynonym;
    expect(synonym).toMatchObject({ term: 'Tasbeeha', targets: ['كهرمان'] });
    expect(await search('tasbeeha')).toEqual([ids.amber]);

    const changed = await call('PUT', `/api/admin/search-synonyms/${synonym.id}`, { term: 'tasbeeha', targets: ['يسر', 'كوك'] }, { token: admin });
    expect(changed.statusCode).toBe(200);
    expect((await search('TASBEEHA')).sort()).toEqual([ids.yusr, ids.kuka].sort());

    const listed = await call('GET', '/api/admin/search-synonyms', undefined, { token: moderator });
    expect(listed.statusCode).toBe(200);
    expect((listed.json().synonyms as AdminSynonym[]).find((row) => row.id === synonym.id)).toMatchObject({ term: 'tasbeeha', targets: ['يسر', 'كوك'] });

    const deleted = await call('DELETE', `/api/admin/search-synonyms/${synonym.id}`, undefined, { token: admin, lang: 'ar' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: synonym.id, message: 'تم حذف المرادف' });
    expect(await search('tasbeeha')).toEqual([]);

    const trail = await ctx.database.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'search_synonyms'), eq(auditLog.entity_id, synonym.id)))
      .orderBy(asc(auditLog.id));
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1]!.changes).toMatchObject({
      term: { from: 'Tasbeeha', to: 'tasbeeha' },
      targets: { from: ['كهرمان'], to: ['يسر', 'كوك'] },
    });
  });

  it('an Arabic term matches with or without its article', async () => {
    const created = await call('POST', '/api/admin/search-synonyms', { term: 'المسباح', targets: ['يسر'] }, { token: admin });
    expect(created.statusCode).toBe(201);
    expect(await search('مسباح', 'ar')).toEqual([ids.yusr]);
    expect(await search('بالمسباح', 'ar')).toEqual([ids.yusr]);
    const again = await call('POST', '/api/admin/search-synonyms', { term: 'مِسباح', targets: ['كوك'] }, { token: admin, lang: 'ar' });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ field: 'term', message: expect.stringContaining('عدّلها') }]);
  });

  it('refuses a term that another entry already has, ignoring case', async () => {
    const reply = await call('POST', '/api/admin/search-synonyms', { term: 'AMBER', targets: ['سبحة'] }, { token: admin });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().code).toBe('CONFLICT');
  });

  it('refuses moderators and guests', async () => {
    const body = { term: 'zzz', targets: ['سبحة'] };
    expect((await call('POST', '/api/admin/search-synonyms', body, { token: moderator })).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/search-synonyms/1', body, { token: moderator })).statusCode).toBe(403);
    expect((await call('DELETE', '/api/admin/search-synonyms/1', undefined, { token: moderator })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/search-synonyms')).statusCode).toBe(401);
    expect(await search('zzz')).toEqual([]);
  });

  it.each([
    [{ term: '', targets: ['سبحة'] }, 'term', 'Enter the word or phrase a shopper searches for'],
    [{ term: 'ـــ', targets: ['سبحة'] }, 'term', 'The word must be one line with letters or digits'],
    [{ term: 'a\nb', targets: ['سبحة'] }, 'term', 'The word must be one line with letters or digits'],
    [{ term: 'x'.repeat(61), targets: ['سبحة'] }, 'term', 'The word or phrase is longer than 60 characters'],
    [{ term: 'one two three four five', targets: ['سبحة'] }, 'term', 'The phrase has more than four words'],
    [{ term: 'zzz', targets: [] }, 'targets', 'Enter at least one word it stands for'],
    [{ term: 'zzz' }, 'targets', 'Enter at least one word it stands for'],
    [{ term: 'zzz', targets: 'سبحة' }, 'targets', 'Enter at least one word it stands for'],
    [{ term: 'zzz', targets: Array.from({ length: 11 }, (_, index) => `w${index}`) }, 'targets', 'A word can stand for at most 10 words'],
    [{ term: 'zzz', targets: ['  '] }, 'targets.0', 'Each word it stands for must be one line with letters or digits'],
    [{ term: 'zzz', targets: [42] }, 'targets.0', 'Each word it stands for must be one line with letters or digits'],
    [{ term: 'zzz', targets: ['ZZZ'] }, 'targets.0', 'A word cannot stand for itself'],
  ])('refuses %j with a message on %s', async (body, field, message) => {
    const reply = await call('POST', '/api/admin/search-synonyms', body, { token: admin });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toContainEqual({ field, message });
  });

  it('answers 404 for a synonym that does not exist, 400 for a bad id', async () => {
    const body = { term: 'qqq', targets: ['سبحة'] };
    expect((await call('PUT', '/api/admin/search-synonyms/987654', body, { token: admin })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/search-synonyms/987654', undefined, { token: admin })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/search-synonyms/abc', undefined, { token: admin })).statusCode).toBe(400);
  });
});
