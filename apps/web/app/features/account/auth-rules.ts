import {
  NAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from '@shop/shared';
import type { TranslationKey, TranslationParams } from '../../i18n/i18n';

/**
 * The account screens' client-side pre-checks. They are a comfort
 * for the shopper; the server checks everything again and its field messages win.
 */

/** A message to show on a field: a catalogue key and its parameters. */
export interface FieldProblem {
  key: TranslationKey;
  params?: TranslationParams;
}

export type FieldProblems<Field extends string> = Partial<Record<Field, FieldProblem>>;

/** The e-mail pattern: something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export interface LoginForm {
  email: string;
  password: string;
}

export function checkLogin(form: LoginForm): FieldProblems<keyof LoginForm> {
  const problems: FieldProblems<keyof LoginForm> = {};
  const email = form.email.trim();
  if (!email) problems.email = { key: 'account.login.email_required' };
  else if (!isEmailAddress(email)) problems.email = { key: 'account.login.email_invalid' };
  if (!form.password) problems.password = { key: 'account.login.password_required' };
  return problems;
}

/** Login payload: email trimmed and lower-cased, password as typed. */
export function loginPayload(form: LoginForm): LoginForm {
  return { email: normaliseEmail(form.email), password: form.password };
}

export interface RegistrationForm {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
}

export function checkRegistration(form: RegistrationForm): FieldProblems<keyof RegistrationForm> {
  const problems: FieldProblems<keyof RegistrationForm> = {};
  const name = form.name.trim();
  if (!name) problems.name = { key: 'account.register.name_required' };
  else if (name.length < NAME_MIN_LENGTH) {
    problems.name = { key: 'account.register.name_too_short', params: { count: NAME_MIN_LENGTH } };
  }
  const email = form.email.trim();
  if (!email) problems.email = { key: 'account.login.email_required' };
  else if (!isEmailAddress(email)) problems.email = { key: 'account.login.email_invalid' };
  if (!form.password) problems.password = { key: 'account.register.password_required' };
  else if (form.password.length < PASSWORD_MIN_LENGTH) {
    problems.password = { key: 'account.register.password_too_short', params: { count: PASSWORD_MIN_LENGTH } };
  }
  const phone = form.phone.trim();
  if (phone && phone.length < PHONE_MIN_LENGTH) {
    problems.phone = { key: 'account.register.phone_too_short', params: { count: PHONE_MIN_LENGTH } };
  }
  return problems;
}

/** Register payload: trimmed, email lower-cased, empty phone/address as null. */
export function registrationPayload(form: RegistrationForm) {
  return {
    name: form.name.trim(),
    email: normaliseEmail(form.email),
    password: form.password,
    phone: form.phone.trim() || null,
    address: form.address.trim() || null,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Forgot password: its own wording of the same two checks. */
export function checkForgotPassword(email: string): FieldProblem | null {
  if (!email.trim()) return { key: 'account.forgot.email_required' };
  if (!isEmailAddress(email)) return { key: 'account.forgot.email_invalid' };
  return null;
}

export interface NewPasswordForm {
  password: string;
  confirm: string;
}

/** Reset password: at least the minimum length, and the confirmation must repeat it. */
export function checkNewPassword(form: NewPasswordForm): FieldProblems<keyof NewPasswordForm> {
  const problems: FieldProblems<keyof NewPasswordForm> = {};
  if (!form.password) problems.password = { key: 'account.reset.password_required' };
  else if (form.password.length < PASSWORD_MIN_LENGTH) {
    problems.password = { key: 'account.reset.password_too_short', params: { count: PASSWORD_MIN_LENGTH } };
  }
  if (!form.confirm) problems.confirm = { key: 'account.reset.confirm_required' };
  else if (form.password && form.confirm !== form.password) problems.confirm = { key: 'account.reset.mismatch' };
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The verification code boxes
// ---------------------------------------------------------------------------------------------

export const emptyCode = (): string[] => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits as ASCII, so Arabic keyboards work. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** What one box keeps from what was typed into it: its last digit, or nothing. */
export function digitFromInput(value: string): string {
  const digits = asciiDigits(value).replace(/\D/g, '');
  return digits.slice(-1);
}

/**
 * The code in pasted text: exactly six digits once spaces and dashes are removed ("123 456",
 * "123-456"), else null, so a pasted sentence never half-fills the boxes.
 */
export function codeFromPaste(text: string): string[] | null {
  const digits = asciiDigits(text).replace(/[\s-]/g, '');
  if (!new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(digits)) return null;
  return digits.split('');
}

export function isCompleteCode(digits: readonly string[]): boolean {
  return digits.length === VERIFICATION_CODE_LENGTH && digits.every((digit) => /^\d$/.test(digit));
}

/** The verification code: digits only, exactly six, otherwise 'Please enter all 6 digits'. */
export function checkCode(digits: readonly string[]): FieldProblem | null {
  return isCompleteCode(digits) ? null : { key: 'account.verify.incomplete' };
}

// ---------------------------------------------------------------------------------------------
// Navigation state between the screens
// ---------------------------------------------------------------------------------------------

/** What /register and /verify-code hand to the next screen (react-router location state). */
export interface AccountNavigationState {
  email?: string;
  message?: string;
  /** Registration only: false when the code e-mail could not be sent. */
  verificationSent?: boolean;
}

/** Reads location.state defensively: it may come from anywhere (history, another screen). */
export function readNavigationState(state: unknown): AccountNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const result: AccountNavigationState = {};
  if (typeof record.email === 'string' && record.email) result.email = record.email;
  if (typeof record.message === 'string' && record.message) result.message = record.message;
  if (typeof record.verificationSent === 'boolean') result.verificationSent = record.verificationSent;
  return result;
}

/** The e-mail to verify: navigation state first, else ?email= (so a reload keeps working). */
export function verificationEmail(state: AccountNavigationState, search: URLSearchParams): string | null {
  const email = state.email ?? search.get('email') ?? '';
  return isEmailAddress(email) ? normaliseEmail(email) : null;
}

/** /verify-code with the e-mail in the address too, so a reload or a language switch keeps it. */
export function verifyCodePath(email: string): string {
  return `/verify-code?${new URLSearchParams({ email: normaliseEmail(email) }).toString()}`;
}

