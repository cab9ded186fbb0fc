import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCategoryCreateSchema,
  adminCategoryUpdateSchema,
  productFormSchema,
  type ProductForm,
} from '@shop/shared';
import { queryRows } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';
import { signedInAs } from '../../../test-support/staff.js';
import { expectWordsInStep } from '../../../test-support/search-words.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import type { Actor } from '../audit/index.js';

// The search's stored words (products.search_tokens, search_vocabulary; docs/decisions/027)
// follow every write of the back office. (search-tokens.test.ts compares the answers.)

let ctx: TestContext;
let actor: Actor;

beforeAll(async () => {
  ctx = await createTestApp();
  const { user } = await signedInAs(ctx, 'admin');
  actor = { id: user.id, email: user.email };
});

afterAll(async () => {
  await ctx.close();
});

/** A product form as the back office's route parses it. */
function form(values: Record<string, string | number>): ProductForm {
  return productFormSchema.parse({
    price: '5',
    stock_quantity: '3',
    status: 'published',
    ...values,
  });
}

describe('the stored words of the search', () => {
  it('follow product creation, edits and deletion through the back office', async () => {
    const services = ctx.app.services;
    const category = await services.adminCategories.create(
      actor,
      adminCategoryCreateSchema.parse({
        name: 'مِسْبَحَات الكَهْرَمان',
        name_en: 'Amber  Rosaries',
        description: 'أحجار مُختارة ٣٣ و٩٩',
      }),
    );
    const created = await services.adminProducts.createProduct(
      form({
        name: 'سُبْحَةٌ كهرمانٍ   أصلية ٣٣ حبة',
        name_en: 'Baltic AMBER Prayer-Beads, No. 7',
        short_description: 'هديّة\tفاخرة\nمع شرّابة',
        description_en: "Tiger's eye & 100% natural_stone \\ edition",
        category_id: category.id,
      }),
      [],
      actor,
    );
    await expectWordsInStep(ctx.database.db);

    await services.adminProducts.updateProduct(
      created.id,
      form({
        name: 'مسبحة يُسْر إيرانية',
        name_en: 'Yusr Iranian',
        description: 'خرز كبير',
        category_id: category.id,
      }),
      [],
      actor,
    );
    await expectWordsInStep(ctx.database.db);

    const second = await services.adminProducts.createProduct(
      form({ name: 'سبحة يسر', name_en: 'Yusr beads', category_id: category.id }),
      [],
      actor,
    );
    await services.adminProducts.deleteProduct(created.id, actor);
    await expectWordsInStep(ctx.database.db);
    // A word only the deleted product had is gone from the vocabulary; shared ones count one less.
    const [iranian] = await queryRows<{ products: number }>(
      ctx.database.db,
      sql`select products from search_vocabulary where token = 'ايرانيه'`,
    );
    expect(iranian).toBeUndefined();
    const [yusr] = await queryRows<{ products: number }>(
      ctx.database.db,
      sql`select products from search_vocabulary where token = 'يسر'`,
    );
    expect(Number(yusr?.products)).toBe(1);
    await services.adminProducts.deleteProduct(second.id, actor);
    await expectWordsInStep(ctx.database.db);
  });

  it('follow a category renamed, texts in English, and products moved or left without one', async () => {
    const db = ctx.database.db;
    const services = ctx.app.services;
    const first = await createCategory(db, { name: 'سبح خشب', slug: `wood-${Date.now()}` });
    const second = await createCategory(db, { name: 'سبح عقيق', slug: `agate-${Date.now()}` });
    const rows = await Promise.all(
      ['زيتون', 'أبنوس', 'صندل'].map((wood, index) =>
        createProduct(db, { name: `سبحة ${wood}`, category_id: index < 2 ? first.id : null }),
      ),
    );
    await expectWordsInStep(ctx.database.db);
    await services.adminCategories.update(
      actor,
      first.id,
      adminCategoryUpdateSchema.parse({
        name: 'مسابح الأخشاب',
        name_en: 'Wooden Prayer Beads',
        description_en: 'Olive, EBONY and sandal',
      }),
    );
    await expectWordsInStep(ctx.database.db);
    await db.update(products).set({ category_id: second.id }).where(eq(products.id, rows[0]!.id));
    await db.update(products).set({ category_id: first.id }).where(eq(products.id, rows[2]!.id));
    await db
      .update(products)
      .set({ name_en: 'Ebony prayer beads', stock_quantity: 0 })
      .where(eq(products.id, rows[1]!.id));
    await expectWordsInStep(ctx.database.db);
    // Many rows in one statement (an import): one trigger call counts them all.
    await db.insert(products).values(
      Array.from({ length: 30 }, (_, index) => ({
        name: `سبحة رقم ${index} ${index % 2 === 0 ? 'كهرمان' : 'Amber'}`,
        price: 1_000,
        category_id: index % 3 === 0 ? second.id : null,
      })),
    );
    await expectWordsInStep(ctx.database.db);
    await services.adminCategories.remove(actor, second.id);
    await expectWordsInStep(ctx.database.db);
    await db.delete(products);
    await expectWordsInStep(ctx.database.db);
    const [left] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::integer as count from search_vocabulary`,
    );
    expect(Number(left?.count)).toBe(0);
  });
});
