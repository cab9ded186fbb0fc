import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Product } from '@shop/shared';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createCategory, createProduct } from '../../seed/factories.js';

let ctx: TestContext;
const ids: Record<string, number> = {};
const yusrProducts: number[] = [];

const base = Date.UTC(2024, 0, 1);
const at = (minutes: number) => new Date(base + minutes * 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const add = async (key: string, values: Parameters<typeof createCategory>[1]) => {
    const row = await createCategory(db, values);
    ids[key] = row.id;
    return row.id;
  };
  const beads = await add('beads', {
    name: 'سبح',
    slug: 'beads',
    sort_order: 1,
    image: 'beads.webp',
  });
  const amber = await add('amber', {
    name: 'كهرمان',
    slug: 'amber',
    parent_id: beads,
    sort_order: 2,
  });
  const baltic = await add('baltic', {
    name: 'بلطيقي',
    slug: 'baltic',
    parent_id: amber,
    sort_order: 1,
  });
  const yusr = await add('yusr', { name: 'يسر', slug: 'yusr', parent_id: beads, sort_order: 1 });
  const hidden = await add('hidden', {
    name: 'مخفية',
    slug: 'hidden',
    parent_id: beads,
    is_active: false,
  });
  const underHidden = await add('underHidden', {
    name: 'تحت المخفية',
    slug: 'under-hidden',
    parent_id: hidden,
  });
  await add('wood', { name: 'خشب', slug: 'wood', description: 'أخشاب' });
  await add('stones', { name: 'أحجار', slug: 'stones' });
  await add('first', { name: 'صفر', slug: 'first', sort_order: 0 });

  await createProduct(db, { category_id: amber, created_at: at(1) });
  await createProduct(db, { category_id: amber, created_at: at(2) });
  await createProduct(db, { category_id: amber, status: 'draft', created_at: at(3) });
  await createProduct(db, { category_id: baltic, created_at: at(4) });
  await createProduct(db, { category_id: beads, created_at: at(5) });
  await createProduct(db, { category_id: hidden, created_at: at(6) });
  await createProduct(db, { category_id: underHidden, created_at: at(7) });
  for (let index = 0; index < 10; index += 1) {
    yusrProducts.push(
      (
        await createProduct(
          db,
          { category_id: yusr, created_at: at(100 + index) },
          { images: [`y${index}.webp`] },
        )
      ).id,
    );
  }
});

afterAll(async () => {
  await ctx.close();
});

const slugs = (categories: Category[]) => categories.map((category) => category.slug);

describe('GET /api/categories', () => {
  it('lists active categories flat, by sort order (missing last) then name', async () => {
    const response = await ctx.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json();
    expect(body.success).toBe(true);
    expect(slugs(body.flat_categories)).toEqual([
      'first',
      'baltic',
      'beads',
      'yusr',
      'amber',
      'stones',
      'under-hidden',
      'wood',
    ]);
    expect(
      body.flat_categories.every((category: Category) => category.children === undefined),
    ).toBe(true);
    expect(body.flat_categories[0].products).toBeUndefined();
  });

  it('nests the tree; a category under an inactive one becomes a root', async () => {
    const { categories } = (await ctx.app.inject('/api/categories')).json();
    expect(slugs(categories)).toEqual(['first', 'beads', 'stones', 'under-hidden', 'wood']);
    const beads = (categories as Category[]).find((category) => category.slug === 'beads')!;
    expect(slugs(beads.children!)).toEqual(['yusr', 'amber']);
    const amber = beads.children!.find((category) => category.slug === 'amber')!;
    expect(slugs(amber.children!)).toEqual(['baltic']);
    expect(amber.children![0]!.children).toEqual([]);
  });

  it('counts published products of each category and its active descendants', async () => {
    const { flat_categories } = (await ctx.app.inject('/api/categories')).json();
    const counts = Object.fromEntries(
      (flat_categories as Category[]).map((category) => [category.slug, category.product_count]),
    );
    expect(counts).toEqual({
      first: 0,
      baltic: 1,
      beads: 1 + 3 + 10,
      yusr: 10,
      amber: 2 + 1,
      stones: 0,
      'under-hidden': 1,
      wood: 0,
    });
  });

  it('shapes a category with its image as an upload path', async () => {
    const { flat_categories } = (await ctx.app.inject('/api/categories')).json();
    const beads = (flat_categories as Category[]).find((category) => category.slug === 'beads')!;
    expect(beads).toMatchObject({
      id: ids.beads,
      name: 'سبح',
      description: null,
      image: '/uploads/categories/beads.webp',
      parent_id: null,
      sort_order: 1,
      is_active: true,
    });
    expect(new Date(beads.created_at).toISOString()).toBe(beads.created_at);
    const wood = (flat_categories as Category[]).find((category) => category.slug === 'wood')!;
    expect(wood).toMatchObject({ image: null, description: 'أخشاب', sort_order: null });
  });

  it('adds up to 8 newest published products directly in each category when asked', async () => {
    const response = await ctx.app.inject('/api/categories?include_products=true');
    expect(response.statusCode).toBe(200);
    const { categories, flat_categories } = response.json();
    const flat = new Map(
      (flat_categories as Category[]).map((category) => [category.slug, category]),
    );
    expect(flat.get('yusr')!.products!.map((product: Product) => product.id)).toEqual(
      [...yusrProducts].reverse().slice(0, 8),
    );
    expect(flat.get('yusr')!.products![0]!.featured_image).toBe('/uploads/products/y9.webp');
    expect(flat.get('amber')!.products).toHaveLength(2);
    expect(
      flat.get('amber')!.products!.every((product: Product) => product.status === 'published'),
    ).toBe(true);
    expect(flat.get('beads')!.products).toHaveLength(1);
    expect(flat.get('wood')!.products).toEqual([]);
    const beads = (categories as Category[]).find((category) => category.slug === 'beads')!;
    expect(beads.products).toHaveLength(1);
    expect(beads.children![0]!.products).toHaveLength(8);
  });

  it('leaves products out when include_products is false', async () => {
    const { flat_categories } = (
      await ctx.app.inject('/api/categories?include_products=false')
    ).json();
    expect(flat_categories[0].products).toBeUndefined();
  });
});

describe('GET /api/categories/:id and /api/categories/slug/:slug', () => {
  it('returns an active category with its subcategories and count', async () => {
    const response = await ctx.app.inject(`/api/categories/${ids.amber}`);
    expect(response.statusCode).toBe(200);
    const { success, category } = response.json();
    expect(success).toBe(true);
    expect(category).toMatchObject({
      id: ids.amber,
      slug: 'amber',
      product_count: 3,
      parent_id: ids.beads,
    });
    expect(slugs(category.children)).toEqual(['baltic']);

    const bySlug = (await ctx.app.inject('/api/categories/slug/beads')).json();
    expect(bySlug.category).toMatchObject({ id: ids.beads, product_count: 14 });
    expect(slugs(bySlug.category.children)).toEqual(['yusr', 'amber']);
  });

  it('answers inactive and unknown categories with 404', async () => {
    for (const url of [
      `/api/categories/${ids.hidden}`,
      '/api/categories/999999',
      '/api/categories/slug/hidden',
      '/api/categories/slug/nothing-here',
    ]) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'الفئة غير موجودة',
      });
    }
    const english = await ctx.app.inject({
      url: '/api/categories/slug/hidden',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe('Category not found');
  });

  it('filters the product list by the same branch it counts', async () => {
    for (const slug of ['beads', 'amber', 'under-hidden', 'hidden']) {
      const { pagination } = (await ctx.app.inject(`/api/products?category=${slug}`)).json();
      const listed = (await ctx.app.inject('/api/categories')).json().flat_categories as Category[];
      expect(pagination.total).toBe(
        listed.find((category) => category.slug === slug)?.product_count ?? 0,
      );
    }
  });
});
