import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, type AdminProduct, type Category } from '@shop/shared';
import { admin, basics, call, ctx, send, useAdminProductsShop } from '../../../test-support/admin-products.js';
import { fieldMessages } from '../../../test-support/admin-forms.js';
import { auditLog } from '../../db/schema/index.js';

useAdminProductsShop();

const seo = {
  seo_title_ar: 'سبحة كهرمان بلطيقي أصلي',
  seo_title_en: 'Genuine Baltic amber prayer beads',
  seo_description_ar: 'سبحة كهرمان طبيعي بثلاث وثلاثين حبة، توصيل في الكويت.',
  seo_description_en: 'Natural amber, 33 beads, delivered across Kuwait.',
};
const tooLong = {
  seo_title_ar: 'س'.repeat(SEO_TITLE_MAX + 1),
  seo_description_en: 'a'.repeat(SEO_DESCRIPTION_MAX + 1),
};

async function trail(entity: 'products' | 'categories', id: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, id)))
    .orderBy(auditLog.id);
}

describe("a product's SEO title and description", () => {
  it('are saved, returned to the back office and the storefront, kept when left out and recorded in the trail', async () => {
    const created = await send('POST', '/api/products', { ...basics(), status: 'published', ...seo });
    expect(created.statusCode).toBe(201);
    const product = created.json().product as AdminProduct;
    expect(product).toMatchObject(seo);

    const publicView = await call('GET', `/api/products/${product.id}`);
    expect(publicView.json().product).toMatchObject(seo);

    // Left out: kept; sent blank: cleared.
    const saved = await send('PUT', `/api/products/${product.id}`, { ...basics(), seo_title_en: 'Amber beads', seo_description_ar: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().product).toMatchObject({
      seo_title_ar: seo.seo_title_ar,
      seo_title_en: 'Amber beads',
      seo_description_ar: null,
      seo_description_en: seo.seo_description_en,
    });

    const rows = await trail('products', product.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[1]!.changes).toMatchObject({
      seo_title_en: { from: seo.seo_title_en, to: 'Amber beads' },
      seo_description_ar: { from: seo.seo_description_ar, to: null },
    });
    expect(rows[1]!.changes).not.toHaveProperty('seo_title_ar');
  });

  it('refuses a title over 70 or a description over 160 characters with a message in each language, saving nothing', async () => {
    const created = await send('POST', '/api/products', { ...basics(), name: 'سبحة بلا حفظ' });
    const product = created.json().product as AdminProduct;
    const before = await trail('products', product.id);

    const english = await send('PUT', `/api/products/${product.id}`, { ...basics(), ...tooLong });
    expect(english.statusCode).toBe(400);
    expect(fieldMessages(english)).toMatchObject({
      seo_title_ar: `The search engine title must be at most ${SEO_TITLE_MAX} characters`,
      seo_description_en: `The search engine description must be at most ${SEO_DESCRIPTION_MAX} characters`,
    });
    const arabic = await send('PUT', `/api/products/${product.id}`, { ...basics(), ...tooLong }, [], { lang: 'ar' });
    expect(fieldMessages(arabic)).toMatchObject({
      seo_title_ar: `عنوان محركات البحث يجب ألا يزيد على ${SEO_TITLE_MAX} حرفاً`,
      seo_description_en: `وصف محركات البحث يجب ألا يزيد على ${SEO_DESCRIPTION_MAX} حرفاً`,
    });
    const refusedCreate = await send('POST', '/api/products', { ...basics(), name: 'سبحة مرفوضة', ...tooLong });
    expect(refusedCreate.statusCode).toBe(400);

    const staffView = await call('GET', `/api/products/${product.id}`, undefined, { token: admin.token });
    expect(staffView.json().product).toMatchObject({ seo_title_ar: null, seo_description_en: null });
    expect(await trail('products', product.id)).toHaveLength(before.length);
    const search = await call('GET', '/api/products?admin=true&search=%D9%85%D8%B1%D9%81%D9%88%D8%B6%D8%A9', undefined, { token: admin.token });
    expect(search.json().products).toEqual([]);
  });

  it('accepts exactly the limits, counting characters after trimming', async () => {
    const created = await send('POST', '/api/products', {
      ...basics(),
      seo_title_en: ` ${'t'.repeat(SEO_TITLE_MAX)} `,
      seo_description_ar: 'و'.repeat(SEO_DESCRIPTION_MAX),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().product).toMatchObject({ seo_title_en: 't'.repeat(SEO_TITLE_MAX) });
  });
});

describe("a category's SEO title and description", () => {
  it('are saved, shown to the storefront, kept when left out and recorded in the trail', async () => {
    const created = await call('POST', '/api/categories', { name: 'سبح الكهرمان للبحث', ...seo }, { token: admin.token });
    expect(created.statusCode).toBe(201);
    const category = created.json().category as Category;
    expect(category).toMatchObject(seo);

    const storefront = await call('GET', `/api/categories/slug/${encodeURIComponent(category.slug)}`);
    expect(storefront.json().category).toMatchObject(seo);

    const saved = await call('PUT', `/api/categories/${category.id}`, { seo_title_ar: '' }, { token: admin.token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().category).toMatchObject({ ...seo, seo_title_ar: null });

    const rows = await trail('categories', category.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[1]!.changes).toEqual(expect.objectContaining({ seo_title_ar: { from: seo.seo_title_ar, to: null } }));
  });

  it('refuses texts over the limits in both languages, saving nothing', async () => {
    const english = await call('POST', '/api/categories', { name: 'فئة مرفوضة', ...tooLong }, { token: admin.token });
    expect(english.statusCode).toBe(400);
    expect(fieldMessages(english)).toMatchObject({
      seo_title_ar: `The search engine title must be at most ${SEO_TITLE_MAX} characters`,
      seo_description_en: `The search engine description must be at most ${SEO_DESCRIPTION_MAX} characters`,
    });
    const arabic = await call('POST', '/api/categories', { name: 'فئة مرفوضة', ...tooLong }, { token: admin.token, lang: 'ar' });
    expect(fieldMessages(arabic).seo_title_ar).toBe(`عنوان محركات البحث يجب ألا يزيد على ${SEO_TITLE_MAX} حرفاً`);
    const list = await call('GET', '/api/categories?admin=true', undefined, { token: admin.token });
    expect(list.json().flat_categories.map((item: Category) => item.name)).not.toContain('فئة مرفوضة');
  });
});
