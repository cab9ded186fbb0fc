import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogResponse } from '@shop/shared';
import { multipartSender, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createSalmiya } from '../../../test-support/places.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog } from '../../db/schema/index.js';
import { namedIds } from './record-names.js';

/**
 * The trail names each entry's record and the records its changes point to, with a bounded
 * number of statements per page; product prices read in thousandths whether the entry was
 * written before issue 30 (decimal dinars) or after.
 */

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let amber: number;
let silver: number;
let kept: number;
let gone: number;
let place: Awaited<ReturnType<typeof createSalmiya>>;

const send = multipartSender(call, () => admin.token);

async function page(query = '', lang: TestLang = 'ar'): Promise<AuditLogResponse> {
  const reply = await call('GET', `/api/admin/audit-log${query}`, undefined, { token: admin.token, lang });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as AuditLogResponse;
}

const entryOf = (body: AuditLogResponse, match: (entry: AuditEntry) => boolean): AuditEntry => {
  const found = body.entries.find(match);
  expect(found).toBeDefined();
  return found!;
};

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await signedInStaff(ctx));
  const category = async (name: string, name_en: string) => {
    const reply = await call('POST', '/api/categories', { name, name_en }, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().category.id as number;
  };
  amber = await category('سبح الكهرمان', 'Amber beads');
  silver = await category('سبح الفضة', 'Silver beads');
  const product = async (name: string, name_en: string) => {
    const reply = await send('POST', '/api/products', {
      name,
      name_en,
      price: '32',
      stock_quantity: '3',
      category_id: String(amber),
      status: 'published',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().product.id as number;
  };
  kept = await product('مسبحة كهرمان', 'Amber rosary');
  gone = await product('مسبحة مؤقتة', 'Passing rosary');
  // The price goes up and the product moves to another category; the other one is deleted.
  const edited = await send('PUT', `/api/products/${kept}`, {
    name: 'مسبحة كهرمان',
    price: '33',
    stock_quantity: '3',
    category_id: String(silver),
    status: 'published',
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const deleted = await call('DELETE', `/api/products/${gone}`, undefined, { token: admin.token });
  expect(deleted.statusCode, deleted.body).toBe(200);
  place = await createSalmiya(ctx.database.db);
});
afterAll(() => ctx.close());

describe('record names in the trail', () => {
  it("names each entry's record in the request's language, from its current name", async () => {
    const arabic = await page('?entity=categories');
    expect(arabic.entries.map((entry) => [entry.entity_id, entry.record_name, entry.record_deleted])).toEqual([
      [silver, 'سبح الفضة', false],
      [amber, 'سبح الكهرمان', false],
    ]);
    const english = await page('?entity=categories', 'en');
    expect(english.entries.map((entry) => entry.record_name)).toEqual(['Silver beads', 'Amber beads']);
  });

  it('names a deleted record from what its entry kept, and says it is gone', async () => {
    const body = await page('?entity=products');
    const deletion = entryOf(body, (entry) => entry.action === 'delete');
    expect(deletion).toMatchObject({ entity_id: gone, record_name: 'مسبحة مؤقتة', record_deleted: true });
    // Every entry of a deleted record is named so, its creation too.
    const creation = entryOf(body, (entry) => entry.entity_id === gone && entry.action === 'create');
    expect(creation).toMatchObject({ record_name: 'مسبحة مؤقتة', record_deleted: true });
    expect((await page('?entity=products', 'en')).entries.find((entry) => entry.entity_id === gone)?.record_name).toBe(
      'Passing rosary',
    );
    // An edit of the deleted product that kept no name of its own is named by its last entry that did.
    await ctx.app.services.audit.record(ctx.database.db, {
      actor: { id: admin.user.id, email: admin.user.email },
      entity: 'products',
      entityId: gone,
      action: 'update',
      before: { stock_quantity: 3 },
      after: { stock_quantity: 1 },
    });
    const edit = (await page('?entity=products&limit=1')).entries[0]!;
    expect(edit).toMatchObject({ entity_id: gone, record_name: 'مسبحة مؤقتة', record_deleted: true });
    expect((await page('?entity=products&limit=1', 'en')).entries[0]!.record_name).toBe('Passing rosary');
    const live = entryOf(body, (entry) => entry.entity_id === kept && entry.action === 'update');
    expect(live).toMatchObject({ record_name: 'مسبحة كهرمان', record_deleted: false });
  });

  it('gives product prices in thousandths and names the categories the changes point to', async () => {
    const body = await page('?entity=products');
    const edit = entryOf(body, (entry) => entry.entity_id === kept && entry.action === 'update');
    expect(edit.changes).toEqual({
      price: { from: 32_000, to: 33_000 },
      category_id: { from: amber, to: silver },
    });
    expect(body.names.categories).toEqual({ [amber]: 'سبح الكهرمان', [silver]: 'سبح الفضة' });
    // The storage's mark never leaves the API.
    expect(JSON.stringify(body.entries)).not.toContain('$money');
  });

  it('reads product entries written before issue 30 (decimal dinars) in thousandths too', async () => {
    await ctx.database.db.insert(auditLog).values([
      {
        actor_id: admin.user.id,
        actor_email: admin.user.email,
        entity: 'products',
        entity_id: kept,
        action: 'update',
        changes: {
          price: { from: 0.032, to: 0.033 },
          sale_price: { from: null, to: '12.5' },
          attribute_variations: { from: [], to: [{ variation_id: 999, price: 1.25 }] },
        },
      },
      {
        actor_id: admin.user.id,
        actor_email: admin.user.email,
        entity: 'products',
        entity_id: kept,
        action: 'update',
        changes: { price: { from: 32, to: 33 } },
      },
    ]);
    const body = await page('?entity=products&limit=2');
    expect(body.entries.map((entry) => entry.changes)).toEqual([
      { price: { from: 32_000, to: 33_000 } },
      {
        price: { from: 32, to: 33 },
        sale_price: { from: null, to: 12_500 },
        attribute_variations: { from: [], to: [{ variation_id: 999, price: 1_250 }] },
      },
    ]);
    // Other entities were always in thousandths: left as they are.
    await ctx.app.services.audit.record(ctx.database.db, {
      actor: { id: admin.user.id, email: admin.user.email },
      entity: 'cities',
      entityId: place.city,
      action: 'update',
      before: { shipping_fee: 1_500, country_id: place.country },
      after: { shipping_fee: 2_000, country_id: place.country, governorate_id: place.governorate },
    });
    const city = (await page('?entity=cities', 'en')).entries[0]!;
    expect(city).toMatchObject({
      record_name: 'Salmiya',
      changes: { shipping_fee: { from: 1_500, to: 2_000 }, governorate_id: { from: null, to: place.governorate } },
    });
    expect((await page('?entity=cities', 'en')).names).toMatchObject({
      cities: { [place.city]: 'Salmiya' },
      governorates: { [place.governorate]: 'Hawalli' },
    });
  });

  it('costs the same few statements for a page of 3 entries as for a page of 60 (no query per entry)', async () => {
    for (let index = 0; index < 60; index += 1) {
      await ctx.app.services.audit.record(ctx.database.db, {
        actor: { id: admin.user.id, email: admin.user.email },
        entity: index % 2 === 0 ? 'products' : 'categories',
        entityId: index % 2 === 0 ? kept : amber,
        action: 'update',
        before: { category_id: amber, price: 1_000 + index },
        after: { category_id: silver, price: 2_000 + index },
      });
    }
    // Every statement of the driver, whichever database runs the tests, goes through query().
    const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client;
    const query = client.query.bind(client);
    let statements = 0;
    client.query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
    try {
      const count = async (limit: number) => {
        statements = 0;
        const read = await ctx.app.services.auditLog.page({ page: 1, limit }, 'ar');
        expect(read.entries).toHaveLength(limit);
        return statements;
      };
      const few = await count(3);
      const many = await count(60);
      expect(many).toBe(few);
      // Entries, count, people, kinds, accounts, products, categories (and the deleted product's
      // last kept name, once).
      expect(many).toBeLessThanOrEqual(8);
    } finally {
      client.query = query;
    }
  });

  it("gathers every id a page's changes point to, once per kind (a refund's lines name order items)", () => {
    const wanted = namedIds([
      { entity: 'products', entity_id: 5, changes: { category_id: { from: 3, to: 4 } } },
      {
        entity: 'products',
        entity_id: 5,
        changes: { attribute_variations: { from: [{ variation_id: 7, price: 0 }], to: [] } },
      },
      { entity: 'categories', entity_id: 4, changes: { product_ids: { from: [5, 6], to: null } } },
      {
        entity: 'orders',
        entity_id: 9,
        changes: { lines: { from: null, to: [{ order_item_id: 51, quantity: 1, restocked: true }] } },
      },
      { entity: 'settings', entity_id: 1, changes: { store_name: { from: 'a', to: 'b' } } },
      // Not ids: left alone.
      { entity: 'gift_cards', entity_id: 2, changes: { category_id: { from: 'x', to: -1 } } },
    ]);
    expect(Object.fromEntries([...wanted].map(([kind, ids]) => [kind, [...ids].sort()]))).toEqual({
      products: [5, 6],
      categories: [3, 4],
      attribute_variations: [7],
      orders: [9],
      order_items: [51],
    });
  });
});
