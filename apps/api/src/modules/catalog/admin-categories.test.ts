import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, type Category } from '@shop/shared';
import { apiCaller, type TestHttpMethod } from '../../../test-support/http.js';
import {
  existingImageFiles,
  folderFiles,
  uploadedName,
  type FormFile,
} from '../../../test-support/multipart.js';
import { fieldMessages, multipartSender, pictureFile, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, categories, products } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';
import { slugify } from './admin-categories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

const image = (format: 'png' | 'jpeg' = 'png', background?: string) => pictureFile('image', 'picture', format, background);

/** A form sent as multipart, by the administrator unless told. */
const sendForm = multipartSender(call, () => admin.token);

async function createViaApi(fields: Record<string, string>, files: FormFile[] = []): Promise<Category> {
  const reply = await sendForm('POST', '/api/categories', fields, files);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().category as Category;
}

async function row(id: number) {
  const [found] = await ctx.database.db.select().from(categories).where(eq(categories.id, id));
  return found;
}

async function categoryCount(): Promise<number> {
  const [result] = await ctx.database.db.select({ n: count() }).from(categories);
  return result!.n;
}

describe('slugify', () => {
  it('keeps Arabic letters, lower-cases Latin, hyphenates spaces and drops punctuation', () => {
    expect(slugify('سبح الكهرمان')).toBe('سبح-الكهرمان');
    expect(slugify('Baltic Amber')).toBe('baltic-amber');
    expect(slugify("  Men's  Beads & Gifts! ")).toBe('mens-beads-gifts');
    expect(slugify('سُبْحَة  يُسـر، فاخرة')).toBe('سبحة-يسر-فاخرة');
    expect(slugify('Crème brûlée 33')).toBe('creme-brulee-33');
    expect(slugify('مسبحة ٩٩ حبة')).toBe('مسبحة-99-حبة');
    expect(slugify('!!!')).toBe('');
    expect(slugify('a'.repeat(150)).length).toBeLessThanOrEqual(100);
  });
});

describe('permissions', () => {
  it('refuses writes without a session, to customers and to moderators', async () => {
    const target = await createCategory(ctx.database.db, { name: 'محمية' });
    const writes: Array<[TestHttpMethod, string]> = [
      ['POST', '/api/categories'],
      ['PUT', `/api/categories/${target.id}`],
      ['DELETE', `/api/categories/${target.id}`],
    ];
    for (const [method, url] of writes) {
      const payload = method === 'DELETE' ? undefined : { name: 'تغيير' };
      expect((await call(method, url, payload)).statusCode, `${method} guest`).toBe(401);
      for (const who of [customer, moderator]) {
        const reply = await call(method, url, payload, { token: who.token });
        expect(reply.statusCode, `${method} ${url}`).toBe(403);
        expect(reply.json().code).toBe('FORBIDDEN');
      }
    }
    expect((await row(target.id))?.name).toBe('محمية');
  });

  it('lets the administrator write (JSON works as well as multipart)', async () => {
    const created = await call('POST', '/api/categories', { name: 'بالـ JSON' }, { token: admin.token });
    expect(created.statusCode).toBe(201);
    const id = created.json().category.id as number;
    const updated = await call('PUT', `/api/categories/${id}`, { is_active: false }, { token: admin.token });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().category).toMatchObject({ name: 'بالـ JSON', is_active: false });
    const deleted = await call('DELETE', `/api/categories/${id}`, undefined, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
  });
});

describe('staff reads', () => {
  let hidden: number;
  let visible: number;

  beforeAll(async () => {
    const db = ctx.database.db;
    visible = (await createCategory(db, { name: 'ظاهرة', slug: 'visible-one' })).id;
    hidden = (await createCategory(db, { name: 'مخفية', slug: 'hidden-one', is_active: false, parent_id: visible })).id;
    await createCategory(db, { name: 'تحت المخفية', slug: 'under-hidden-one', parent_id: hidden });
    await createProduct(db, { category_id: hidden, status: 'published' });
    await createProduct(db, { category_id: hidden, status: 'draft' });
    await createProduct(db, { category_id: visible, status: 'draft' });
  });

  it('hides inactive categories from the public and from ?admin=true without catalog.read', async () => {
    for (const options of [{}, { token: customer.token }]) {
      for (const url of ['/api/categories', '/api/categories?admin=true']) {
        const reply = await call('GET', url, undefined, options);
        expect(reply.statusCode).toBe(200);
        const slugs = (reply.json().flat_categories as Category[]).map((category) => category.slug);
        expect(slugs).toContain('visible-one');
        expect(slugs).not.toContain('hidden-one');
        expect(reply.headers['cache-control']).toBe('public, max-age=60');
      }
      expect((await call('GET', `/api/categories/${hidden}`, undefined, options)).statusCode).toBe(404);
    }
  });

  it('lists every category for staff with their counts, never cached publicly', async () => {
    for (const who of [moderator, admin]) {
      const reply = await call('GET', '/api/categories?admin=true', undefined, { token: who.token });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(reply.headers.etag).toBeUndefined();
      const body = reply.json() as { categories: Category[]; flat_categories: Category[] };
      const bySlug = new Map(body.flat_categories.map((category) => [category.slug, category]));
      expect(bySlug.get('hidden-one')).toMatchObject({
        is_active: false,
        parent_id: visible,
        product_count: 2,
        children_count: 1,
        name_en: null,
        description_en: null,
      });
      expect(bySlug.get('visible-one')).toMatchObject({ product_count: 1, children_count: 1 });
      expect(bySlug.get('under-hidden-one')).toMatchObject({ product_count: 0, children_count: 0 });
      // The tree nests inactive categories as well.
      const visibleNode = body.categories.find((category) => category.slug === 'visible-one')!;
      expect(visibleNode.children!.map((category) => category.slug)).toEqual(['hidden-one']);
      expect(visibleNode.children![0]!.children!.map((category) => category.slug)).toEqual([
        'under-hidden-one',
      ]);
    }
  });

  it('lets staff read an inactive category with its subcategories', async () => {
    const reply = await call('GET', `/api/categories/${hidden}`, undefined, { token: moderator.token });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.json().category).toMatchObject({ id: hidden, is_active: false, product_count: 2 });
    expect(reply.json().category.children).toHaveLength(1);
    expect((await call('GET', '/api/categories/999999', undefined, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('POST /api/categories', () => {
  it('creates a category with a real PNG image served from /uploads/categories/', async () => {
    const category = await createViaApi(
      { name: 'سبح الكهرمان', description: 'كهرمان طبيعي', name_en: '', description_en: 'Natural amber' },
      [await image('png')],
    );
    expect(category).toMatchObject({
      name: 'سبح الكهرمان',
      name_en: null,
      slug: 'سبح-الكهرمان',
      description: 'كهرمان طبيعي',
      description_en: 'Natural amber',
      parent_id: null,
      is_active: true,
      product_count: 0,
      children_count: 0,
    });
    expect(category.image).toMatch(/^\/uploads\/categories\/[0-9a-f]{32}\.webp$/);
    const filename = uploadedName(category.image, 'categories');
    expect(existingImageFiles(ctx.config.uploadsDir, 'categories', filename)).toHaveLength(IMAGE_WIDTHS.length);
    const served = await call('GET', category.image!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // The public storefront shows it (and its English description) at once.
    const listed = (await call('GET', '/api/categories')).json().flat_categories as Category[];
    expect(listed.find((entry) => entry.id === category.id)).toMatchObject({
      slug: 'سبح-الكهرمان',
      description_en: 'Natural amber',
    });
  });

  it('makes the slug from the English name when there is one, unique with -2, -3', async () => {
    const first = await createViaApi({ name: 'كهرمان بلطيقي', name_en: 'Baltic Amber' });
    const second = await createViaApi({ name: 'كهرمان آخر', name_en: 'Baltic  amber!' });
    const third = await createViaApi({ name: 'كهرمان ثالث', name_en: 'BALTIC AMBER' });
    expect([first.slug, second.slug, third.slug]).toEqual(['baltic-amber', 'baltic-amber-2', 'baltic-amber-3']);
    const arabic = await createViaApi({ name: 'سبح الكهرمان' });
    expect(arabic.slug).toBe('سبح-الكهرمان-2');
    // An English name with nothing to make a slug of falls back to the Arabic one.
    const symbols = await createViaApi({ name: 'يسر أسود', name_en: '★★★' });
    expect(symbols.slug).toBe('يسر-أسود');
  });

  it('gives simultaneous categories of the same name distinct slugs', async () => {
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/categories', { name: 'فئة متزامنة', name_en: 'Same Time' }, { token: admin.token }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201]);
    const slugs = replies.map((reply) => reply.json().category.slug as string).sort();
    expect(slugs).toEqual(['same-time', 'same-time-2', 'same-time-3', 'same-time-4']);
  });

  it('takes a chosen slug when it is valid and free', async () => {
    const chosen = await createViaApi({ name: 'مختار', slug: ' Chosen-Slug ' });
    expect(chosen.slug).toBe('chosen-slug');
    const taken = await sendForm('POST', '/api/categories', { name: 'آخر', slug: 'chosen-slug' });
    expect(taken.statusCode).toBe(400);
    expect(fieldMessages(taken)).toEqual({ slug: 'Another category already uses this slug, please choose another one' });
    const invalid = await sendForm('POST', '/api/categories', { name: 'آخر', slug: 'bad slug!' });
    expect(Object.keys(fieldMessages(invalid))).toEqual(['slug']);
  });

  it('assigns the next sort order among the siblings when none is given', async () => {
    const parent = await createViaApi({ name: 'أب للترتيب' });
    const firstChild = await createViaApi({ name: 'ابن أول', parent_id: String(parent.id) });
    expect(firstChild.sort_order).toBe(1);
    await createViaApi({ name: 'ابن بترتيب', parent_id: String(parent.id), sort_order: '7' });
    const next = await createViaApi({ name: 'ابن تالٍ', parent_id: String(parent.id), sort_order: '' });
    expect(next).toMatchObject({ parent_id: parent.id, sort_order: 8 });
    const zero = await createViaApi({ name: 'ابن صفر', parent_id: String(parent.id), sort_order: '0' });
    expect(zero.sort_order).toBe(0);
    // Main categories count among themselves.
    const mains = (await call('GET', '/api/categories?admin=true', undefined, { token: admin.token })).json()
      .flat_categories as Category[];
    const largestMain = Math.max(
      ...mains.filter((category) => category.parent_id === null).map((category) => category.sort_order ?? 0),
    );
    const main = await createViaApi({ name: 'رئيسية جديدة' });
    expect(main.sort_order).toBe(largestMain + 1);
  });

  it('refuses bad fields each on its own field, in the request language, and creates nothing', async () => {
    const before = await categoryCount();
    const reply = await sendForm(
      'POST',
      '/api/categories',
      { name: '  ', parent_id: 'abc', sort_order: '-1', is_active: 'maybe' },
      [],
      { lang: 'ar' },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('VALIDATION_ERROR');
    expect(fieldMessages(reply)).toEqual({
      name: 'اسم الفئة مطلوب',
      parent_id: 'الفئة الرئيسية المختارة غير صحيحة',
      sort_order: 'الترتيب يجب أن يكون رقماً صحيحاً من 0 إلى 99999، أو يُترك فارغاً ليُعطى الرقم التالي',
      is_active: 'القيمة يجب أن تكون true أو false',
    });
    const long = await sendForm('POST', '/api/categories', { name: 'ا'.repeat(121) });
    expect(fieldMessages(long)).toEqual({ name: 'The category name must be at most 120 characters' });
    const missingParent = await sendForm('POST', '/api/categories', { name: 'يتيمة', parent_id: '999999' });
    expect(fieldMessages(missingParent)).toEqual({ parent_id: 'The chosen parent category does not exist' });
    expect(await categoryCount()).toBe(before);
  });

  it('refuses a text file named .png on the image field, storing nothing', async () => {
    const before = await categoryCount();
    const filesBefore = folderFiles(ctx.config.uploadsDir, 'categories');
    const reply = await sendForm('POST', '/api/categories', { name: 'بصورة مزيفة' }, [
      { field: 'image', name: 'photo.png', type: 'image/png', data: Buffer.from('just some text, not a picture') },
    ]);
    expect(reply.statusCode).toBe(400);
    expect(fieldMessages(reply)).toEqual({
      image: 'The file is not an image in a supported format (JPEG, PNG, WebP, GIF or AVIF)',
    });
    expect(await categoryCount()).toBe(before);
    expect(folderFiles(ctx.config.uploadsDir, 'categories')).toEqual(filesBefore);
  });

  it('removes the stored picture when the write is refused after it', async () => {
    const filesBefore = folderFiles(ctx.config.uploadsDir, 'categories');
    const reply = await sendForm('POST', '/api/categories', { name: 'بلا أب', parent_id: '999998' }, [
      await image('jpeg'),
    ]);
    expect(reply.statusCode).toBe(400);
    expect(folderFiles(ctx.config.uploadsDir, 'categories')).toEqual(filesBefore);
  });

  it('refuses a file in another field and a second image', async () => {
    const other = await sendForm('POST', '/api/categories', { name: 'ملف' }, [
      { ...(await image()), field: 'logo' },
    ]);
    expect(other.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(other))).toEqual(['logo']);
    const two = await sendForm('POST', '/api/categories', { name: 'صورتان' }, [await image(), await image('jpeg')]);
    expect(two.statusCode).toBe(400);
    expect(fieldMessages(two)).toEqual({ image: 'Only one image can be uploaded for a category' });
  });
});

describe('PUT /api/categories/:id', () => {
  it('keeps the slug on rename and changes it only when a slug is sent', async () => {
    const category = await createViaApi({ name: 'قديم', name_en: 'Old Name' });
    const renamed = await sendForm('PUT', `/api/categories/${category.id}`, {
      name: 'جديد',
      name_en: 'New Name',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().category).toMatchObject({ name: 'جديد', name_en: 'New Name', slug: 'old-name' });
    const reslugged = await sendForm('PUT', `/api/categories/${category.id}`, { slug: 'new-name' });
    expect(reslugged.json().category).toMatchObject({ name: 'جديد', slug: 'new-name' });
    const blank = await sendForm('PUT', `/api/categories/${category.id}`, { slug: '' });
    expect(blank.json().category.slug).toBe('new-name');
  });

  it('changes only the fields sent; an empty optional text clears it', async () => {
    const parent = await createViaApi({ name: 'أب' });
    const category = await createViaApi({
      name: 'جزئي',
      description: 'وصف',
      description_en: 'Text',
      parent_id: String(parent.id),
      sort_order: '4',
    });
    const reply = await sendForm('PUT', `/api/categories/${category.id}`, { description_en: '' });
    expect(reply.json().category).toMatchObject({
      name: 'جزئي',
      description: 'وصف',
      description_en: null,
      parent_id: parent.id,
      sort_order: 4,
      is_active: true,
    });
    const main = await sendForm('PUT', `/api/categories/${category.id}`, { parent_id: '' });
    expect(main.json().category.parent_id).toBeNull();
    const blankName = await sendForm('PUT', `/api/categories/${category.id}`, { name: '' });
    expect(fieldMessages(blankName)).toEqual({ name: 'Category name is required' });
  });

  it('refuses to make a category its own parent or a child of its descendants', async () => {
    const top = await createViaApi({ name: 'أعلى' });
    const middle = await createViaApi({ name: 'وسط', parent_id: String(top.id) });
    const bottom = await createViaApi({ name: 'أسفل', parent_id: String(middle.id) });

    const self = await sendForm('PUT', `/api/categories/${top.id}`, { parent_id: String(top.id) }, [], { lang: 'ar' });
    expect(self.statusCode).toBe(400);
    expect(fieldMessages(self)).toEqual({ parent_id: 'لا يمكن أن تكون الفئة فئةً رئيسية لنفسها' });
    for (const descendant of [middle, bottom]) {
      const reply = await sendForm('PUT', `/api/categories/${top.id}`, { parent_id: String(descendant.id) });
      expect(reply.statusCode).toBe(400);
      expect(fieldMessages(reply)).toEqual({
        parent_id: 'A category cannot be moved under one of its own subcategories',
      });
    }
    expect((await row(top.id))?.parent_id).toBeNull();
    // Moving a category under a category of another branch is fine.
    const other = await createViaApi({ name: 'فرع آخر' });
    const moved = await sendForm('PUT', `/api/categories/${middle.id}`, { parent_id: String(other.id) });
    expect(moved.json().category.parent_id).toBe(other.id);
  });

  it('never lets two simultaneous moves make a loop', async () => {
    const left = await createViaApi({ name: 'يسار' });
    const right = await createViaApi({ name: 'يمين' });
    const [leftMove, rightMove] = await Promise.all([
      call('PUT', `/api/categories/${left.id}`, { parent_id: right.id }, { token: admin.token }),
      call('PUT', `/api/categories/${right.id}`, { parent_id: left.id }, { token: admin.token }),
    ]);
    expect([leftMove.statusCode, rightMove.statusCode].sort()).toEqual([200, 400]);
    const refused = leftMove.statusCode === 400 ? leftMove : rightMove;
    expect(Object.keys(fieldMessages(refused))).toEqual(['parent_id']);
    const parents = [(await row(left.id))?.parent_id, (await row(right.id))?.parent_id];
    expect(parents.filter((parent) => parent === null)).toHaveLength(1);
  });

  it('replaces the image and removes the old files; remove_image drops it', async () => {
    const category = await createViaApi({ name: 'مصورة' }, [await image('png', '#123456')]);
    const oldName = uploadedName(category.image, 'categories');
    const replaced = await sendForm('PUT', `/api/categories/${category.id}`, {}, [await image('jpeg', '#654321')]);
    expect(replaced.statusCode).toBe(200);
    const newName = uploadedName(replaced.json().category.image, 'categories');
    expect(newName).not.toBe(oldName);
    expect(existingImageFiles(ctx.config.uploadsDir, 'categories', oldName)).toEqual([]);
    expect(existingImageFiles(ctx.config.uploadsDir, 'categories', newName)).toHaveLength(IMAGE_WIDTHS.length);
    expect((await call('GET', `/uploads/categories/${oldName}`)).statusCode).toBe(404);

    const removed = await sendForm('PUT', `/api/categories/${category.id}`, { remove_image: '1' });
    expect(removed.json().category.image).toBeNull();
    expect(existingImageFiles(ctx.config.uploadsDir, 'categories', newName)).toEqual([]);
  });

  it('answers 404 for an unknown category and keeps its new picture out of the folder', async () => {
    const filesBefore = folderFiles(ctx.config.uploadsDir, 'categories');
    const reply = await sendForm('PUT', '/api/categories/999999', { name: 'لا شيء' }, [await image()]);
    expect(reply.statusCode).toBe(404);
    expect(folderFiles(ctx.config.uploadsDir, 'categories')).toEqual(filesBefore);
  });
});

describe('DELETE /api/categories/:id', () => {
  it('keeps every product (uncategorised) and moves the children up to its parent', async () => {
    const db = ctx.database.db;
    const grand = await createViaApi({ name: 'جد' });
    const doomed = await createViaApi({ name: 'ستحذف', parent_id: String(grand.id) }, [await image()]);
    const childA = await createViaApi({ name: 'ابن أ', parent_id: String(doomed.id) });
    const childB = await createViaApi({ name: 'ابن ب', parent_id: String(doomed.id), is_active: '0' });
    const published = await createProduct(db, { category_id: doomed.id, status: 'published' });
    const draft = await createProduct(db, { category_id: doomed.id, status: 'draft' });

    // What the confirmation shows comes from the staff list.
    const listed = (await call('GET', '/api/categories?admin=true', undefined, { token: admin.token })).json()
      .flat_categories as Category[];
    expect(listed.find((category) => category.id === doomed.id)).toMatchObject({
      product_count: 2,
      children_count: 2,
    });

    const reply = await call('DELETE', `/api/categories/${doomed.id}`, undefined, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      message: 'Category deleted successfully',
      products_moved: 2,
      children_moved: 2,
    });
    expect(await row(doomed.id)).toBeUndefined();
    const kept = await db
      .select({ id: products.id, category_id: products.category_id })
      .from(products)
      .where(inArray(products.id, [published.id, draft.id]));
    expect(kept).toHaveLength(2);
    expect(kept.every((product) => product.category_id === null)).toBe(true);
    expect((await row(childA.id))?.parent_id).toBe(grand.id);
    expect((await row(childB.id))?.parent_id).toBe(grand.id);
    expect(existingImageFiles(ctx.config.uploadsDir, 'categories', uploadedName(doomed.image, 'categories'))).toEqual([]);
    // The published product is still on sale, without a category.
    const product = await call('GET', `/api/products/${published.id}`);
    expect(product.json().product).toMatchObject({ id: published.id, category_id: null });

    const again = await call('DELETE', `/api/categories/${doomed.id}`, undefined, { token: admin.token, lang: 'ar' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('الفئة غير موجودة');
  });

  it('moves the children of a main category to the top level and answers in Arabic', async () => {
    const main = await createViaApi({ name: 'رئيسية للحذف' });
    const child = await createViaApi({ name: 'فرعية', parent_id: String(main.id) });
    const reply = await call('DELETE', `/api/categories/${main.id}`, undefined, { token: admin.token, lang: 'ar' });
    expect(reply.json()).toMatchObject({ message: 'تم حذف الفئة بنجاح', products_moved: 0, children_moved: 1 });
    expect((await row(child.id))?.parent_id).toBeNull();
  });
});

describe('audit trail', () => {
  it('records each write with its actor and the changed fields', async () => {
    const db = ctx.database.db;
    const category = await createViaApi({ name: 'مؤرشفة', name_en: 'Audited' });
    await sendForm('PUT', `/api/categories/${category.id}`, { name: 'مؤرشفة 2', name_en: 'Audited' });
    const child = await createViaApi({ name: 'ابن مؤرشف', parent_id: String(category.id) });
    await call('DELETE', `/api/categories/${category.id}`, undefined, { token: admin.token });

    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'categories'), inArray(auditLog.entity_id, [category.id, child.id])))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.entity_id, entry.action])).toEqual([
      [category.id, 'create'],
      [category.id, 'update'],
      [child.id, 'create'],
      [child.id, 'update'],
      [category.id, 'delete'],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor_id: admin.user.id, actor_email: admin.user.email });
    }
    expect(entries[0]!.changes).toMatchObject({
      name: { from: null, to: 'مؤرشفة' },
      name_en: { from: null, to: 'Audited' },
      slug: { from: null, to: 'audited' },
    });
    // Only what changed: the English name was sent again unchanged.
    expect(entries[1]!.changes).toEqual({ name: { from: 'مؤرشفة', to: 'مؤرشفة 2' } });
    expect(entries[3]!.changes).toEqual({ parent_id: { from: category.id, to: null } });
    expect(entries[4]!.changes).toMatchObject({
      name: { from: 'مؤرشفة 2', to: null },
      child_category_ids: { from: [child.id], to: null },
      product_ids: { from: [], to: null },
    });
  });
});
