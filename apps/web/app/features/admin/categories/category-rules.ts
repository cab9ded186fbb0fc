import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_SORT_ORDER_MAX,
  latinDigits,
  matchesSearch,
  type SeoTexts,
} from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';
import { emptySeoForm, seoFormFrom, seoFormProblems, setSeoFields, type SeoForm } from '../ui/seo-rules';

/**
 * The rules of the categories tab and the category form: the tree
 * order of the list, which parents a category may take, what is
 * checked before sending, and the multipart body of POST/PUT /api/categories. The server checks
 * again (including that a category never becomes its own ancestor).
 */

/** What the tree needs of a category. */
export interface TreeNode {
  id: number;
  parent_id: number | null;
  sort_order: number | null;
}

export interface TreeRow<Node extends TreeNode> {
  category: Node;
  /** 0 for a main category, 1 for its subcategories, and so on. */
  depth: number;
}

/** Siblings by sort order (a missing one last), then in the order the server listed them. */
function siblingOrder<Node extends TreeNode>(nodes: readonly Node[]): Node[] {
  const position = new Map(nodes.map((node, index) => [node.id, index]));
  return [...nodes].sort(
    (a, b) =>
      (a.sort_order ?? Number.MAX_SAFE_INTEGER) - (b.sort_order ?? Number.MAX_SAFE_INTEGER) ||
      (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
  );
}

/**
 * The categories in tree order: each main category followed by its subcategories (depth-first),
 * siblings by sort order. A category whose parent is not in the list is shown as a main one;
 * a parent loop (which the server prevents) cannot hide or repeat a category.
 */
export function treeRows<Node extends TreeNode>(categories: readonly Node[]): TreeRow<Node>[] {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<number | null, Node[]>();
  for (const category of categories) {
    const parent = category.parent_id !== null && ids.has(category.parent_id) && category.parent_id !== category.id ? category.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(category);
    children.set(parent, list);
  }
  const rows: TreeRow<Node>[] = [];
  const seen = new Set<number>();
  const visit = (node: Node, depth: number) => {
    if (seen.has(node.id)) return;
    seen.add(node.id);
    rows.push({ category: node, depth });
    for (const child of siblingOrder(children.get(node.id) ?? [])) visit(child, depth + 1);
  };
  for (const root of siblingOrder(children.get(null) ?? [])) visit(root, 0);
  // Members of a parent loop are reachable from no main category: show them as main ones.
  for (const category of siblingOrder(categories)) visit(category, 0);
  return rows;
}

/** The ids of every category below `id` (its children, their children, …), not `id` itself. */
export function descendantIds(categories: readonly TreeNode[], id: number): Set<number> {
  const below = new Set<number>();
  let frontier = [id];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const category of categories) {
      if (category.parent_id !== null && frontier.includes(category.parent_id) && category.id !== id && !below.has(category.id)) {
        below.add(category.id);
        next.push(category.id);
      }
    }
    frontier = next;
  }
  return below;
}

/**
 * The categories the parent select offers, in tree order: all of them for a new category; when
 * editing, neither the category itself nor any of its descendants (that would make a loop).
 */
export function parentOptions<Node extends TreeNode>(categories: readonly Node[], editingId: number | null): TreeRow<Node>[] {
  const rows = treeRows(categories);
  if (editingId === null) return rows;
  const excluded = descendantIds(categories, editingId);
  excluded.add(editingId);
  return rows.filter((row) => !excluded.has(row.category.id));
}

/** A select option's text: the name indented by its depth, since <option> takes no styling. */
export function indentedName(name: string, depth: number): string {
  return depth > 0 ? `${'\u00a0\u00a0\u00a0'.repeat(depth)}↳ ${name}` : name;
}

// ---------- the form ----------

/** What the form needs of a stored category. */
export interface CategoryValues {
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  parent_id: number | null;
  sort_order: number | null;
  is_active: boolean;
  image: string | null;
}

export interface CategoryForm extends SeoForm {
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  /** The parent's id as the select holds it; '' means a main category. */
  parent_id: string;
  /** As typed: empty (the server assigns the next number) or a whole number ≥ 0. */
  sort_order: string;
  is_active: boolean;
}

/** The form's text fields in screen order (the focus goes to the first invalid one); the image comes after them. */
export const categoryFields = [
  'name',
  'name_en',
  'description',
  'description_en',
  'parent_id',
  'sort_order',
  'seo_title_ar',
  'seo_description_ar',
  'seo_title_en',
  'seo_description_en',
] as const;
export type CategoryField = (typeof categoryFields)[number];

/** A new category: main, active, sort order left to the server. */
export function emptyCategoryForm(): CategoryForm {
  return {
    name: '',
    name_en: '',
    description: '',
    description_en: '',
    parent_id: '',
    sort_order: '',
    is_active: true,
    ...emptySeoForm(),
  };
}

/** The form of a stored category. */
export function categoryFormFrom(category: CategoryValues & Partial<SeoTexts>): CategoryForm {
  return {
    name: category.name,
    name_en: category.name_en ?? '',
    description: category.description ?? '',
    description_en: category.description_en ?? '',
    parent_id: category.parent_id === null ? '' : String(category.parent_id),
    sort_order: category.sort_order === null ? '' : String(category.sort_order),
    is_active: category.is_active,
    ...seoFormFrom(category),
  };
}

/** The picture of the form: a newly chosen file, and whether the stored one was removed. */
export interface CategoryImageState {
  file: File | null;
  removed: boolean;
}

export const untouchedImage: CategoryImageState = { file: null, removed: false };

/** Whether the form differs from where it started (a new picture or a removed one counts). */
export function isCategoryFormDirty(form: CategoryForm, initial: CategoryForm, image: CategoryImageState): boolean {
  if (image.file !== null || image.removed) return true;
  return (Object.keys(initial) as (keyof CategoryForm)[]).some((key) => {
    const now = form[key];
    const before = initial[key];
    return typeof now === 'string' && typeof before === 'string' ? now.trim() !== before.trim() : now !== before;
  });
}

/**
 * A sort order as typed: a whole number from 0 (Arabic-Indic and Persian digits accepted), or null when it is
 * not one. Empty is handled by the caller: it means "the next number".
 */
export function parseSortOrder(value: string): number | null {
  const text = latinDigits(value.trim());
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/** Length in characters as the server counts them (an emoji counts once). */
function length(text: string): number {
  return [...text.trim()].length;
}

/**
 * The checks before sending: a name; the sort order, when given, a whole number
 * from 0 to CATEGORY_SORT_ORDER_MAX; texts within their length; a parent the form offered.
 */
export function categoryFormProblems(
  form: CategoryForm,
  allowedParents: ReadonlySet<number>,
): Partial<Record<CategoryField, MessageKey>> {
  const problems: Partial<Record<CategoryField, MessageKey>> = { ...seoFormProblems(form) };
  if (!form.name.trim()) problems.name = 'admin-categories.validation.name_required';
  else if (length(form.name) > CATEGORY_NAME_MAX) problems.name = 'admin-categories.validation.name_too_long';
  if (length(form.name_en) > CATEGORY_NAME_MAX) problems.name_en = 'admin-categories.validation.name_too_long';
  if (length(form.description) > CATEGORY_DESCRIPTION_MAX) problems.description = 'admin-categories.validation.description_too_long';
  if (length(form.description_en) > CATEGORY_DESCRIPTION_MAX) problems.description_en = 'admin-categories.validation.description_too_long';
  if (form.parent_id !== '' && !allowedParents.has(Number(form.parent_id))) problems.parent_id = 'admin-categories.validation.parent_invalid';
  if (form.sort_order.trim() !== '') {
    const sortOrder = parseSortOrder(form.sort_order);
    if (sortOrder === null || sortOrder > CATEGORY_SORT_ORDER_MAX) problems.sort_order = 'admin-categories.validation.sort_order_invalid';
  }
  return problems;
}

/**
 * The multipart body of POST /api/categories and PUT /api/categories/:id: texts trimmed (an empty
 * optional text clears it), parent_id empty for a main category, sort_order empty for "the next
 * number", is_active 1 or 0, the image only when one was chosen, remove_image=1 when the stored
 * one was removed and none replaces it.
 */
export function categoryFormData(form: CategoryForm, image: CategoryImageState): FormData {
  const body = new FormData();
  body.set('name', form.name.trim());
  body.set('name_en', form.name_en.trim());
  body.set('description', form.description.trim());
  body.set('description_en', form.description_en.trim());
  body.set('parent_id', form.parent_id);
  const sortOrder = form.sort_order.trim();
  body.set('sort_order', sortOrder === '' ? '' : String(parseSortOrder(sortOrder) ?? sortOrder));
  body.set('is_active', form.is_active ? '1' : '0');
  setSeoFields(body, form);
  if (image.file) body.set('image', image.file, image.file.name);
  else if (image.removed) body.set('remove_image', '1');
  return body;
}

// ---------- the list ----------

/** What the list's search looks through. */
export interface SearchableCategory {
  name: string;
  name_en: string | null;
  slug: string;
  description: string | null;
  description_en: string | null;
}

/**
 * The rows whose name, English name, slug or description match the search (Arabic-aware: hamza
 * forms, ta marbuta and diacritics do not matter), still in tree order; all rows when it is blank.
 */
export function searchRows<Node extends TreeNode & SearchableCategory>(rows: readonly TreeRow<Node>[], query: string): TreeRow<Node>[] {
  if (!query.trim()) return [...rows];
  return rows.filter(({ category }) =>
    matchesSearch(
      [category.name, category.name_en, category.slug, category.description, category.description_en].filter(Boolean).join(' '),
      query,
    ),
  );
}

/** The id in /admin/categories/edit/{id}, or null when it is not a category id. */
export function parseCategoryId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
