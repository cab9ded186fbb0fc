import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import CategoriesTab from './categories-tab';
import { categoriesQueryKeys, type CategoryRow } from './categories-api';
import { CategoryFormScreen } from './category-form-screen';
import { renderAdmin, textOf } from './render-for-test';

function category(id: number, parent_id: number | null, sort_order: number, name: string, extra: Partial<CategoryRow> = {}): CategoryRow {
  return {
    id,
    name,
    name_en: null,
    slug: `slug-${id}`,
    description: null,
    description_en: null,
    image: null,
    parent_id,
    sort_order,
    is_active: true,
    product_count: 0,
    children_count: 0,
    seo_title_ar: null,
    seo_title_en: null,
    seo_description_ar: null,
    seo_description_en: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}

// سبح (1) ─┬─ كهرمان (2) ── بلطيقي (4)
//          └─ فيروز (3, inactive)
// مسابح (5)
const categories: CategoryRow[] = [
  category(5, null, 2, 'مسابح'),
  category(3, 1, 2, 'فيروز', { is_active: false }),
  category(4, 2, 0, 'بلطيقي'),
  category(2, 1, 1, 'كهرمان', { name_en: 'Amber', description: 'كهرمان طبيعي', product_count: 4, children_count: 1, image: '/uploads/categories/a.webp' }),
  category(1, null, 1, 'سبح', { children_count: 2 }),
];

const fillList = (list: CategoryRow[]) => (client: QueryClient) => client.setQueryData(categoriesQueryKeys.lists(), list);

describe('categories tab', () => {
  it('lists every category in tree order with the English name, slug, status and count', () => {
    const html = renderAdmin(<CategoriesTab />, { lang: 'ar', role: 'admin', fill: fillList(categories) });
    const text = textOf(html);
    const order = ['سبح', 'كهرمان', 'بلطيقي', 'فيروز', 'مسابح'].map((name) => text.indexOf(` ${name} `));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Amber');
    expect(text).toContain('فئة فرعية من كهرمان');
    expect(text).toContain('slug-4');
    expect(text).toContain('فيروز فئة فرعية من سبح غير نشط');
    expect(html).toContain('href="/admin/categories/new"');
    expect(html).toContain('href="/admin/categories/edit/2"');
    expect(html).toContain('aria-label="حذف الفئة كهرمان"');
    expect(html).toContain('--depth:2');
    expect(text).not.toMatch(/admin-categories\.|admin\.common\./);
  });

  it('shows a moderator the list without add, edit or delete', () => {
    const html = renderAdmin(<CategoriesTab />, { lang: 'en', role: 'moderator', fill: fillList(categories) });
    expect(textOf(html)).toContain('only administrators can add, change or delete them');
    expect(html).not.toContain('/admin/categories/new');
    expect(html).not.toContain('/admin/categories/edit/');
    expect(html).not.toContain('Delete the category');
  });

  it('says when there is no category yet, with the way to add one', () => {
    const text = textOf(renderAdmin(<CategoriesTab />, { lang: 'en', role: 'admin', fill: fillList([]) }));
    expect(text).toContain('No categories yet');
    expect(text).toContain('Add category');
  });

  it('says when the search matches nothing', () => {
    const text = textOf(renderAdmin(<CategoriesTab />, { lang: 'en', role: 'admin', path: '/admin?tab=categories&search=zzz', fill: fillList(categories) }));
    expect(text).toContain('No category matches “zzz”');
    expect(text).toContain('Clear the search');
  });
});

describe('category form', () => {
  it('offers every category as a parent of a new one, after the "main category" option', () => {
    const html = renderAdmin(<CategoryFormScreen id={null} />, { lang: 'ar', role: 'admin', fill: fillList(categories) });
    const options = [...html.matchAll(/<option value="(\d*)"[^>]*>([^<]*)<\/option>/g)].map((match) => [match[1], match[2]]);
    expect(options[0]).toEqual(['', 'بدون فئة أب (فئة رئيسية)']);
    expect(options.map(([value]) => value)).toEqual(['', '1', '2', '4', '3', '5']);
    expect(options.find(([value]) => value === '3')?.[1]).toContain('فيروز (غير مفعّلة)');
    const text = textOf(html);
    expect(text).toContain('إنشاء الفئة');
    expect(text).toContain('الأرقام الأقل تظهر أولاً. إذا تُرك فارغاً يُعيَّن الرقم التالي تلقائياً.');
    expect(html).toContain('href="/admin?tab=categories"');
    expect(text).not.toMatch(/admin-categories\.|admin\.common\./);
  });

  it('when editing, fills the form and never offers the category itself nor its descendants', () => {
    const html = renderAdmin(<CategoryFormScreen id={2} />, {
      lang: 'en',
      role: 'admin',
      fill: (client) => {
        fillList(categories)(client);
        client.setQueryData(categoriesQueryKeys.detail(2), categories.find((item) => item.id === 2));
      },
    });
    const values = [...html.matchAll(/<option value="(\d*)"/g)].map((match) => match[1]);
    expect(values).toEqual(['', '1', '3', '5']);
    expect(html).toMatch(/<option value="1" selected="">/);
    expect(html).toContain('value="Amber"');
    expect(html).toContain('src="/uploads/categories/a.webp"');
    expect(textOf(html)).toContain('Update category');
  });

  it('tells a moderator the form is not theirs', () => {
    const text = textOf(renderAdmin(<CategoryFormScreen id={null} />, { lang: 'en', role: 'moderator', fill: fillList(categories) }));
    expect(text).toContain('You cannot change categories');
    expect(text).not.toContain('Create category');
  });
});
