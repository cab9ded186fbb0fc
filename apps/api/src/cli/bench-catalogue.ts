// Fills a database with a large synthetic catalogue for benchmarks (default 10,000 products).
// Usage: DATABASE_URL=postgres://... npm run bench:data -- --products 10000
// Refuses to touch a store that already has products, so it cannot pollute a real shop.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { isEmptyStore, openConfiguredDatabase } from '../db/client.js';
import { categories, productImages, products } from '../db/schema/index.js';
import { seedDemoLocations } from '../seed/demo-locations.js';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const total = Number(values.products);
if (!Number.isInteger(total) || total < 1 || total > 1_000_000) {
  console.error('--products must be a whole number between 1 and 1,000,000');
  process.exit(1);
}

const materials = ['كهرمان', 'يسر', 'عقيق', 'فيروز', 'كوك', 'خشب الزيتون', 'كريستال', 'صندل', 'مرجان', 'عين النمر', 'أونيكس', 'لؤلؤ'];
const styles = ['بلطيقي', 'يماني', 'مطعّم بالفضة', 'فاخر', 'كلاسيكي', 'مضغوط', 'طبيعي', 'ملكي', 'تركي', 'إيراني'];
// The same materials and styles in English (the English storefront's texts), in the same order.
const materialsEn = ['amber', 'black coral', 'agate', 'turquoise', 'kuka', 'olive wood', 'crystal', 'sandalwood', 'coral', "tiger's eye", 'onyx', 'pearl'];
const stylesEn = ['Baltic', 'Yemeni', 'silver-inlaid', 'luxury', 'classic', 'pressed', 'natural', 'royal', 'Turkish', 'Iranian'];
const beads = [33, 45, 66, 99, 101];

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  if (!(await isEmptyStore(database.db))) {
    console.error('The store is not empty; use a fresh database for benchmarks.');
    process.exitCode = 1;
  } else {
    const categoryRows = await database.db
      .insert(categories)
      .values(
        materials.map((name, index) => ({
          name: `سبح ${name}`,
          name_en: `${materialsEn[index]!} prayer beads`,
          slug: `bench-${index}`,
          sort_order: index,
        })),
      )
      .returning({ id: categories.id });
    const started = Date.now();
    const batchSize = 1000;
    for (let offset = 0; offset < total; offset += batchSize) {
      const rows = Array.from({ length: Math.min(batchSize, total - offset) }, (_, i) => {
        const n = offset + i;
        const material = materials[n % materials.length]!;
        const style = styles[Math.floor(n / materials.length) % styles.length]!;
        const count = beads[n % beads.length]!;
        const materialEn = materialsEn[n % materials.length]!;
        const styleEn = stylesEn[Math.floor(n / materials.length) % styles.length]!;
        const price = 3_000 + ((n * 7_919) % 300_000);
        return {
          name: `سبحة ${material} ${style} ${count} حبة رقم ${n + 1}`,
          short_description: `سبحة ${material} ${style} من ${count} حبة`,
          description: `سبحة ${material} ${style} مصنوعة يدوياً من ${count} حبة مع شرابة وفواصل فضية.`,
          name_en: `${styleEn} ${materialEn} prayer beads, ${count} beads, no. ${n + 1}`,
          short_description_en: `${styleEn} ${materialEn} prayer beads of ${count} beads`,
          description_en: `Handmade ${styleEn.toLowerCase()} ${materialEn} prayer beads of ${count} beads with a tassel and silver spacers.`,
          price,
          sale_price: n % 4 === 0 ? price - 1_000 : null,
          stock_quantity: n % 13 === 0 ? 0 : (n % 40) + 1,
          category_id: categoryRows[n % categoryRows.length]!.id,
          sku: `BENCH-${n + 1}`,
          // Every 50th product is featured, none of them a draft (every 25th), as in a shop's home.
          featured: n % 50 === 7,
          status: n % 25 === 0 ? ('draft' as const) : ('published' as const),
          created_at: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
        };
      });
      const inserted = await database.db.insert(products).values(rows).returning({ id: products.id });
      await database.db.insert(productImages).values(
        inserted.flatMap(({ id }) => [
          { product_id: id, filename: `bench-${id}-a.webp`, sort_order: 0 },
          { product_id: id, filename: `bench-${id}-b.webp`, sort_order: 1 },
        ]),
      );
    }
    console.log(`Inserted ${total} products in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind} database).`);
    // Delivery cities, so that `npm run bench -- --checkout` can place orders.
    const { cities } = await seedDemoLocations(database.db);
    console.log(`Added ${cities} delivery cities.`);
    // Fresh tables have no statistics (the planner's search plans are then far off) and the
    // search index's pending list is still unmerged: VACUUM ANALYZE, as autovacuum would later.
    await database.db.execute(sql`VACUUM ANALYZE`);
    // The counts' trigger rewrote their dozen rows once per inserted product, all in a few
    // transactions, so no space was reused: ~50 pages that every list's count reads. A catalogue
    // grown product by product (and vacuumed meanwhile) keeps them in one page.
    await database.db.execute(sql`VACUUM FULL published_product_counts`);
  }
} finally {
  await database.close();
}
