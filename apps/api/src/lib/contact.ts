/**
 * How a customer's contact details are compared (per-contact order limits, once-per-customer
 * promo codes): an e-mail trimmed and lower-cased, a phone by its digits only
 * ("+965 5555-1234" = "96555551234").
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');
