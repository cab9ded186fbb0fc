import { z } from 'zod';
import { latinDigits } from '../backoffice-limits.js';
import { formInteger } from './form-fields.js';

/**
 * Field pieces shared by the back office's category, slide and settings forms, on top of
 * form-fields.ts: a length limit with the field's own message, and a whole number (Arabic-Indic
 * digits read as digits, see latinDigits in backoffice-limits.ts) whose blank means "none".
 */

/**
 * Refuses a text longer than `max` characters (after trimming, counted like the inner schema
 * counts) with `messageKey`, before `inner` runs; anything else goes to `inner` unchanged.
 */
export function withMaxLength<T extends z.ZodType>(max: number, messageKey: string, inner: T) {
  return z.preprocess((value, context) => {
    if (typeof value === 'string' && value.trim().length > max) {
      context.addIssue({ code: 'custom', message: messageKey });
      return z.NEVER;
    }
    return value;
  }, inner);
}

/** A whole number from `min` to `max` ("12", 12, "١٢"); blank, null or absent become null. */
export function optionalWholeNumber(messageKey: string, min: number, max: number) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return null;
      if (typeof value !== 'string') return value;
      const text = latinDigits(value).trim();
      return text === '' ? null : text;
    },
    formInteger(messageKey, min, max).nullable(),
  );
}

/** A whole number from `min` to `max` ("12", 12, "١٢"); blank or absent take `fallback`. */
export function wholeNumber(messageKey: string, min: number, max: number, fallback: number) {
  return optionalWholeNumber(messageKey, min, max).transform((value) => value ?? fallback);
}
