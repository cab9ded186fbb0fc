import { describe, expect, it } from 'vitest';
import {
  categoryFormData,
  categoryFormFrom,
  categoryFormProblems,
  descendantIds,
  emptyCategoryForm,
  indentedName,
  isCategoryFormDirty,
  parentOptions,
  parseCategoryId,
  parseSortOrder,
  searchRows,
  treeRows,
  untouchedImage,
  type CategoryValues,
} from './category-rules';

interface Node {
  id: number;
  parent_id: number | null;
  sort_order: number | null;
  name: string;
  name_en: string | null;
  slug: string;
  description: string | null;
  description_en: string | null;
}

function node(id: number, parent_id: number | null, sort_order: number | null, name = `c${id}`): Node {
  return { id, parent_id, sort_order, name, name_en: null, slug: `slug-${id}`, description: null, description_en: null };
}

// 1 ─┬─ 2 ── 4
//    └─ 3
// 5 ── 6
const tree: Node[] = [node(6, 5, 0), node(4, 2, 0), node(3, 1, 2), node(2, 1, 1), node(5, null, 2), node(1, null, 1)];
const shape = (rows: { category: Node; depth: number }[]) => rows.map((row) => [row.category.id, row.depth]);

describe('tree order of the list', () => {
  it('puts every subcategory under its parent, siblings by sort order', () => {
    expect(shape(treeRows(tree))).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
      [3, 1],
      [5, 0],
      [6, 1],
    ]);
  });

  it('keeps the server order between equal or missing sort orders (missing last)', () => {
    const rows = treeRows([node(9, null, null), node(8, null, 0), node(7, null, 0)]);
    expect(rows.map((row) => row.category.id)).toEqual([8, 7, 9]);
  });

  it('shows a category whose parent is not listed as a main one', () => {
    expect(shape(treeRows([node(1, 99, 0), node(2, 1, 0)]))).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });

  it('never hides or repeats a category caught in a parent loop', () => {
    const rows = treeRows([node(1, 2, 0), node(2, 1, 0), node(3, 3, 0), node(4, null, 0)]);
    expect(rows.map((row) => row.category.id).sort()).toEqual([1, 2, 3, 4]);
    expect(rows).toHaveLength(4);
  });
});

describe('parents a category may take', () => {
  it('knows every category below one', () => {
    expect([...descendantIds(tree, 1)].sort()).toEqual([2, 3, 4]);
    expect([...descendantIds(tree, 4)]).toEqual([]);
    expect([...descendantIds([node(1, 2, 0), node(2, 1, 0)], 1)]).toEqual([2]);
  });

  it('offers every category for a new one', () => {
    expect(parentOptions(tree, null).map((row) => row.category.id)).toEqual([1, 2, 4, 3, 5, 6]);
  });

  it('never offers the category itself nor its descendants when editing', () => {
    expect(parentOptions(tree, 1).map((row) => row.category.id)).toEqual([5, 6]);
    expect(parentOptions(tree, 2).map((row) => row.category.id)).toEqual([1, 3, 5, 6]);
    expect(parentOptions(tree, 6).map((row) => row.category.id)).toEqual([1, 2, 4, 3, 5]);
  });

  it('indents a subcategory in the select', () => {
    expect(indentedName('سبح', 0)).toBe('سبح');
    expect(indentedName('كهرمان', 2)).toBe('\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0↳ كهرمان');
  });
});

describe('search', () => {
  const rows = treeRows([
    { ...node(1, null, 0, 'سبح الكهرمان'), name_en: 'Amber beads' },
    { ...node(2, 1, 0, 'مسابح'), description: 'سبحة مصنوعة يدوياً' },
    node(3, null, 1, 'أخرى'),
  ]);

  it('matches names in both languages, slugs and descriptions, Arabic-aware, in tree order', () => {
    expect(searchRows(rows, 'amber').map((row) => row.category.id)).toEqual([1]);
    expect(searchRows(rows, 'سبحه').map((row) => row.category.id)).toEqual([2]);
    expect(searchRows(rows, 'اخرى').map((row) => row.category.id)).toEqual([3]);
    expect(searchRows(rows, 'slug-2').map((row) => [row.category.id, row.depth])).toEqual([[2, 1]]);
  });

  it('shows everything for a blank search and nothing for no match', () => {
    expect(searchRows(rows, '  ')).toHaveLength(3);
    expect(searchRows(rows, 'zzz')).toEqual([]);
  });
});

const stored: CategoryValues = {
  name: 'سبح',
  name_en: 'Beads',
  description: null,
  description_en: null,
  parent_id: 3,
  sort_order: 4,
  is_active: false,
  image: '/uploads/categories/a.webp',
};

describe('category form', () => {
  it('starts a new category as main, active, with the sort order left to the server', () => {
    expect(emptyCategoryForm()).toEqual({
      name: '',
      name_en: '',
      description: '',
      description_en: '',
      parent_id: '',
      sort_order: '',
      is_active: true,
      seo_title_ar: '',
      seo_title_en: '',
      seo_description_ar: '',
      seo_description_en: '',
    });
  });

  it('fills the form from a stored category', () => {
    expect(categoryFormFrom(stored)).toEqual({
      name: 'سبح',
      name_en: 'Beads',
      description: '',
      description_en: '',
      parent_id: '3',
      sort_order: '4',
      is_active: false,
      seo_title_ar: '',
      seo_title_en: '',
      seo_description_ar: '',
      seo_description_en: '',
    });
    expect(categoryFormFrom({ ...stored, parent_id: null, sort_order: null })).toMatchObject({ parent_id: '', sort_order: '' });
  });

  it('is dirty after a real change, a chosen image or a removed one, not after spaces', () => {
    const initial = categoryFormFrom(stored);
    expect(isCategoryFormDirty(initial, initial, untouchedImage)).toBe(false);
    expect(isCategoryFormDirty({ ...initial, name: ' سبح ' }, initial, untouchedImage)).toBe(false);
    expect(isCategoryFormDirty({ ...initial, name: 'سبحة' }, initial, untouchedImage)).toBe(true);
    expect(isCategoryFormDirty({ ...initial, is_active: true }, initial, untouchedImage)).toBe(true);
    expect(isCategoryFormDirty({ ...initial, parent_id: '' }, initial, untouchedImage)).toBe(true);
    expect(isCategoryFormDirty(initial, initial, { file: null, removed: true })).toBe(true);
    expect(isCategoryFormDirty(initial, initial, { file: new File(['x'], 'a.png', { type: 'image/png' }), removed: false })).toBe(true);
  });

  it('reads a sort order as a whole number from 0', () => {
    expect(parseSortOrder('0')).toBe(0);
    expect(parseSortOrder(' 12 ')).toBe(12);
    expect(parseSortOrder('١٢')).toBe(12);
    expect(parseSortOrder('۱۲')).toBe(12);
    expect(parseSortOrder('-1')).toBeNull();
    expect(parseSortOrder('1.5')).toBeNull();
    expect(parseSortOrder('1e2')).toBeNull();
    expect(parseSortOrder('abc')).toBeNull();
  });
});

describe('checks before sending', () => {
  const parents = new Set([1, 2]);

  it('needs a name (not just spaces)', () => {
    expect(categoryFormProblems({ ...emptyCategoryForm(), name: '   ' }, parents)).toEqual({ name: 'admin-categories.validation.name_required' });
    expect(categoryFormProblems({ ...emptyCategoryForm(), name: 'سبح' }, parents)).toEqual({});
  });

  it('takes an empty sort order (the next number) or a whole number of at least 0', () => {
    const form = { ...emptyCategoryForm(), name: 'سبح' };
    expect(categoryFormProblems({ ...form, sort_order: '' }, parents)).toEqual({});
    expect(categoryFormProblems({ ...form, sort_order: '0' }, parents)).toEqual({});
    expect(categoryFormProblems({ ...form, sort_order: '99999' }, parents)).toEqual({});
    expect(categoryFormProblems({ ...form, sort_order: '100000' }, parents)).toEqual({ sort_order: 'admin-categories.validation.sort_order_invalid' });
    expect(categoryFormProblems({ ...form, sort_order: '-1' }, parents)).toEqual({ sort_order: 'admin-categories.validation.sort_order_invalid' });
    expect(categoryFormProblems({ ...form, sort_order: '2.5' }, parents)).toEqual({ sort_order: 'admin-categories.validation.sort_order_invalid' });
  });

  it('refuses a parent the select did not offer (itself or a descendant)', () => {
    const form = { ...emptyCategoryForm(), name: 'سبح' };
    expect(categoryFormProblems({ ...form, parent_id: '2' }, parents)).toEqual({});
    expect(categoryFormProblems({ ...form, parent_id: '7' }, parents)).toEqual({ parent_id: 'admin-categories.validation.parent_invalid' });
  });

  it('refuses texts over their length', () => {
    const form = { ...emptyCategoryForm(), name: 'ا'.repeat(121), name_en: 'a'.repeat(121), description_en: 'a'.repeat(2001) };
    expect(categoryFormProblems(form, parents)).toEqual({
      name: 'admin-categories.validation.name_too_long',
      name_en: 'admin-categories.validation.name_too_long',
      description_en: 'admin-categories.validation.description_too_long',
    });
  });
});

describe('multipart body', () => {
  const entries = (body: FormData) => Object.fromEntries([...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`]));

  it('sends trimmed texts, an empty parent for a main category and an empty sort order for the next number', () => {
    const body = categoryFormData({ ...emptyCategoryForm(), name: ' سبح ', name_en: ' Beads ', description: ' سطر\nسطر ' }, untouchedImage);
    expect(entries(body)).toEqual({
      name: 'سبح',
      name_en: 'Beads',
      description: 'سطر\nسطر',
      description_en: '',
      parent_id: '',
      sort_order: '',
      is_active: '1',
      seo_title_ar: '',
      seo_title_en: '',
      seo_description_ar: '',
      seo_description_en: '',
    });
  });

  it('sends the parent, a normalised sort order and is_active 0', () => {
    const body = categoryFormData({ ...emptyCategoryForm(), name: 'سبح', parent_id: '3', sort_order: ' ٠٧ ', is_active: false }, untouchedImage);
    expect(entries(body)).toMatchObject({ parent_id: '3', sort_order: '7', is_active: '0' });
  });

  it('sends a chosen image, or remove_image when the stored one was removed', () => {
    const file = new File(['x'], 'photo.png', { type: 'image/png' });
    const form = { ...emptyCategoryForm(), name: 'سبح' };
    expect(entries(categoryFormData(form, { file, removed: true }))).toMatchObject({ image: 'file:photo.png' });
    expect(entries(categoryFormData(form, { file, removed: true }))).not.toHaveProperty('remove_image');
    expect(entries(categoryFormData(form, { file: null, removed: true }))).toMatchObject({ remove_image: '1' });
    const untouched = entries(categoryFormData(form, untouchedImage));
    expect(untouched).not.toHaveProperty('image');
    expect(untouched).not.toHaveProperty('remove_image');
  });
});

describe('the id in the edit address', () => {
  it('is a positive whole number', () => {
    expect(parseCategoryId('12')).toBe(12);
    expect(parseCategoryId('0')).toBeNull();
    expect(parseCategoryId('012')).toBeNull();
    expect(parseCategoryId('abc')).toBeNull();
    expect(parseCategoryId('1.5')).toBeNull();
    expect(parseCategoryId('99999999999')).toBeNull();
    expect(parseCategoryId(undefined)).toBeNull();
  });
});
