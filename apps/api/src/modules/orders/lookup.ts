import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderLookupBody } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { normalizeEmail, normalizePhone } from '../../lib/contact.js';

/**
 * A guest finding their order by its number and contact (the storefront's /track page). A wrong
 * contact and an unknown number are one answer (404 order.lookup.not_found), reached by the same
 * work: one indexed read by number, then both contacts compared in constant time, against
 * stand-ins when there is no such order.
 */

/** The contact as orders store it for comparing (lib/contact.ts); 400 when it is neither kind. */
function comparable(contact: string): { kind: 'email' | 'phone'; value: string } {
  if (contact.includes('@')) return { kind: 'email', value: normalizeEmail(contact) };
  const phone = normalizePhone(contact);
  if (phone === null) throw AppError.validation([{ field: 'contact', message: 'order.lookup.contact_invalid' }]);
  return { kind: 'phone', value: phone };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Equal texts, compared over fixed-length digests so the time says nothing about where they differ. */
function sameText(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** Stand-ins compared when the number is unknown, so that path does the same work. */
const NO_ORDER = { contact_email: 'no-order@invalid', contact_phone: '+0' } as const;

/** The order's number when `contact` is the e-mail or the phone it was placed with; 404 otherwise. */
export async function findOrderByContact(executor: Executor, body: OrderLookupBody): Promise<string> {
  const wanted = comparable(body.contact);
  const [row] = await executor
    .select({ order_number: orders.order_number, contact_email: orders.contact_email, contact_phone: orders.contact_phone })
    .from(orders)
    .where(eq(orders.order_number, body.order_number))
    .limit(1);
  const stored = row ?? NO_ORDER;
  const emailMatches = sameText(wanted.kind === 'email' ? wanted.value : '', stored.contact_email);
  const phoneMatches = sameText(wanted.kind === 'phone' ? wanted.value : '', stored.contact_phone);
  const matches = wanted.kind === 'email' ? emailMatches : phoneMatches;
  if (!row || !matches) throw AppError.notFound('order.lookup.not_found');
  return row.order_number;
}
