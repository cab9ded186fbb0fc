import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type {
  AdminAttribute,
  AdminAttributeListResponse,
  AdminVariationListResponse,
  AdminVariationWithAttribute,
  ErrorResponse,
} from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import {
  attributeVariations,
  attributes,
  auditLog,
  productAttributeVariations,
} from '../../db/schema/index.js';
import { createAttribute, createProduct, linkProductVariations } from '../../seed/factories.js';

let ctx: TestContext;
let admin: string;
let adminId: number;
let moderator: string;
let customer: string;
/** Topics the change feed published, in order. */
const published: string[] = [];

const call = apiCaller(() => ctx.app);

function asAdmin(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  lang: TestLang = 'en',
) {
  return call(method, url, payload, { token: admin, lang });
}

async function createAttributeVia(name: string): Promise<AdminAttribute> {
  const response = await asAdmin('POST', '/api/simple-attributes', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attribute as AdminAttribute;
}

async function addValue(attributeId: number, body: Record<string, unknown>): Promise<AdminVariationWithAttribute> {
  const response = await asAdmin('POST', `/api/simple-attributes/${attributeId}/variations`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().variation as AdminVariationWithAttribute;
}

const errorOf = (body: unknown) => body as ErrorResponse;

async function attributeCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(attributes);
  return row!.n;
}

async function auditOf(entity: string, entityId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, entityId)))
    .orderBy(auditLog.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const signedIn = await signedInAs(ctx, 'admin');
  admin = signedIn.token;
  adminId = signedIn.user.id;
  moderator = (await signedInAs(ctx, 'moderator')).token;
  customer = (await signedInAs(ctx, 'customer')).token;
  ctx.app.services.changes.subscribe('catalog', () => published.push('catalog'));
});

afterAll(async () => {
  await ctx?.close();
});

describe('attributes: permissions', () => {
  it('needs a session, catalog.read to read and catalog.write to write', async () => {
    const anonymous = await call('GET', '/api/simple-attributes');
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous.json()).code).toBe('UNAUTHENTICATED');

    expect((await call('GET', '/api/simple-attributes', undefined, { token: customer })).statusCode).toBe(403);
    expect((await call('GET', '/api/simple-attributes', undefined, { token: moderator })).statusCode).toBe(200);

    const before = await attributeCount();
    for (const token of [undefined, customer, moderator]) {
      const refused = await call('POST', '/api/simple-attributes', { name: 'Refused' }, token ? { token } : {});
      expect(refused.statusCode).toBe(token ? 403 : 401);
    }
    const { attribute, variations } = await createAttribute(ctx.database.db, 'محمي', [['قيمة', 0]]);
    for (const [method, url] of [
      ['PUT', `/api/simple-attributes/${attribute.id}`],
      ['DELETE', `/api/simple-attributes/${attribute.id}`],
      ['POST', `/api/simple-attributes/${attribute.id}/variations`],
      ['PUT', `/api/simple-attributes/variations/${variations[0]!.id}`],
      ['DELETE', `/api/simple-attributes/variations/${variations[0]!.id}`],
      ['DELETE', `/api/simple-attributes/${attribute.id}/variations/${variations[0]!.id}`],
    ] as const) {
      const refused = await call(method, url, method === 'DELETE' ? undefined : { name: 'x', title: 'x' }, {
        token: moderator,
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await attributeCount()).toBe(before + 1);
    const [still] = await ctx.database.db.select().from(attributes).where(eq(attributes.id, attribute.id));
    expect(still?.name).toBe('محمي');
  });
});

describe('attributes: create, read, rename', () => {
  it('creates an attribute with a trimmed name, audits it and publishes the change', async () => {
    published.length = 0;
    const response = await asAdmin('POST', '/api/simple-attributes', { name: '  Bead size  ' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const attribute = response.json().attribute as AdminAttribute;
    expect(attribute).toEqual({
      id: expect.any(Number),
      name: 'Bead size',
      name_en: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      variations: [],
      product_count: 0,
    });
    expect(published).toEqual(['catalog']);
    const trail = await auditOf('attributes', attribute.id);
    expect(trail).toMatchObject([
      { actor_id: adminId, action: 'create', changes: { name: { from: null, to: 'Bead size' } } },
    ]);

    const read = await asAdmin('GET', `/api/simple-attributes/${attribute.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, attribute });
  });

  it('refuses blank, too long and control-character names with a message per field, in the language asked', async () => {
    const before = await attributeCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'Attribute name is required', 'اسم الخاصية مطلوب'],
      [{ name: '   ' }, 'Attribute name is required', 'اسم الخاصية مطلوب'],
      [{ name: 'a'.repeat(101) }, 'Attribute name must be at most 100 characters', 'اسم الخاصية يجب ألا يزيد على 100 حرف'],
      [{ name: 'Size\u0007' }, 'Attribute name contains characters that are not allowed', 'اسم الخاصية يحتوي على رموز غير مسموحة'],
      [{ name: 'two\nlines' }, 'Attribute name contains characters that are not allowed', 'اسم الخاصية يحتوي على رموز غير مسموحة'],
      [{ name: 42 }, 'Attribute name is required', 'اسم الخاصية مطلوب'],
    ];
    for (const [body, english, arabic] of cases) {
      const en = await asAdmin('POST', '/api/simple-attributes', body, 'en');
      expect(en.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(en.json())).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'name', message: english }],
      });
      const ar = await asAdmin('POST', '/api/simple-attributes', body, 'ar');
      expect(errorOf(ar.json()).details).toEqual([{ field: 'name', message: arabic }]);
    }
    // Exactly 100 characters (Arabic letters count as one each) is allowed.
    await createAttributeVia('ع'.repeat(100));
    expect(await attributeCount()).toBe(before + 1);
  });

  it('keeps names unique ignoring case, on create and on rename', async () => {
    const colour = await createAttributeVia('Colour');
    const other = await createAttributeVia('Tassel');
    const before = await attributeCount();

    const duplicate = await asAdmin('POST', '/api/simple-attributes', { name: ' COLOUR ' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate.json())).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'name', message: 'An attribute with this name already exists, please choose another name' }],
    });
    expect(await attributeCount()).toBe(before);

    const clash = await asAdmin('PUT', `/api/simple-attributes/${other.id}`, { name: 'colour' });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash.json()).details?.[0]?.field).toBe('name');

    // Renaming to itself in another case is a rename, not a clash.
    const recased = await asAdmin('PUT', `/api/simple-attributes/${colour.id}`, { name: 'COLOUR' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().attribute.name).toBe('COLOUR');
    const trail = await auditOf('attributes', colour.id);
    expect(trail.at(-1)).toMatchObject({ action: 'update', changes: { name: { from: 'Colour', to: 'COLOUR' } } });
  });

  it('lets only one of several simultaneous creates of one name through', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        asAdmin('POST', '/api/simple-attributes', { name: index % 2 === 0 ? 'Material' : 'MATERIAL' }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await ctx.database.db
      .select()
      .from(attributes)
      .where(sql`lower(${attributes.name}) = 'material'`);
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an unknown attribute and 400 for a malformed id', async () => {
    for (const [method, url] of [
      ['GET', '/api/simple-attributes/999999'],
      ['PUT', '/api/simple-attributes/999999'],
      ['DELETE', '/api/simple-attributes/999999'],
      ['GET', '/api/simple-attributes/999999/variations'],
      ['POST', '/api/simple-attributes/999999/variations'],
    ] as const) {
      const response = await asAdmin(method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'N', title: 'T' });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response.json())).toMatchObject({ code: 'NOT_FOUND', message: 'Attribute not found' });
    }
    const malformed = await asAdmin('GET', '/api/simple-attributes/abc');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed.json()).code).toBe('VALIDATION_ERROR');
  });
});

describe('attributes: values', () => {
  it('adds values with a decimal surcharge stored in fils, default 0', async () => {
    const size = await createAttributeVia('Length');
    const long = await addValue(size.id, { title: ' 99 beads ', additional_price: '1.25' });
    expect(long).toEqual({
      id: expect.any(Number),
      attribute_id: size.id,
      attribute_name: 'Length',
      attribute_name_en: null,
      title: '99 beads',
      title_en: null,
      additional_price: 1.25,
      product_count: 0,
      created_at: expect.any(String),
    });
    const short = await addValue(size.id, { title: '33 beads' });
    expect(short.additional_price).toBe(0);
    const [stored] = await ctx.database.db
      .select({ price: attributeVariations.additional_price })
      .from(attributeVariations)
      .where(eq(attributeVariations.id, long.id));
    expect(stored?.price).toBe(1_250);

    const list = await asAdmin('GET', `/api/simple-attributes/${size.id}/variations`);
    expect((list.json() as AdminVariationListResponse).variations.map((value) => value.title)).toEqual([
      '99 beads',
      '33 beads',
    ]);
    const trail = await auditOf('attribute_variations', long.id);
    expect(trail).toMatchObject([
      {
        action: 'create',
        changes: {
          attribute_id: { from: null, to: size.id },
          title: { from: null, to: '99 beads' },
          additional_price: { from: null, to: 1_250 },
        },
      },
    ]);
  });

  it('refuses bad titles and surcharges field by field and creates nothing', async () => {
    const attribute = await createAttributeVia('Finish');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'title', 'Value title is required'],
      [{ title: '  ' }, 'title', 'Value title is required'],
      [{ title: 'x'.repeat(101) }, 'title', 'Value title must be at most 100 characters'],
      [{ title: 'tab\there' }, 'title', 'Value title contains characters that are not allowed'],
      [{ title: 'Matte', additional_price: -1 }, 'additional_price', 'The additional price must be a number of 0 or more with at most 3 decimals'],
      [{ title: 'Matte', additional_price: '1.2345' }, 'additional_price', 'The additional price must be a number of 0 or more with at most 3 decimals'],
      [{ title: 'Matte', additional_price: 'free' }, 'additional_price', 'The additional price must be a number of 0 or more with at most 3 decimals'],
    ];
    for (const [body, field, message] of cases) {
      const response = await asAdmin('POST', `/api/simple-attributes/${attribute.id}/variations`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response.json()).details).toEqual([{ field, message }]);
    }
    const arabic = await asAdmin('POST', `/api/simple-attributes/${attribute.id}/variations`, { title: '' }, 'ar');
    expect(errorOf(arabic.json()).details).toEqual([{ field: 'title', message: 'اسم القيمة مطلوب' }]);
    const read = await asAdmin('GET', `/api/simple-attributes/${attribute.id}`);
    expect(read.json().attribute.variations).toEqual([]);
  });

  it('keeps titles unique within an attribute (ignoring case), not across attributes', async () => {
    const first = await createAttributeVia('Stone');
    const second = await createAttributeVia('Setting');
    const amber = await addValue(first.id, { title: 'Amber' });
    const taken = await asAdmin('POST', `/api/simple-attributes/${first.id}/variations`, { title: 'AMBER' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.json()).details).toEqual([
      { field: 'title', message: 'This value already exists in this attribute' },
    ]);
    await addValue(second.id, { title: 'Amber' });
    const jet = await addValue(first.id, { title: 'Jet' });
    const renameClash = await asAdmin('PUT', `/api/simple-attributes/variations/${jet.id}`, { title: 'amber' });
    expect(renameClash.statusCode).toBe(409);
    const recased = await asAdmin('PUT', `/api/simple-attributes/variations/${amber.id}`, { title: 'AMBER' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().variation.title).toBe('AMBER');
  });

  it('renames a value or changes its surcharge by either path; the wrong attribute is a 404', async () => {
    const attribute = await createAttributeVia('Cord');
    const other = await createAttributeVia('Box');
    const silk = await addValue(attribute.id, { title: 'Silk', additional_price: 0.5 });

    const renamed = await asAdmin('PUT', `/api/simple-attributes/${attribute.id}/variations/${silk.id}`, {
      title: 'Silk cord',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().variation).toMatchObject({ title: 'Silk cord', additional_price: 0.5 });

    const repriced = await asAdmin('PUT', `/api/simple-attributes/variations/${silk.id}`, { additional_price: 0.75 });
    expect(repriced.json().variation).toMatchObject({ title: 'Silk cord', additional_price: 0.75 });

    const empty = await asAdmin('PUT', `/api/simple-attributes/variations/${silk.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.json()).details).toEqual([{ field: 'title', message: 'Value title is required' }]);

    const wrongParent = await asAdmin('PUT', `/api/simple-attributes/${other.id}/variations/${silk.id}`, { title: 'X' });
    expect(wrongParent.statusCode).toBe(404);
    expect(errorOf(wrongParent.json()).message).toBe('This value was not found in the attribute');
    const wrongDelete = await asAdmin('DELETE', `/api/simple-attributes/${other.id}/variations/${silk.id}`);
    expect(wrongDelete.statusCode).toBe(404);
    expect((await asAdmin('PUT', '/api/simple-attributes/variations/999999', { title: 'X' })).statusCode).toBe(404);

    const trail = await auditOf('attribute_variations', silk.id);
    expect(trail.map((row) => row.changes)).toEqual([
      expect.any(Object),
      { title: { from: 'Silk', to: 'Silk cord' } },
      { additional_price: { from: 500, to: 750 } },
    ]);
  });
});

describe('attributes: product counts and deletes', () => {
  it('counts the products offering each value and the attribute, drafts included, without a query per row', async () => {
    const db = ctx.database.db;
    const { attribute, variations } = await createAttribute(db, 'عدد الحبات', [
      ['33', 0],
      ['99', 1_000],
      ['101', 2_000],
    ]);
    const [v33, v99] = variations;
    const one = await createProduct(db);
    const two = await createProduct(db, { status: 'draft' });
    await linkProductVariations(db, one.id, [v33!, v99!]);
    await linkProductVariations(db, two.id, [v99!]);

    const read = await asAdmin('GET', `/api/simple-attributes/${attribute.id}`);
    const body = read.json().attribute as AdminAttribute;
    expect(body.product_count).toBe(2);
    expect(body.variations.map((value) => [value.title, value.product_count, value.additional_price])).toEqual([
      ['33', 1, 0],
      ['99', 2, 1],
      ['101', 0, 2],
    ]);

    const all = (await asAdmin('GET', '/api/simple-attributes')).json() as AdminAttributeListResponse;
    expect(all.attributes.find((entry) => entry.id === attribute.id)).toEqual(body);
    const everyValue = (await asAdmin('GET', '/api/simple-attributes/variations/all')).json() as AdminVariationListResponse;
    expect(everyValue.variations.filter((value) => value.attribute_id === attribute.id)).toEqual(
      body.variations.map((value) => ({ ...value, attribute_name: 'عدد الحبات', attribute_name_en: null })),
    );
  });

  it('deletes a value with its product links', async () => {
    const db = ctx.database.db;
    const { attribute, variations } = await createAttribute(db, 'الشرابة', [
      ['ذهبية', 500],
      ['فضية', 0],
    ]);
    const [gold, silver] = variations;
    const product = await createProduct(db);
    await linkProductVariations(db, product.id, [gold!, silver!]);
    published.length = 0;

    const response = await asAdmin('DELETE', `/api/simple-attributes/${attribute.id}/variations/${gold!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id: gold!.id, message: 'The value was deleted' });
    expect(published).toEqual(['catalog']);
    const links = await db
      .select()
      .from(productAttributeVariations)
      .where(eq(productAttributeVariations.product_id, product.id));
    expect(links.map((link) => link.variation_id)).toEqual([silver!.id]);
    expect(await auditOf('attribute_variations', gold!.id)).toMatchObject([
      { action: 'delete', changes: { title: { from: 'ذهبية', to: null }, product_count: { from: 1, to: null } } },
    ]);

    const again = await asAdmin('DELETE', `/api/simple-attributes/variations/${gold!.id}`);
    expect(again.statusCode).toBe(404);
    const bySecondPath = await asAdmin('DELETE', `/api/simple-attributes/variations/${silver!.id}`, undefined, 'ar');
    expect(bySecondPath.json()).toEqual({ success: true, id: silver!.id, message: 'تم حذف القيمة' });
  });

  it('deletes an attribute with all its values and their product links, and audits what went', async () => {
    const db = ctx.database.db;
    const { attribute, variations } = await createAttribute(db, 'النقش', [
      ['محفور', 1_500],
      ['سادة', 0],
    ]);
    const product = await createProduct(db);
    await linkProductVariations(db, product.id, variations);
    published.length = 0;

    const response = await asAdmin('DELETE', `/api/simple-attributes/${attribute.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      id: attribute.id,
      message: 'The attribute and all its values were deleted',
    });
    expect(published).toEqual(['catalog']);
    expect(await db.select().from(attributes).where(eq(attributes.id, attribute.id))).toEqual([]);
    expect(await db.select().from(attributeVariations).where(eq(attributeVariations.attribute_id, attribute.id))).toEqual([]);
    expect(
      await db.select().from(productAttributeVariations).where(eq(productAttributeVariations.product_id, product.id)),
    ).toEqual([]);
    const [entry] = await auditOf('attributes', attribute.id);
    expect(entry).toMatchObject({
      actor_id: adminId,
      action: 'delete',
      changes: {
        name: { from: 'النقش', to: null },
        product_count: { from: 1, to: null },
        variations: {
          from: [
            { id: variations[0]!.id, title: 'محفور', additional_price: 1.5 },
            { id: variations[1]!.id, title: 'سادة', additional_price: 0 },
          ],
          to: null,
        },
      },
    });
    expect((await asAdmin('GET', `/api/simple-attributes/${attribute.id}`)).statusCode).toBe(404);
  });
});
