// Fills a database with synthetic orders for the back office's orders-list benchmark (default
// 20,000 orders over 12 cities, 1-3 lines each) and signs in a benchmark administrator.
// Usage: DATABASE_URL=postgres://... npm run bench:orders-data -- --orders 20000
// then:  npm run bench -- --orders --header "authorization: Bearer <the printed token>"
// Refuses to touch a store that already has orders, so it cannot pollute a real shop.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase, queryRows } from '../db/client.js';
import { cities, countries, governorates, users } from '../db/schema/index.js';
import { createAccountsService } from '../modules/accounts/index.js';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '20000' } } });
const total = Number(values.orders);
if (!Number.isInteger(total) || total < 1 || total > 1_000_000) {
  console.error('--orders must be a whole number between 1 and 1,000,000');
  process.exit(1);
}

const firstNames = ['أحمد', 'محمد', 'فاطمة', 'سارة', 'عبدالله', 'نورة', 'خالد', 'مريم', 'يوسف', 'هند', 'إبراهيم', 'آمنة'];
const lastNames = ['العنزي', 'المطيري', 'الرشيدي', 'العجمي', 'الشمري', 'الكندري', 'الصباح', 'الهاجري', 'الدوسري'];
const cityNames: Array<[string, string]> = [
  ['السالمية', 'Salmiya'],
  ['حولي', 'Hawalli'],
  ['الجابرية', 'Jabriya'],
  ['الفروانية', 'Farwaniya'],
  ['الجهراء', 'Jahra'],
  ['الأحمدي', 'Ahmadi'],
  ['الفحيحيل', 'Fahaheel'],
  ['مبارك الكبير', 'Mubarak Al-Kabeer'],
  ['الرميثية', 'Rumaithiya'],
  ['بيان', 'Bayan'],
  ['مشرف', 'Mishref'],
  ['الشويخ', 'Shuwaikh'],
];
const statuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'];

/** A SQL array literal of texts. */
const textArray = (items: readonly string[]) =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const db = database.db;
  const [existing] = await queryRows<{ orders: number }>(db, sql`select count(*)::int as orders from orders`);
  if ((existing?.orders ?? 0) > 0) {
    console.error('The store already has orders; use a fresh database for benchmarks.');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const [country] = await db
      .insert(countries)
      .values({ name_ar: 'الكويت', name_en: 'Kuwait', code: 'BK' })
      .returning({ id: countries.id });
    const [governorate] = await db
      .insert(governorates)
      .values({ country_id: country!.id, name_ar: 'محافظة الاختبار', name_en: 'Bench governorate' })
      .returning({ id: governorates.id });
    const cityRows = await db
      .insert(cities)
      .values(
        cityNames.map(([name_ar, name_en]) => ({
          country_id: country!.id,
          governorate_id: governorate!.id,
          name_ar,
          name_en,
          shipping_fee: 1_000,
        })),
      )
      .returning({ id: cities.id, name_ar: cities.name_ar, name_en: cities.name_en });

    // One statement for every order: names, e-mails, cities and statuses cycle; dates spread
    // over the last two years; the number is unique (md5 of the index, Crockford-safe hex).
    await db.execute(sql`
      with city as (
        select row_number() over (order by id) - 1 as n, id, name_ar, name_en
        from cities where id in (${sql.join(
          cityRows.map((row) => sql`${row.id}`),
          sql`, `,
        )})
      )
      insert into orders (
        order_number, status, customer_name, customer_email, customer_phone, contact_email, contact_phone,
        shipping_address,
        country_id, governorate_id, city_id, country_name_ar, country_name_en,
        governorate_name_ar, governorate_name_en, city_name_ar, city_name_en, payment_method,
        subtotal, shipping_amount, total_amount, language, created_at, updated_at
      )
      select
        'SB-' || upper(substr(md5(i::text), 1, 10)),
        (${textArray(statuses)})[1 + i % ${statuses.length}]::order_status,
        (${textArray(firstNames)})[1 + i % ${firstNames.length}] || ' ' ||
          (${textArray(lastNames)})[1 + (i / ${firstNames.length}) % ${lastNames.length}],
        'customer' || i || '@example.com',
        '+965' || lpad((50000000 + i)::text, 8, '0'),
        -- Already in their comparison forms (lib/contact.ts): lower-case, untagged, international.
        'customer' || i || '@example.com',
        '+965' || lpad((50000000 + i)::text, 8, '0'),
        'قطعة ' || (1 + i % 12) || '، شارع ' || (1 + i % 40) || '، منزل ' || (1 + i % 90),
        ${country!.id}, ${governorate!.id}, city.id, 'الكويت', 'Kuwait',
        'محافظة الاختبار', 'Bench governorate', city.name_ar, city.name_en, 'cash_on_delivery',
        0, 1000, 1000, case when i % 3 = 0 then 'en' else 'ar' end,
        now() - (${total} - i) * interval '1 hour' * (730.0 * 24 / ${total}),
        now() - (${total} - i) * interval '1 hour' * (730.0 * 24 / ${total})
      from generate_series(1, ${total}) as i
      join city on city.n = i % ${cityRows.length}
    `);
    // One to three lines per order, then the totals from them.
    await db.execute(sql`
      insert into order_items (order_id, product_id, product_name, unit_price, quantity, line_total)
      select o.id, null, 'سبحة كهرمان رقم ' || line, price, quantity, price * quantity
      from orders o
      cross join lateral generate_series(1, 1 + o.id % 3) as line
      cross join lateral (select 5000 + (o.id * 7919 + line * 104729) % 50000 as price, 1 + (o.id + line) % 2 as quantity) v
    `);
    await db.execute(sql`
      update orders set subtotal = s.subtotal, total_amount = s.subtotal + orders.shipping_amount
      from (select order_id, sum(line_total)::int as subtotal from order_items group by order_id) s
      where s.order_id = orders.id
    `);
    // As autovacuum would leave them: statistics, and a visibility map for index-only counts.
    await db.execute(sql`vacuum analyze orders`);
    await db.execute(sql`vacuum analyze order_items`);

    const [admin] = await db
      .insert(users)
      .values({ username: `bench_admin_${Date.now()}`, name: 'Bench admin', email: `bench-admin-${Date.now()}@example.com`, role: 'admin' })
      .returning({ id: users.id });
    const token = await createAccountsService(db).createSession(admin!.id);
    console.log(`Inserted ${total} orders in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind} database).`);
    console.log(`Benchmark administrator's token: ${token}`);
    console.log(`Run: npm run bench -- --orders --header "authorization: Bearer ${token}"`);
  }
} finally {
  await database.close();
}
