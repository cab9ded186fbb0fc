import { PASSWORD_MIN_LENGTH, profileUpdateBodySchema, type User } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import profileEn from '../../i18n/messages/profile.en.json';
import {
  deleteAccountPayload,
  emptyPasswordChange,
  needsCurrentPassword,
  orderItemCount,
  passwordChangeErrors,
  passwordChangePayload,
  profileFormErrors,
  profileFormFrom,
  profileUpdatePayload,
  roleLabel,
  samePreferences,
  shownValue,
  tabAfterKey,
  tabFromQuery,
  type ProfileForm,
} from './profile-rules';

const english = (key: string) => (profileEn as Record<string, string>)[key.replace(/^profile\./, '')];

const customer: User = {
  id: 7,
  username: 'fatima',
  name: 'Fatima Al-Sabah',
  first_name: 'Fatima',
  last_name: null,
  email: 'fatima@example.com',
  phone: null,
  address: null,
  isVerified: false,
  isAdmin: false,
  role: 'customer',
  permissions: [],
  has_password: true,
  notification_preferences: { order_confirmations: true, shipping_updates: true, promotional: false },
};

describe('profile tabs', () => {
  it('reads the tab from the query and falls back to Account Info', () => {
    expect(tabFromQuery('orders')).toBe('orders');
    expect(tabFromQuery('settings')).toBe('settings');
    expect(tabFromQuery('addresses')).toBe('addresses');
    expect(tabFromQuery(null)).toBe('account');
    expect(tabFromQuery('admin')).toBe('account');
  });

  it('moves with the arrow keys in reading direction, wrapping around, and jumps with Home and End', () => {
    expect(tabAfterKey('account', 'ArrowRight', 'ltr')).toBe('orders');
    expect(tabAfterKey('account', 'ArrowLeft', 'rtl')).toBe('orders');
    expect(tabAfterKey('account', 'ArrowRight', 'rtl')).toBe('settings');
    expect(tabAfterKey('settings', 'ArrowRight', 'ltr')).toBe('account');
    expect(tabAfterKey('orders', 'Home', 'rtl')).toBe('account');
    expect(tabAfterKey('orders', 'End', 'ltr')).toBe('settings');
    expect(tabAfterKey('orders', 'Enter', 'ltr')).toBeNull();
    expect(tabAfterKey('orders', 'ArrowRight', 'ltr')).toBe('addresses');
  });
});

describe('account info display', () => {
  it("shows nothing (then 'Not provided') for empty values", () => {
    expect(shownValue(null)).toBeNull();
    expect(shownValue('   ')).toBeNull();
    expect(shownValue(' 9999 8888 ')).toBe('9999 8888');
  });

  it('calls an administrator Admin and everyone else Customer', () => {
    expect(english(roleLabel(customer))).toBe('Customer');
    expect(english(roleLabel({ isAdmin: true }))).toBe('Admin');
  });
});

describe('edit profile', () => {
  const form = (values: Partial<ProfileForm>): ProfileForm => ({
    email: '',
    current_password: '',
    first_name: '',
    last_name: '',
    phone: '',
    ...values,
  });

  it('starts from the user with empty strings for missing values', () => {
    expect(profileFormFrom(customer)).toEqual({
      email: 'fatima@example.com',
      current_password: '',
      first_name: 'Fatima',
      last_name: '',
      phone: '',
    });
  });

  it('sends trimmed values and clears emptied optional fields', () => {
    const payload = profileUpdatePayload(form({ email: ' New@Example.com ', first_name: ' Fatima ', phone: ' 99998888 ' }));
    expect(payload).toEqual({ email: 'New@Example.com', first_name: 'Fatima', last_name: null, phone: '99998888' });
    expect(profileUpdateBodySchema.safeParse(payload).success).toBe(true);
  });

  it('asks for a valid email and a phone of at least 8 characters when one is given', () => {
    expect(profileFormErrors(form({}))).toEqual({
      email: 'profile.validation.email_required',
    });
    expect(profileFormErrors(form({ email: 'not-an-email', phone: '1234' }))).toEqual({
      email: 'profile.validation.email_invalid',
      phone: 'profile.validation.phone_too_short',
    });
    expect(profileFormErrors(form({ email: 'a@b.co' }))).toEqual({});
  });

  it('asks for the current password only for a new email of an account that has one', () => {
    expect(needsCurrentPassword({ email: ' FATIMA@example.com ' }, customer)).toBe(false);
    expect(needsCurrentPassword({ email: 'new@example.com' }, customer)).toBe(true);
    expect(needsCurrentPassword({ email: 'new@example.com' }, { ...customer, has_password: false })).toBe(false);

    const moved = form({ email: 'new@example.com' });
    expect(profileFormErrors(moved, true)).toEqual({ current_password: 'profile.validation.current_required' });
    expect(english('profile.validation.current_required')).toBe('Please enter your current password');
    expect(english('profile.account.email_password_hint')).toContain('current password');
    const payload = profileUpdatePayload({ ...moved, current_password: 'secret123' }, true);
    expect(payload).toMatchObject({ email: 'new@example.com', current_password: 'secret123' });
    expect(profileUpdateBodySchema.parse(payload).current_password).toBe('secret123');
    // Without a new email the password is never sent.
    expect(profileUpdatePayload({ ...moved, current_password: 'secret123' })).not.toHaveProperty('current_password');
  });
});

describe('change password', () => {
  it('needs the current password only when the account has one', () => {
    const form = { current_password: '', new_password: 'secret12', confirm_password: 'secret12' };
    expect(passwordChangeErrors(form, true)).toEqual({ current_password: 'profile.validation.current_required' });
    expect(passwordChangeErrors(form, false)).toEqual({});
    expect(passwordChangePayload(form, false)).toEqual({ new_password: 'secret12' });
    expect(passwordChangePayload({ ...form, current_password: 'old-one' }, true)).toEqual({
      current_password: 'old-one',
      new_password: 'secret12',
    });
  });

  it(`wants a new password of at least ${PASSWORD_MIN_LENGTH} characters, confirmed`, () => {
    expect(passwordChangeErrors(emptyPasswordChange, false)).toEqual({
      new_password: 'profile.validation.new_required',
      confirm_password: 'profile.validation.confirm_required',
    });
    const short = 'a'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(passwordChangeErrors({ current_password: 'x', new_password: short, confirm_password: short }, true)).toEqual({
      new_password: 'profile.validation.new_too_short',
    });
    const exact = 'a'.repeat(PASSWORD_MIN_LENGTH);
    expect(passwordChangeErrors({ current_password: 'x', new_password: exact, confirm_password: `${exact}b` }, true)).toEqual({
      confirm_password: 'profile.validation.mismatch',
    });
    expect(passwordChangeErrors({ current_password: 'x', new_password: exact, confirm_password: exact }, true)).toEqual({});
  });

  it('has its texts in English', () => {
    expect(english('profile.validation.mismatch')).toBe('Passwords do not match');
    expect(english('profile.validation.confirm_required')).toBe('Please confirm your password');
  });
});

describe('settings', () => {
  it('compares notification preferences choice by choice', () => {
    const saved = customer.notification_preferences;
    expect(samePreferences(saved, { ...saved })).toBe(true);
    expect(samePreferences(saved, { ...saved, promotional: true })).toBe(false);
  });

  it('confirms deletion with the password only when the account has one', () => {
    expect(deleteAccountPayload('secret12', true)).toEqual({ password: 'secret12' });
    expect(deleteAccountPayload('', false)).toEqual({});
  });
});

describe('order history', () => {
  it('counts the pieces of an order', () => {
    expect(orderItemCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(orderItemCount([])).toBe(0);
  });
});

describe('new-order alerts in the e-mail preferences', () => {
  it('are offered to staff only, and a change of them is a change', async () => {
    const { notificationOptionsFor, samePreferences } = await import('./profile-rules');
    expect(notificationOptionsFor('customer').map((option) => option.key)).not.toContain('new_order_alerts');
    expect(notificationOptionsFor('moderator').map((option) => option.key)).toContain('new_order_alerts');
    const base = { order_confirmations: true, shipping_updates: true, promotional: false };
    expect(samePreferences({ ...base, new_order_alerts: false }, { ...base, new_order_alerts: true })).toBe(false);
    expect(samePreferences(base, { ...base, new_order_alerts: false })).toBe(true);
  });
});
