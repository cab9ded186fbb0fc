/** Kuwait's country calling code; local mobile and landline numbers have eight digits. */
const KUWAIT_CALLING_CODE = '965';
const KUWAIT_LOCAL_DIGITS = 8;

/** A phone number in international digits only ("+965 9999 8888", "0096599998888", "99998888" -> "96599998888"). */
export function internationalDigits(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === KUWAIT_LOCAL_DIGITS) digits = `${KUWAIT_CALLING_CODE}${digits}`;
  return digits;
}

/**
 * A wa.me chat link, which needs the number in international form without "+" or spaces; `text`
 * is the message the chat opens with (about an order, say).
 */
export function whatsappUrl(phone: string, text?: string): string | null {
  const digits = internationalDigits(phone);
  if (!digits) return null;
  // WhatsApp's documented form: spaces as %20 (encodeURIComponent), not URLSearchParams' "+".
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

/** A tel: link with the number as stored, minus spacing and punctuation. */
export function telUrl(phone: string): string | null {
  const dialable = phone.trim().replace(/[^\d+]/g, '');
  return /\d/.test(dialable) ? `tel:${dialable}` : null;
}

export function mailtoUrl(email: string): string {
  return `mailto:${email.trim()}`;
}
