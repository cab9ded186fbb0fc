import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratingDatabase, type MigratingDatabase } from '../../test-support/migrations.js';
import { KUWAITI_NUMBER, KUWAITI_NUMBER_SPELLINGS } from '../../test-support/phone-spellings.js';
import { normalizeEmail, normalizePhone } from '../lib/contact.js';

/**
 * Migration 0024 (docs/decisions/039): orders written before it get their phone in the
 * international form and their contact's comparison forms, computed in SQL; they must be what
 * lib/contact.ts gives a new order for the same spelling, or the new order would not find them.
 */

/** Phones as the checkout accepted them before (digits, spaces, hyphens, parentheses, a leading +). */
const PHONES = [
  ...KUWAITI_NUMBER_SPELLINGS,
  '2221 2345',
  '12345678',
  '051112222',
  '123456789',
  '9655111222',
  '0051112222',
  '00000 12345678',
  '+44 20 7946 0958',
  '00442079460958',
  '0044 20 7946 0958',
  '+1 (202) 555-0143',
  '0012025550143',
  '+971 50 123 4567',
  '00971501234567',
  '+966 5 1234 5678',
  '+20 100 123 4567',
  '0020 100 123 4567',
];

const EMAILS = [
  'name@example.com',
  ' Name+tag@Example.com ',
  'NAME+a+b@EXAMPLE.COM',
  'first.last@example.com',
  'first.last+x@example.com',
  'a+x@gmail.com',
  'A.B.C@GMail.com',
  'f.ali+shop@googlemail.com',
  '...@gmail.com',
  '+only@example.com',
  'weird+@example.com',
];

let database: MigratingDatabase;

interface OrderRow {
  original_phone: string;
  original_email: string;
  customer_phone: string;
  customer_email: string;
  contact_phone: string;
  contact_email: string;
}

beforeAll(async () => {
  database = await openMigratingDatabase();
  await database.migrateTo('0023_anonymous-limits');
  // Orders as the shop wrote them before 0024; the originals kept aside in the notes.
  const rows = Math.max(PHONES.length, EMAILS.length);
  for (let index = 0; index < rows; index += 1) {
    const phone = PHONES[index % PHONES.length]!;
    const email = EMAILS[index % EMAILS.length]!;
    await database.query(
      `insert into orders (order_number, customer_name, customer_email, customer_phone, shipping_address,
         country_name_ar, country_name_en, city_name_ar, city_name_en, payment_method, subtotal, total_amount, notes)
       values ($1, 'Fatima', $2, $3, 'Block 1', 'الكويت', 'Kuwait', 'حولي', 'Hawalli', 'cash_on_delivery', 1000, 1000, $4)`,
      [`SB-MIGRATE${String(index).padStart(3, '0')}`, email, phone, JSON.stringify({ phone, email })],
    );
  }
  await database.query(
    `insert into users (username, name, email, phone) values
       ('kw', 'Kuwaiti', 'kw@example.com', '0096551112222'),
       ('words', 'Words', 'words@example.com', 'call me after five'),
       ('none', 'None', 'none@example.com', null)`,
  );
  await database.migrateTo();
});

afterAll(async () => {
  await database?.close();
});

describe('migration 0024: contacts in the forms they are compared in', () => {
  it("writes every stored phone in the library's international form, and the contact columns", async () => {
    const rows = await database.query<OrderRow & { notes: string }>(
      'select notes, customer_phone, customer_email, contact_phone, contact_email from orders order by order_number',
    );
    expect(rows).toHaveLength(Math.max(PHONES.length, EMAILS.length));
    for (const row of rows) {
      const original = JSON.parse(row.notes) as { phone: string; email: string };
      const expected = normalizePhone(original.phone);
      expect(expected, original.phone).not.toBeNull();
      expect(row.customer_phone, original.phone).toBe(expected);
      expect(row.contact_phone, original.phone).toBe(expected);
      // The e-mail stays as typed; its comparison form is the library's.
      expect(row.customer_email).toBe(original.email);
      expect(row.contact_email, original.email).toBe(normalizeEmail(original.email));
    }
    // Every spelling of the one Kuwaiti number is now one phone.
    const kuwaiti = rows.filter((row) => row.contact_phone === KUWAITI_NUMBER);
    expect(kuwaiti).toHaveLength(KUWAITI_NUMBER_SPELLINGS.length);
  });

  it("rewrites an account's phone number, and leaves other text and no phone alone", async () => {
    const users = await database.query<{ username: string; phone: string | null }>(
      'select username, phone from users order by username',
    );
    expect(users).toEqual([
      { username: 'kw', phone: '+96551112222' },
      { username: 'none', phone: null },
      { username: 'words', phone: 'call me after five' },
    ]);
  });

  it('leaves the contact indexes on the new columns and no helper function behind', async () => {
    const indexes = await database.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'orders' and indexname like 'orders_contact_%' order by indexname",
    );
    expect(indexes.map((index) => index.indexname)).toEqual(['orders_contact_email_created_idx', 'orders_contact_phone_created_idx']);
    expect(indexes[0]!.indexdef).toContain('(contact_email, created_at)');
    expect(indexes[1]!.indexdef).toContain('(contact_phone, created_at)');
    const functions = await database.query("select proname from pg_proc where proname like 'shop_migrate_%'");
    expect(functions).toEqual([]);
  });
});
