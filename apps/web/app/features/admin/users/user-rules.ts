import {
  NAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  STORE_EMAIL_PATTERN,
  USER_ROLES,
  isStorePhoneNumber,
  type AdminUser,
  type UserRoleName,
} from '@shop/shared';
import type { MessageKey, TranslationKey } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { adminHref, adminNewRecordHref, adminRecordHref } from '../shell/admin-links';

/**
 * The rules of the Users tab and the user form: the list's
 * filters in the URL, the role labels and badges, the checks before sending,
 * the JSON body of POST/PUT /api/admin/users and where the server's refusals land. The server
 * checks everything again with the shop's one account policy (registration's rules).
 */

/** Where the form returns on save, cancel and back. */
export const USERS_TAB_PATH = adminHref('users');
export const NEW_USER_PATH = adminNewRecordHref('users');
export const editUserPath = (id: number) => adminRecordHref('users', id);

// ---------- roles ----------

/** The roles in the form's order: the default first, then up (decision 008). */
export const ROLE_CHOICES: readonly UserRoleName[] = USER_ROLES;

/** The role labels (مدير, عميل, مشرف and their English). */
export const roleLabels: Readonly<Record<UserRoleName, MessageKey>> = {
  customer: 'admin-users.role.customer',
  moderator: 'admin-users.role.moderator',
  admin: 'admin-users.role.admin',
};

/** The badge colour of each role: administrators stand out, customers stay quiet. */
export const roleTones: Readonly<Record<UserRoleName, 'purple' | 'blue' | 'grey'>> = {
  admin: 'purple',
  moderator: 'blue',
  customer: 'grey',
};

export function isUserRole(value: string): value is UserRoleName {
  return (USER_ROLES as readonly string[]).includes(value);
}

/**
 * Whether the form may offer `role`: an administrator editing themself keeps the administrator
 * role (the server refuses a self-demotion too); everyone else may get any role.
 */
export function roleSelectable(role: UserRoleName, editingSelf: boolean): boolean {
  return !editingSelf || role === 'admin';
}

/** Whether the list offers deleting this user: never one's own account (the server refuses it). */
export function canDeleteUser(user: Pick<AdminUser, 'id'>, currentUserId: number | undefined): boolean {
  return user.id !== currentUserId;
}

// ---------- the list ----------

/** The list's filters in the URL beside `tab`: no search, every role. */
export const USER_LIST_DEFAULTS = { search: '', role: '' } as const;

export interface UserListFilters {
  search: string;
  /** '' for every role. */
  role: UserRoleName | '';
}

/** The filters the URL holds; an unknown role shows every role. */
export function userFiltersFrom(state: { search: string; role: string }): UserListFilters {
  return { search: state.search.trim(), role: isUserRole(state.role) ? state.role : '' };
}

export function hasUserFilters(filters: UserListFilters): boolean {
  return filters.search !== '' || filters.role !== '';
}

/** The id in /admin/users/edit/{id} and /admin/user/{id}, or null when it is not a user id. */
export function parseUserId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

// ---------- the form ----------

export interface UserForm {
  name: string;
  email: string;
  /** Required on create; on edit empty keeps the current one. */
  password: string;
  role: UserRoleName;
  phone: string;
  address: string;
}

/** The form's fields in screen order (the focus goes to the first invalid one). */
export const userFields = ['name', 'email', 'password', 'role', 'phone', 'address'] as const;
export type UserField = (typeof userFields)[number];

/** A new user: a customer, nothing typed. */
export function emptyUserForm(): UserForm {
  return { name: '', email: '', password: '', role: 'customer', phone: '', address: '' };
}

/** The form of a stored user; the password stays empty (it is write only). */
export function userFormFrom(user: Pick<AdminUser, 'name' | 'email' | 'role' | 'phone' | 'address'>): UserForm {
  return { name: user.name, email: user.email, password: '', role: user.role, phone: user.phone ?? '', address: user.address ?? '' };
}

/** Whether the form differs from where it started (spaces around a text do not count; a typed password does). */
export function isUserFormDirty(form: UserForm, initial: UserForm): boolean {
  return userFields.some((field) =>
    field === 'password' || field === 'role' ? form[field] !== initial[field] : form[field].trim() !== initial[field].trim(),
  );
}

/**
 * The checks before sending: a name of at least NAME_MIN_LENGTH characters once
 * trimmed; an e-mail of the basic pattern; a password on create, and of at least
 * PASSWORD_MIN_LENGTH characters whenever one is typed; a phone, when given, of digits, spaces,
 * hyphens and parentheses with an optional leading + (8 to 15 digits, the shop's phone rule); a
 * role of the three.
 */
export function userFormProblems(form: UserForm, mode: 'create' | 'edit'): Partial<Record<UserField, TranslationKey>> {
  const problems: Partial<Record<UserField, TranslationKey>> = {};
  const name = form.name.trim();
  if (!name) problems.name = 'admin-users.validation.name_required';
  else if ([...name].length < NAME_MIN_LENGTH) problems.name = 'admin-users.validation.name_too_short';
  const email = form.email.trim();
  if (!email) problems.email = 'admin-users.validation.email_required';
  else if (!STORE_EMAIL_PATTERN.test(email)) problems.email = 'admin-users.validation.email_invalid';
  if (!form.password) {
    if (mode === 'create') problems.password = 'admin-users.validation.password_required';
  } else if (form.password.length < PASSWORD_MIN_LENGTH) {
    problems.password = 'admin-users.validation.password_too_short';
  }
  if (!isUserRole(form.role)) problems.role = 'admin-users.validation.role_invalid';
  if (form.phone.trim() && !isStorePhoneNumber(form.phone)) problems.phone = 'admin-users.validation.phone_invalid';
  return problems;
}

/** The JSON body of POST/PUT /api/admin/users. */
export interface UserRequestBody {
  name: string;
  email: string;
  password?: string;
  role: UserRoleName;
  phone: string;
  address: string;
}

/**
 * What the form sends: name, phone and address trimmed (empty clears them), the
 * e-mail trimmed and lower-cased, the password only when one was typed.
 */
export function userRequestBody(form: UserForm): UserRequestBody {
  return {
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    ...(form.password ? { password: form.password } : {}),
    role: form.role,
    phone: form.phone.trim(),
    address: form.address.trim(),
  };
}

/** A refusal because the e-mail belongs to another account ('this email is already in use'). */
export function isEmailTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'USER_EXISTS';
}
