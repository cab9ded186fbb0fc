/** Most words and characters of a name the shop repeats in a greeting ("فاطمة علي حسن الكندري"). */
export const GREETING_NAME_MAX_WORDS = 5;
export const GREETING_NAME_MAX_LENGTH = 60;

/** Letters (any script, with their marks) in words joined by spaces, dots, apostrophes or hyphens. */
const PERSONAL_NAME = /^[\p{L}\p{M}]+(?:[ .'’-]+[\p{L}\p{M}]+)*\.?$/u;

/**
 * The name on an order as an e-mail may greet its customer with it, or null. Anyone can type a
 * guest's e-mail address, so a message never carries the text typed with it as it was typed: only
 * a name that reads as a person's name (letters, a few words, no digits, links or markup) is
 * repeated (docs/decisions/047).
 */
export function greetingName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length === 0 || trimmed.length > GREETING_NAME_MAX_LENGTH) return null;
  if (!PERSONAL_NAME.test(trimmed)) return null;
  return trimmed.split(' ').length <= GREETING_NAME_MAX_WORDS ? trimmed : null;
}
