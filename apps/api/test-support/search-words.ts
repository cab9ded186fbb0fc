import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { normalizeArabic } from '@shop/shared';
import { queryRows, type Database } from '../src/db/client.js';
import { categories, products } from '../src/db/schema/index.js';

// The search's stored words (products.search_tokens, search_vocabulary; docs/decisions/027)
// checked against the browser's normaliser: the search tests check them after every kind of write.

interface ProductTexts {
  id: number;
  name: string;
  name_en: string | null;
  short_description: string | null;
  short_description_en: string | null;
  description: string | null;
  description_en: string | null;
  category_id: number | null;
  search_tokens: string[];
}

/** The search document as the browser's normaliser (normalizeArabic) builds it, in words. */
function expectedWords(product: ProductTexts, categoryText: string | undefined): string[] {
  const own = normalizeArabic(
    [
      product.name,
      product.name_en ?? '',
      product.short_description ?? '',
      product.short_description_en ?? '',
      product.description ?? '',
      product.description_en ?? '',
    ].join(' '),
  );
  return `${own} ${categoryText ?? ''}`.split(' ');
}

/** Every product's words agree with the normaliser, and the vocabulary counts them. */
export async function expectWordsInStep(db: Database): Promise<void> {
  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      name_en: products.name_en,
      short_description: products.short_description,
      short_description_en: products.short_description_en,
      description: products.description,
      description_en: products.description_en,
      category_id: products.category_id,
      search_tokens: products.search_tokens,
    })
    .from(products);
  const categoryRows = await db.select().from(categories);
  const categoryTexts = new Map(
    categoryRows.map((category) => [
      category.id,
      normalizeArabic(
        [
          category.name,
          category.name_en ?? '',
          category.description ?? '',
          category.description_en ?? '',
        ].join(' '),
      ),
    ]),
  );
  const counts = new Map<string, number>();
  for (const product of productRows as ProductTexts[]) {
    const words = expectedWords(
      product,
      product.category_id === null ? undefined : categoryTexts.get(product.category_id),
    );
    expect(product.search_tokens, `words of product ${product.id}`).toEqual(words);
    for (const word of new Set(words)) {
      if (word !== '') counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const vocabulary = await queryRows<{ token: string; products: number; short_grams: string[] }>(
    db,
    sql`select token, products, short_grams from search_vocabulary`,
  );
  expect(new Map(vocabulary.map((row) => [row.token, Number(row.products)]))).toEqual(counts);
  for (const row of vocabulary) {
    const letters = [...row.token];
    const grams = new Set(letters);
    for (let i = 0; i + 1 < letters.length; i += 1) grams.add(letters[i]! + letters[i + 1]!);
    expect(new Set(row.short_grams), `short grams of ${row.token}`).toEqual(grams);
  }
}
