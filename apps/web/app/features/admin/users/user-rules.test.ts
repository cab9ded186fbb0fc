import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import {
  canDeleteUser,
  editUserPath,
  emptyUserForm,
  hasUserFilters,
  isEmailTaken,
  isUserFormDirty,
  parseUserId,
  roleSelectable,
  userFiltersFrom,
  userFormFrom,
  userFormProblems,
  userRequestBody,
  type UserForm,
} from './user-rules';

const valid: UserForm = {
  name: 'مريم العلي',
  email: 'maryam@example.com',
  password: 'secret1',
  role: 'customer',
  phone: '',
  address: '',
};

describe('userFormProblems', () => {
  it('accepts a complete form, and an edit without a password', () => {
    expect(userFormProblems(valid, 'create')).toEqual({});
    expect(userFormProblems({ ...valid, password: '' }, 'edit')).toEqual({});
  });

  it('needs a name of at least 2 characters once trimmed', () => {
    expect(userFormProblems({ ...valid, name: '   ' }, 'create').name).toBe('admin-users.validation.name_required');
    expect(userFormProblems({ ...valid, name: ' م ' }, 'create').name).toBe('admin-users.validation.name_too_short');
    expect(userFormProblems({ ...valid, name: ' مي ' }, 'create').name).toBeUndefined();
  });

  it('needs an e-mail of the basic pattern', () => {
    expect(userFormProblems({ ...valid, email: ' ' }, 'create').email).toBe('admin-users.validation.email_required');
    for (const email of ['maryam', 'maryam@', 'maryam@example', 'mar yam@example.com']) {
      expect(userFormProblems({ ...valid, email }, 'create').email, email).toBe('admin-users.validation.email_invalid');
    }
    expect(userFormProblems({ ...valid, email: '  Maryam@Example.COM ' }, 'create').email).toBeUndefined();
  });

  it('needs a password on create, of at least 6 characters whenever one is typed', () => {
    expect(userFormProblems({ ...valid, password: '' }, 'create').password).toBe('admin-users.validation.password_required');
    expect(userFormProblems({ ...valid, password: '12345' }, 'create').password).toBe('admin-users.validation.password_too_short');
    expect(userFormProblems({ ...valid, password: '12345' }, 'edit').password).toBe('admin-users.validation.password_too_short');
    expect(userFormProblems({ ...valid, password: '123456' }, 'edit').password).toBeUndefined();
  });

  it('takes a phone of digits, spaces, hyphens and parentheses with an optional leading plus', () => {
    for (const phone of ['+965 2222 3333', '(965) 2222-3333', '22223333', '٩٩٩٩٨٨٨٨', '  ']) {
      expect(userFormProblems({ ...valid, phone }, 'create').phone, phone).toBeUndefined();
    }
    for (const phone of ['2222.3333', '965+22223333', 'call 22223333', '1234']) {
      expect(userFormProblems({ ...valid, phone }, 'create').phone, phone).toBe('admin-users.validation.phone_invalid');
    }
  });

  it('refuses a role that is not one of the three', () => {
    expect(userFormProblems({ ...valid, role: 'owner' as UserForm['role'] }, 'create').role).toBe('admin-users.validation.role_invalid');
    for (const role of ['customer', 'moderator', 'admin'] as const) {
      expect(userFormProblems({ ...valid, role }, 'create').role).toBeUndefined();
    }
  });
});

describe('userRequestBody', () => {
  it('trims name, phone and address, trims and lower-cases the e-mail, sends the password only when typed', () => {
    const body = userRequestBody({
      name: '  خالد  ',
      email: '  Khaled@Example.COM ',
      password: ' pass with spaces ',
      role: 'moderator',
      phone: ' +965 5555 1234 ',
      address: '  حولي\nقطعة 3  ',
    });
    expect(body).toEqual({
      name: 'خالد',
      email: 'khaled@example.com',
      password: ' pass with spaces ',
      role: 'moderator',
      phone: '+965 5555 1234',
      address: 'حولي\nقطعة 3',
    });
    expect(userRequestBody({ ...valid, password: '' })).not.toHaveProperty('password');
  });
});

describe('the form state', () => {
  it('starts a new user as a customer with nothing typed', () => {
    expect(emptyUserForm()).toEqual({ name: '', email: '', password: '', role: 'customer', phone: '', address: '' });
  });

  it('fills the form from a stored user, password empty', () => {
    expect(userFormFrom({ name: 'Ali', email: 'ali@example.com', role: 'admin', phone: null, address: 'Kuwait' })).toEqual({
      name: 'Ali',
      email: 'ali@example.com',
      password: '',
      role: 'admin',
      phone: '',
      address: 'Kuwait',
    });
  });

  it('is dirty once something real changed: spaces alone do not count, a typed password does', () => {
    const initial = userFormFrom({ name: 'Ali', email: 'ali@example.com', role: 'customer', phone: null, address: null });
    expect(isUserFormDirty({ ...initial, name: ' Ali ' }, initial)).toBe(false);
    expect(isUserFormDirty({ ...initial, name: 'Ali Salem' }, initial)).toBe(true);
    expect(isUserFormDirty({ ...initial, password: 'x' }, initial)).toBe(true);
    expect(isUserFormDirty({ ...initial, role: 'moderator' }, initial)).toBe(true);
  });
});

describe('self-protection', () => {
  it('an administrator editing themself keeps the administrator role; anyone else may get any role', () => {
    expect(roleSelectable('admin', true)).toBe(true);
    expect(roleSelectable('moderator', true)).toBe(false);
    expect(roleSelectable('customer', true)).toBe(false);
    for (const role of ['customer', 'moderator', 'admin'] as const) expect(roleSelectable(role, false)).toBe(true);
  });

  it('offers no delete on one’s own row', () => {
    expect(canDeleteUser({ id: 7 }, 7)).toBe(false);
    expect(canDeleteUser({ id: 8 }, 7)).toBe(true);
  });
});

describe('the list', () => {
  it('reads the filters from the URL, an unknown role meaning every role', () => {
    expect(userFiltersFrom({ search: '  noura ', role: 'moderator' })).toEqual({ search: 'noura', role: 'moderator' });
    expect(userFiltersFrom({ search: '', role: 'owner' })).toEqual({ search: '', role: '' });
    expect(hasUserFilters({ search: '', role: '' })).toBe(false);
    expect(hasUserFilters({ search: '', role: 'admin' })).toBe(true);
  });


  it('reads user ids from the address strictly', () => {
    expect(parseUserId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '012', '1.5', 'abc', '99999999999', '2147483648']) expect(parseUserId(bad), String(bad)).toBeNull();
    expect(editUserPath(12)).toBe('/admin/users/edit/12');
  });
});

describe('isEmailTaken', () => {
  it('is true only for the server’s USER_EXISTS', () => {
    expect(isEmailTaken(new ApiError(409, 'USER_EXISTS', 'This email is already in use', [{ field: 'email', message: '…' }]))).toBe(true);
    expect(isEmailTaken(new ApiError(409, 'CONFLICT', 'last administrator'))).toBe(false);
    expect(isEmailTaken(new Error('x'))).toBe(false);
  });
});
