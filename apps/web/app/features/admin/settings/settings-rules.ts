import type { MessageKey, TranslationParams } from '../../../i18n/i18n';

/**
 * The rules of the store settings form (admin spec sections 2 "Settings tab", 3 and 5): what the
 * edit mode starts from, what is checked before sending, and the multipart body of
 * POST /api/settings. The server checks again and has the last word.
 */

/** One refused field: the message's key and its {placeholders}. */
export interface SettingsProblem {
  key: MessageKey;
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
  phone_number: string | null;
  whatsapp_number: string | null;
  logo: string | null;
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
  phone_number: string;
  whatsapp_number: string;
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
] as const;
export type SettingsField = (typeof settingsFields)[number];

/**
 * The server's limits (packages/shared/src/contracts/admin-settings.ts). Repeated here because
 * that module builds zod schemas when loaded, and zod stays out of the browser bundle; the test
 * checks that both agree.
 */
export const STORE_NAME_MAX = 200;
export const STORE_DESCRIPTION_MAX = 2000;
export const ADDRESS_MAX = 500;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const PHONE_DIGITS_MIN = 8;
export const PHONE_DIGITS_MAX = 15;

export function settingsFormFrom(settings: SettingsValues): SettingsForm {
  return {
    store_name: settings.store_name,
    store_name_en: settings.store_name_en ?? '',
    store_description: settings.store_description ?? '',
    store_description_en: settings.store_description_en ?? '',
    email: settings.email ?? '',
    address: settings.address ?? '',
    phone_number: settings.phone_number ?? '',
    whatsapp_number: settings.whatsapp_number ?? '',
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
    'phone_number',
    'whatsapp_number',
  ] as const;
  return texts.some((key) => form[key].trim() !== initial[key].trim());
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A telephone number as the spec allows it: digits, spaces, hyphens, parentheses, an optional leading +. */
const PHONE_PATTERN = /^\+?[\d\s()-]+$/;

/** A number typed on an Arabic keyboard (٠١٢… or ۰۱۲…) written with Latin digits, trimmed. */
export function latinDigits(value: string): string {
  return value.trim().replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/**
 * Whether a phone or WhatsApp number is written the allowed way: digits, spaces, hyphens and
 * parentheses with an optional leading +, 8 to 15 digits in all, at most PHONE_MAX characters.
 */
export function isPhoneNumber(value: string): boolean {
  const phone = latinDigits(value);
  if (phone.length > PHONE_MAX || !PHONE_PATTERN.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

/**
 * The checks before sending: a store name; the e-mail address, phone and WhatsApp numbers, when
 * given, written the allowed way; nothing longer than the server keeps.
 */
export function settingsFormProblems(form: SettingsForm): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  const tooLong = (max: number): SettingsProblem => ({ key: 'admin-settings.validation.too_long', params: { max } });
  const longerThan = (value: string, max: number) => value.trim().length > max;
  const name = form.store_name.trim();
  if (!name) problems.store_name = { key: 'admin-settings.validation.store_name_required' };
  else if (longerThan(name, STORE_NAME_MAX)) problems.store_name = tooLong(STORE_NAME_MAX);
  if (longerThan(form.store_name_en, STORE_NAME_MAX)) problems.store_name_en = tooLong(STORE_NAME_MAX);
  if (longerThan(form.store_description, STORE_DESCRIPTION_MAX)) problems.store_description = tooLong(STORE_DESCRIPTION_MAX);
  if (longerThan(form.store_description_en, STORE_DESCRIPTION_MAX)) problems.store_description_en = tooLong(STORE_DESCRIPTION_MAX);
  const email = form.email.trim();
  if (email && (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))) problems.email = { key: 'admin-settings.validation.email_invalid' };
  const digits = { min: PHONE_DIGITS_MIN, max: PHONE_DIGITS_MAX };
  if (form.phone_number.trim() && !isPhoneNumber(form.phone_number)) {
    problems.phone_number = { key: 'admin-settings.validation.phone_invalid', params: digits };
  }
  if (form.whatsapp_number.trim() && !isPhoneNumber(form.whatsapp_number)) {
    problems.whatsapp_number = { key: 'admin-settings.validation.whatsapp_invalid', params: digits };
  }
  if (longerThan(form.address, ADDRESS_MAX)) problems.address = tooLong(ADDRESS_MAX);
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
  body.set('phone_number', latinDigits(form.phone_number));
  body.set('whatsapp_number', latinDigits(form.whatsapp_number));
  if (logo.file) body.set('logo', logo.file, logo.file.name);
  else if (logo.removed) body.set('remove_logo', '1');
  return body;
}
