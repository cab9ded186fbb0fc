import {
  PASSWORD_MIN_LENGTH,
  PHONE_MIN_LENGTH,
  type NotificationPreferences,
  type ProfileUpdateBody,
  type User,
  type UserRoleName,
} from '@shop/shared';
import type { MessageKey, TranslationKey } from '../../i18n/i18n';

/** The tabs of the profile screen, in their order; the first is the default. */
export const profileTabs = ['account', 'orders', 'addresses', 'settings'] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** The tab a `?tab=` value names; anything else (missing, misspelt) is Account Info. */
export function tabFromQuery(value: string | null): ProfileTab {
  return profileTabs.find((tab) => tab === value) ?? 'account';
}

/** The tab an arrow, Home or End key moves to (WAI-ARIA tabs pattern), or null for other keys. */
export function tabAfterKey(current: ProfileTab, key: string, dir: 'rtl' | 'ltr'): ProfileTab | null {
  const index = profileTabs.indexOf(current);
  const last = profileTabs.length - 1;
  // In a right-to-left row the next tab sits to the left.
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return profileTabs[index === last ? 0 : index + 1] ?? null;
    case backward:
      return profileTabs[index === 0 ? last : index - 1] ?? null;
    case 'Home':
      return profileTabs[0];
    case 'End':
      return profileTabs[last] ?? null;
    default:
      return null;
  }
}

/** A profile value for display: trimmed, or null when there is nothing (shown as 'Not provided'). */
export function shownValue(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The role shown on the profile: Admin if isAdmin, else Customer. */
export function roleLabel(user: Pick<User, 'isAdmin'>): MessageKey {
  return user.isAdmin ? 'profile.account.role_admin' : 'profile.account.role_customer';
}

/**
 * The fields Edit Profile makes editable (the profile update payload), and the
 * current password that confirms a new email address.
 */
export interface ProfileForm {
  email: string;
  current_password: string;
  first_name: string;
  last_name: string;
  phone: string;
}
export type ProfileField = keyof ProfileForm;
export const profileFields: readonly ProfileField[] = ['email', 'current_password', 'first_name', 'last_name', 'phone'];

export function profileFormFrom(user: User): ProfileForm {
  return {
    email: user.email,
    current_password: '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    phone: user.phone ?? '',
  };
}

/**
 * Whether saving the form moves the account to another email while the account has a password:
 * the server then asks for the current password (an account made with Google may have none).
 */
export function needsCurrentPassword(form: Pick<ProfileForm, 'email'>, user: Pick<User, 'email' | 'has_password'>): boolean {
  return user.has_password && form.email.trim().toLowerCase() !== user.email.toLowerCase();
}

/**
 * PUT /auth/profile's body: trimmed, and empty optional fields cleared (null); the current
 * password goes only with a new email that needs it.
 */
export function profileUpdatePayload(form: ProfileForm, withPassword = false): ProfileUpdateBody {
  const orNull = (value: string) => value.trim() || null;
  return {
    email: form.email.trim(),
    first_name: orNull(form.first_name),
    last_name: orNull(form.last_name),
    phone: orNull(form.phone),
    ...(withPassword ? { current_password: form.current_password } : {}),
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The comfort check before saving the profile; the server checks again and has the last word. */
export function profileFormErrors(form: ProfileForm, withPassword = false): Partial<Record<ProfileField, MessageKey>> {
  const errors: Partial<Record<ProfileField, MessageKey>> = {};
  const email = form.email.trim();
  if (!email) errors.email = 'profile.validation.email_required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'profile.validation.email_invalid';
  if (withPassword && form.current_password === '') errors.current_password = 'profile.validation.current_required';
  const phone = form.phone.trim();
  if (phone && phone.length < PHONE_MIN_LENGTH) errors.phone = 'profile.validation.phone_too_short';
  return errors;
}

export interface PasswordChangeForm {
  current_password: string;
  new_password: string;
  confirm_password: string;
}
export type PasswordChangeField = keyof PasswordChangeForm;
export const passwordChangeFields: readonly PasswordChangeField[] = [
  'current_password',
  'new_password',
  'confirm_password',
];

export const emptyPasswordChange: PasswordChangeForm = { current_password: '', new_password: '', confirm_password: '' };

/**
 * The change-password check: the current password only when the account has one (a Google
 * account may not), a new password of at least PASSWORD_MIN_LENGTH, and a matching confirmation.
 */
export function passwordChangeErrors(
  form: PasswordChangeForm,
  hasPassword: boolean,
): Partial<Record<PasswordChangeField, TranslationKey>> {
  const errors: Partial<Record<PasswordChangeField, TranslationKey>> = {};
  if (hasPassword && form.current_password === '') errors.current_password = 'profile.validation.current_required';
  if (form.new_password === '') errors.new_password = 'profile.validation.new_required';
  else if (form.new_password.length < PASSWORD_MIN_LENGTH) errors.new_password = 'profile.validation.new_too_short';
  if (form.confirm_password === '') errors.confirm_password = 'profile.validation.confirm_required';
  else if (form.confirm_password !== form.new_password) errors.confirm_password = 'profile.validation.mismatch';
  return errors;
}

/** PUT /auth/change-password's body; the current password is left out when the account has none. */
export function passwordChangePayload(
  form: PasswordChangeForm,
  hasPassword: boolean,
): { current_password?: string; new_password: string } {
  return hasPassword
    ? { current_password: form.current_password, new_password: form.new_password }
    : { new_password: form.new_password };
}

export const notificationOptions: readonly { key: keyof NotificationPreferences; label: MessageKey; hint: MessageKey }[] = [
  {
    key: 'order_confirmations',
    label: 'profile.notifications.order_confirmations',
    hint: 'profile.notifications.order_confirmations_hint',
  },
  { key: 'shipping_updates', label: 'profile.notifications.shipping_updates', hint: 'profile.notifications.shipping_updates_hint' },
  { key: 'promotional', label: 'profile.notifications.promotional', hint: 'profile.notifications.promotional_hint' },
];

/** Staff only: e-mail me every new order (the server refuses it from customers). */
const newOrderAlertsOption = {
  key: 'new_order_alerts',
  label: 'profile.notifications.new_order_alerts',
  hint: 'profile.notifications.new_order_alerts_hint',
} as const satisfies (typeof notificationOptions)[number];

/** The choices a person has: a staff member also chooses new-order alerts. */
export function notificationOptionsFor(role: UserRoleName): typeof notificationOptions {
  return role === 'customer' ? notificationOptions : [...notificationOptions, newOrderAlertsOption];
}

export function samePreferences(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return [...notificationOptions, newOrderAlertsOption].every(({ key }) => (a[key] ?? false) === (b[key] ?? false));
}

/** DELETE /auth/account's body: the password confirms it when the account has one. */
export function deleteAccountPayload(password: string, hasPassword: boolean): { password?: string } {
  return hasPassword ? { password } : {};
}

/** How many pieces an order holds (the sum of its quantities). */
export function orderItemCount(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
