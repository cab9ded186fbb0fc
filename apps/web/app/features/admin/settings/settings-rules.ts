import {
  STORE_ADDRESS_MAX,
  STORE_DESCRIPTION_MAX,
  STORE_EMAIL_MAX,
  STORE_EMAIL_PATTERN,
  STORE_NAME_MAX,
  STORE_PHONE_DIGITS_MAX,
  STORE_PHONE_DIGITS_MIN,
  isStorePhoneNumber,
  fromThousandths,
  latinDigits,
} from '@shop/shared';
import { amountText, parseAmount } from '../products/product-form-rules';
import type { TranslationKey, TranslationParams } from '../../../i18n/i18n';

/**
 * The rules of the store settings form: what the
 * edit mode starts from, what is checked before sending, and the multipart body of
 * POST /api/settings. The server checks again and has the last word.
 */

/** One refused field: the message's key and its {placeholders}. */
export interface SettingsProblem {
  key: TranslationKey;
  params?: TranslationParams;
}

/** What the form needs of the stored settings. */
export interface SettingsValues {
  store_name: string;
  store_name_en: string | null;
  store_description: string | null;
  store_description_en: string | null;
  email: string | null;
  address: string | null;
  address_en: string | null;
  phone_number: string | null;
  whatsapp_number: string | null;
  logo: string | null;
  /** KWD; null: no free delivery. */
  free_shipping_threshold: number | null;
  /** KWD; null: gift wrapping not offered. */
  gift_wrap_fee: number | null;
}

/** The logo of the form: the newly chosen file, and whether the stored one was removed. */
export interface LogoState {
  file: File | null;
  removed: boolean;
}

export const untouchedLogo: LogoState = { file: null, removed: false };

export interface SettingsForm {
  store_name: string;
  store_name_en: string;
  store_description: string;
  store_description_en: string;
  email: string;
  address: string;
  address_en: string;
  phone_number: string;
  whatsapp_number: string;
  /** The free delivery amount as typed (KWD); empty: off. */
  free_shipping_threshold: string;
  /** The gift wrapping fee as typed (KWD); empty: not offered. */
  gift_wrap_fee: string;
  /** The logo: a newly chosen file, and whether the stored one was removed. */
  logo: LogoState;
}

/** The form's fields in screen order (the focus goes to the first invalid one); `logo` is the picture. */
export const settingsFields = [
  'store_name',
  'store_name_en',
  'store_description',
  'store_description_en',
  'logo',
  'email',
  'phone_number',
  'whatsapp_number',
  'address',
  'address_en',
  'free_shipping_threshold',
  'gift_wrap_fee',
] as const;
export type SettingsField = (typeof settingsFields)[number];

export function settingsFormFrom(settings: SettingsValues): SettingsForm {
  return {
    store_name: settings.store_name,
    store_name_en: settings.store_name_en ?? '',
    store_description: settings.store_description ?? '',
    store_description_en: settings.store_description_en ?? '',
    email: settings.email ?? '',
    address: settings.address ?? '',
    address_en: settings.address_en ?? '',
    phone_number: settings.phone_number ?? '',
    whatsapp_number: settings.whatsapp_number ?? '',
    free_shipping_threshold: amountText(settings.free_shipping_threshold),
    gift_wrap_fee: amountText(settings.gift_wrap_fee),
    logo: untouchedLogo,
  };
}

/** Whether the edit form differs from the stored settings (a text, or the logo). */
export function isSettingsFormDirty(form: SettingsForm, initial: SettingsForm): boolean {
  if (form.logo.file !== null || form.logo.removed) return true;
  const texts = [
    'store_name',
    'store_name_en',
    'store_description',
    'store_description_en',
    'email',
    'address',
    'address_en',
    'phone_number',
    'whatsapp_number',
    'free_shipping_threshold',
    'gift_wrap_fee',
  ] as const;
  return texts.some((key) => form[key].trim() !== initial[key].trim());
}

/**
 * The checks before sending: a store name; the e-mail address, phone and WhatsApp numbers, when
 * given, written the allowed way; nothing longer than the server keeps.
 */
export function settingsFormProblems(form: SettingsForm): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  const tooLong = (max: number): SettingsProblem => ({ key: 'admin-settings.validation.too_long', params: { count: max } });
  const longerThan = (value: string, max: number) => value.trim().length > max;
  const name = form.store_name.trim();
  if (!name) problems.store_name = { key: 'admin-settings.validation.store_name_required' };
  else if (longerThan(name, STORE_NAME_MAX)) problems.store_name = tooLong(STORE_NAME_MAX);
  if (longerThan(form.store_name_en, STORE_NAME_MAX)) problems.store_name_en = tooLong(STORE_NAME_MAX);
  if (longerThan(form.store_description, STORE_DESCRIPTION_MAX)) problems.store_description = tooLong(STORE_DESCRIPTION_MAX);
  if (longerThan(form.store_description_en, STORE_DESCRIPTION_MAX)) problems.store_description_en = tooLong(STORE_DESCRIPTION_MAX);
  const email = form.email.trim();
  if (email && (email.length > STORE_EMAIL_MAX || !STORE_EMAIL_PATTERN.test(email))) problems.email = { key: 'admin-settings.validation.email_invalid' };
  const digits = { min: STORE_PHONE_DIGITS_MIN, count: STORE_PHONE_DIGITS_MAX };
  if (form.phone_number.trim() && !isStorePhoneNumber(form.phone_number)) {
    problems.phone_number = { key: 'admin-settings.validation.phone_invalid', params: digits };
  }
  if (form.whatsapp_number.trim() && !isStorePhoneNumber(form.whatsapp_number)) {
    problems.whatsapp_number = { key: 'admin-settings.validation.whatsapp_invalid', params: digits };
  }
  if (longerThan(form.address, STORE_ADDRESS_MAX)) problems.address = tooLong(STORE_ADDRESS_MAX);
  if (longerThan(form.address_en, STORE_ADDRESS_MAX)) problems.address_en = tooLong(STORE_ADDRESS_MAX);
  if (form.free_shipping_threshold.trim() && !parseAmount(form.free_shipping_threshold)) {
    // Not an amount, or 0: an empty field is how free delivery is switched off.
    problems.free_shipping_threshold = { key: 'admin-settings.validation.free_shipping_invalid' };
  }
  if (form.gift_wrap_fee.trim() && !parseAmount(form.gift_wrap_fee)) {
    // Not an amount, or 0: an empty field is how gift wrapping stops being offered.
    problems.gift_wrap_fee = { key: 'admin-settings.validation.gift_wrap_fee_invalid' };
  }
  return problems;
}

/**
 * The multipart body of POST /api/settings: every text trimmed (an empty optional text clears
 * it), phone numbers in Latin digits; the logo file when a new one was chosen, or remove_logo=1 when the stored one was removed.
 */
export function settingsFormData(form: SettingsForm): FormData {
  const logo = form.logo;
  const body = new FormData();
  body.set('store_name', form.store_name.trim());
  body.set('store_name_en', form.store_name_en.trim());
  body.set('store_description', form.store_description.trim());
  body.set('store_description_en', form.store_description_en.trim());
  body.set('email', form.email.trim());
  body.set('address', form.address.trim());
  body.set('address_en', form.address_en.trim());
  body.set('phone_number', latinDigits(form.phone_number).trim());
  body.set('whatsapp_number', latinDigits(form.whatsapp_number).trim());
  const threshold = form.free_shipping_threshold.trim() ? parseAmount(form.free_shipping_threshold) : null;
  body.set('free_shipping_threshold', threshold === null ? '' : String(fromThousandths(threshold)));
  const wrapFee = form.gift_wrap_fee.trim() ? parseAmount(form.gift_wrap_fee) : null;
  body.set('gift_wrap_fee', wrapFee === null ? '' : String(fromThousandths(wrapFee)));
  if (logo.file) body.set('logo', logo.file, logo.file.name);
  else if (logo.removed) body.set('remove_logo', '1');
  return body;
}
