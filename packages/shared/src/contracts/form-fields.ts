import { z } from 'zod';
import { FORM_MONEY_MAX } from '../backoffice-limits.js';
import { toThousandths } from '../money.js';
import { isSafeLink } from '../safe-links.js';
import { plainText } from './common.js';

/**
 * Field schemas for back-office forms. A form travels as multipart (every value a string) or as
 * JSON (numbers and booleans as themselves); both parse to the same typed value. Messages are
 * catalogue keys of api-messages.ts, so a refusal reads well in the admin's language.
 */

const text = (max: number) =>
  plainText('validation.text_invalid')
    .transform((value) => value.trim())
    .pipe(z.string().max(max, 'validation.too_long'));

/** A required text, trimmed; `requiredKey` is the message when it is missing or blank. */
export function requiredFormText(max: number, requiredKey: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    text(max).pipe(z.string().min(1, requiredKey)),
  );
}

/** An optional text, trimmed; blank or absent becomes null. */
export function optionalFormText(max: number) {
  return z.preprocess(
    (value) => (value === undefined ? null : value),
    z.union([z.null(), text(max)]).transform((value) => (value ? value : null)),
  );
}

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * An amount of money as a decimal ("12.5", 12.5) with at most 3 decimals, parsed into integer
 * thousandths. Negative amounts and amounts above `maxThousandths` are refused.
 */
export function formMoney(messageKey: string, maxThousandths = FORM_MONEY_MAX) {
  return z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()], { error: messageKey })
      .transform((value, context) => {
        const textValue = typeof value === 'number' ? String(value) : value.trim();
        // At most 12 whole digits: far above any price, and safely inside integer thousandths.
        if (!/^\d{1,12}(\.\d{1,3})?$/.test(textValue)) {
          context.addIssue({ code: 'custom', message: messageKey });
          return z.NEVER;
        }
        const amount = toThousandths(textValue);
        if (amount > maxThousandths) {
          context.addIssue({ code: 'custom', message: messageKey });
          return z.NEVER;
        }
        return amount;
      }),
  );
}

/**
 * An amount that may be switched off: blank (or null) is null, anything else as `formMoney`, and
 * above zero (0 would mean "always", which is what a blank field does not say).
 */
export function optionalFormMoney(messageKey: string, maxThousandths = FORM_MONEY_MAX) {
  const amount = formMoney(messageKey, maxThousandths).refine((value) => value > 0, messageKey);
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value),
    amount.nullable(),
  );
}

/** A whole number between min and max ("12", 12). */
export function formInteger(messageKey: string, min: number, max = 2_147_483_647) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: messageKey })
      .int(messageKey)
      .min(min, messageKey)
      .max(max, messageKey),
  );
}

/** A checkbox or flag: "1"/"0", "true"/"false", "on", or a JSON boolean or 1/0. */
export const formBoolean = z.preprocess(
  (value) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true' || value === 'on') return true;
    if (value === 0 || value === '0' || value === 'false' || value === '') return false;
    return value;
  },
  z.boolean({ error: 'validation.boolean_invalid' }),
);

/** A field that carries JSON inside a form (e.g. existingImages); the inner schema checks it. */
export function formJson<T extends z.ZodType>(inner: T, messageKey: string) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: messageKey });
      return z.NEVER;
    }
  }, inner);
}

/**
 * An optional link for shoppers: an absolute http(s) address or a path of this site (safe-links.ts:
 * never "//host", "/\host", a backslash, white space or a control character); blank becomes null.
 */
export function optionalFormLink(messageKey: string) {
  return optionalFormText(500).refine((value) => value === null || isSafeLink(value), messageKey);
}
