import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { normalizeEmail, normalizePhone } from '../../lib/contact.js';

// How many orders one e-mail address or phone number may receive, whoever places them.

/**
 * Orders one e-mail address or one phone number may receive in a sliding hour, across every
 * process (counted in the database). Keeps a stranger from mailing or ringing chosen people.
 */
export const ORDERS_PER_CONTACT_PER_HOUR = 5;
/** Advisory-lock class of the per-contact count (the second key is a hash of the contact). */
const CONTACT_LOCK_CLASS = 7301;

/** A 32-bit lock key for a contact. */
const contactLockKey = (contact: string) => createHash('sha256').update(contact).digest().readInt32BE(0);

/**
 * The orders of the last hour with this e-mail or this phone (their comparison forms,
 * lib/contact.ts), as the orders' contact indexes find them (orders.contact_email, contact_phone).
 */
export function recentOrdersOfContact(email: string, phone: string): SQL {
  return sql`${orders.created_at} > now() - interval '1 hour' and (${orders.contact_email} = ${email} or ${orders.contact_phone} = ${phone})`;
}

/** The customer's e-mail and phone as customers are compared (lib/contact.ts). */
export interface Contact {
  email: string;
  /** The international form, also what the order stores and shows. */
  phone: string;
}

/** The contact of a checkout; a phone no number can be read from is refused on its field. */
export function contactOf(input: { email: string; phone: string }): Contact {
  const phone = normalizePhone(input.phone);
  if (phone === null) throw AppError.validation([{ field: 'phone', message: 'order.phone_invalid' }]);
  return { email: normalizeEmail(input.email), phone };
}

/**
 * At most ORDERS_PER_CONTACT_PER_HOUR orders per e-mail address and per phone number in the
 * last hour. Counted in the database under a transaction lock per contact (and per account
 * for a signed-in customer, which once-per-customer promo codes count too), so simultaneous
 * requests and other processes count each other.
 */
export async function checkContactLimit(tx: Executor, { email, phone }: Contact, userId: number | null): Promise<void> {
  const contacts = [`email:${email}`, `phone:${phone}`, ...(userId === null ? [] : [`user:${userId}`])];
  const lockKeys = [...new Set(contacts.map(contactLockKey))].sort((a, b) => a - b);
  for (const lockKey of lockKeys) {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_CLASS}::int, ${lockKey}::int)`);
  }
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(recentOrdersOfContact(email, phone))
    .prepare('orders_contact_recent_count')
    .execute();
  if ((row?.count ?? 0) >= ORDERS_PER_CONTACT_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'order.too_many_for_contact');
  }
}
