import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { latinDigits } from '@shop/shared';

/**
 * How the shop tells its customers apart by their contact details (the limit of orders per
 * e-mail and per phone, once-per-customer promo codes), in one place (docs/decisions/039). An
 * order stores what the customer typed for the e-mail and the phone in its international form,
 * and beside them these comparison forms (orders.contact_email, orders.contact_phone), which the
 * checks compare and the contact indexes are built on.
 */

/** The country a phone number without its country code belongs to: Kuwait (+965). */
export const HOME_COUNTRY = 'KW';

/** Mail domains whose mailboxes ignore dots in the local part, and the one they stand for. */
const GMAIL_DOMAINS: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an e-mail address reaches, as customers are compared: trimmed and lower-case,
 * without a `+tag` in the local part (`Name+shop@Example.com` = `name@example.com`), and for
 * Gmail without the dots of the local part and with googlemail.com as gmail.com
 * (`f.ali@googlemail.com` = `fali@gmail.com`). Only for comparing: orders keep the address typed.
 */
export function normalizeEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  // A tag starts at the first +; a local part that is nothing but a tag stays as it is.
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const gmail = GMAIL_DOMAINS.get(domain);
  if (gmail !== undefined) {
    domain = gmail;
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}

/**
 * A phone number in its international form (E.164, libphonenumber-js): `+965 5111 2222`,
 * `0096551112222`, `96551112222`, `5111-2222` and `٥١١١٢٢٢٢` are all `+96551112222`; a number
 * without a country code is Kuwaiti; another country's number keeps its code (`+44 20 7946 0958`,
 * `00442079460958`: `+442079460958`). Null when no number can be read from the text (no digits,
 * an unknown country code).
 */
export function normalizePhone(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(latinDigits(phone).trim(), HOME_COUNTRY);
  return parsed?.number ?? null;
}

/**
 * An account's phone as it is stored: its international form when it is a number, else the
 * text as typed (an account's phone is only shown and offered to the checkout, which refuses
 * what is not a number).
 */
export function storedPhone<T extends string | null | undefined>(phone: T): T | string {
  if (phone === null || phone === undefined) return phone;
  return normalizePhone(phone) ?? phone;
}
