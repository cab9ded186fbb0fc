import { z } from 'zod';
import { formBoolean, optionalFormMoney, optionalFormText, requiredFormText } from './form-fields.js';
import {
  STORE_ADDRESS_MAX,
  STORE_DESCRIPTION_MAX,
  STORE_EMAIL_MAX,
  STORE_EMAIL_PATTERN,
  STORE_NAME_MAX,
  STORE_PHONE_MAX,
  isStorePhoneNumber,
  latinDigits,
} from '../backoffice-limits.js';
import { withMaxLength } from './admin-form-text.js';

/**
 * The back office's store settings.
 *
 * `POST /api/settings` (`settings.write`): multipart or JSON, the fields below and the file field
 * `logo`. Only the fields sent change: a field left out keeps its value, an empty one clears it
 * (store_name excepted: it is required). `remove_logo=1` drops the logo. The reply is
 * `settingsResponseSchema`, the same settings the public `GET /api/settings` then shows.
 */

/** An optional phone number: blank clears it; Arabic-Indic digits are stored as ASCII digits. */
function phone(messageKey: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? latinDigits(value) : value),
    withMaxLength(STORE_PHONE_MAX, messageKey, optionalFormText(STORE_PHONE_MAX)).refine(
      (value) => value === null || isStorePhoneNumber(value),
      messageKey,
    ),
  );
}

const email = withMaxLength(STORE_EMAIL_MAX, 'settings.email_invalid', optionalFormText(STORE_EMAIL_MAX))
  .refine((value) => value === null || STORE_EMAIL_PATTERN.test(value), 'settings.email_invalid');

/** POST /api/settings: every field optional; the ones sent are checked and saved. */
export const adminSettingsUpdateSchema = z.object({
  store_name: withMaxLength(
    STORE_NAME_MAX,
    'settings.store_name_too_long',
    requiredFormText(STORE_NAME_MAX, 'settings.store_name_required'),
  ).optional(),
  store_name_en: withMaxLength(
    STORE_NAME_MAX,
    'settings.store_name_too_long',
    optionalFormText(STORE_NAME_MAX),
  ).optional(),
  store_description: withMaxLength(
    STORE_DESCRIPTION_MAX,
    'settings.store_description_too_long',
    optionalFormText(STORE_DESCRIPTION_MAX),
  ).optional(),
  store_description_en: withMaxLength(
    STORE_DESCRIPTION_MAX,
    'settings.store_description_too_long',
    optionalFormText(STORE_DESCRIPTION_MAX),
  ).optional(),
  email: email.optional(),
  address: withMaxLength(
    STORE_ADDRESS_MAX,
    'settings.address_too_long',
    optionalFormText(STORE_ADDRESS_MAX),
  ).optional(),
  address_en: withMaxLength(
    STORE_ADDRESS_MAX,
    'settings.address_too_long',
    optionalFormText(STORE_ADDRESS_MAX),
  ).optional(),
  phone_number: phone('settings.phone_invalid').optional(),
  whatsapp_number: phone('settings.whatsapp_invalid').optional(),
  /** KWD; blank: no free delivery. Stored in thousandths. */
  free_shipping_threshold: optionalFormMoney('settings.free_shipping_threshold_invalid').optional(),
  /** KWD; blank: gift wrapping not offered. Stored in thousandths. */
  gift_wrap_fee: optionalFormMoney('settings.gift_wrap_fee_invalid').optional(),
  remove_logo: formBoolean.default(false),
});
export type AdminSettingsUpdate = z.output<typeof adminSettingsUpdateSchema>;
