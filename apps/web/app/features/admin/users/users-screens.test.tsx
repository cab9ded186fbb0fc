import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminOrderListResponse, AdminUser, AdminUserDetail, AdminUserListResponse } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { UserFormScreen, UserNotFound } from './user-form-screen';
import { USER_LIST_DEFAULTS, userFiltersFrom, type UserListFilters } from './user-rules';
import { userOrdersQuery, usersQueryKeys } from './users-api';
import UsersTab from './users-tab';

function person(id: number, extra: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    username: `user${id}`,
    name: `مستخدم ${id}`,
    email: `user${id}@example.com`,
    phone: null,
    address: null,
    role: 'customer',
    created_at: '2025-03-04T10:00:00.000Z',
    email_verified: true,
    has_password: true,
    last_active_at: null,
    order_count: 0,
    ...extra,
  };
}

/** A user as GET /api/admin/users/:id answers: with their orders' figures (none unless told). */
function detailOf(user: AdminUser, figures: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return { ...user, orders_count: 0, total_spent: 0, last_order_at: null, ...figures };
}

function listReply(users: AdminUser[], pagination: { page: number; pages: number; total: number }): AdminUserListResponse {
  return {
    success: true,
    users,
    pagination: { limit: 20, ...pagination },
    counts: { total: 57, admins: 2, customers: 50, moderators: 5 },
  };
}

const everyone = userFiltersFrom(USER_LIST_DEFAULTS);

const fillList =
  (filters: UserListFilters, pages: AdminUserListResponse[]) =>
  (client: QueryClient) =>
    client.setQueryData(usersQueryKeys.list(filters), { pages, pageParams: pages.map((_, index) => index + 1) });

/** A query that already failed; the screen shows the failure instead of fetching again on mount. */
const fillError = (queryKey: QueryKey, error: Error) => (client: QueryClient) => {
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
  client
    .getQueryCache()
    .build(client, { queryKey })
    .setState({ status: 'error', error, errorUpdatedAt: 1, errorUpdateCount: 1, fetchStatus: 'idle', fetchFailureCount: 1, fetchFailureReason: error });
};

// The signed-in test administrator is user 1 (render-for-test's staffUser).
const first = listReply(
  [
    person(9, { name: 'نورة الصباح', role: 'moderator', phone: '+965 5555 1234', order_count: 3 }),
    person(1, { name: 'المدير', role: 'admin' }),
    person(4, { name: 'Salem' }),
  ],
  { page: 1, pages: 2, total: 57 },
);

describe('users tab', () => {
  it('shows the counters, the list columns with Arabic role badges, the count and load more', () => {
    const html = renderAdmin(<UsersTab />, { lang: 'ar', role: 'admin', path: '/admin?tab=users', fill: fillList(everyone, [first]) });
    const text = textOf(html);
    for (const label of ['إجمالي المستخدمين 57', 'المديرون 2', 'العملاء 50', 'المشرفون 5']) expect(text).toContain(label);
    expect(text).toContain('عرض 3 من 57 مستخدمًا');
    expect(text).toContain('نورة الصباح');
    expect(text).toContain('user9@example.com');
    expect(text).toContain('+965 5555 1234');
    expect(text).toContain('4 مارس 2025');
    expect(text).toContain('مشرف');
    expect(text).toContain('مدير');
    expect(text).toContain('عميل');
    expect(html).toContain('href="/admin/users/new"');
    expect(html).toContain('href="/admin/users/edit/9"');
    expect(html).toContain('aria-label="حذف المستخدم نورة الصباح"');
    expect(html).toContain('placeholder="ابحث بالاسم أو البريد الإلكتروني"');
    expect(text).toContain('تحميل المزيد');
    expect(text).not.toMatch(/admin-users\.|admin\.common\./);
  });

  it('offers no delete on the administrator’s own row, and marks it', () => {
    const html = renderAdmin(<UsersTab />, { lang: 'en', role: 'admin', path: '/admin?tab=users', fill: fillList(everyone, [first]) });
    expect(html).toContain('aria-label="Delete the user Salem"');
    expect(html).not.toContain('aria-label="Delete the user المدير"');
    expect(html).toContain('aria-label="Edit the user المدير"');
    expect(textOf(html)).toContain('(you)');
    expect(textOf(html)).toContain('Moderator');
  });

  it('reads the search and role from the URL and says when nothing matches', () => {
    const filters: UserListFilters = { search: 'zzz', role: 'admin' };
    const none = listReply([], { page: 1, pages: 0, total: 0 });
    const html = renderAdmin(<UsersTab />, { lang: 'en', role: 'admin', path: '/admin?tab=users&search=zzz&role=admin', fill: fillList(filters, [none]) });
    const text = textOf(html);
    expect(html).toContain('value="zzz"');
    expect(html).toMatch(/<option value="admin" selected="">Admin<\/option>/);
    expect(text).toContain('No user matches these filters');
    expect(text).toContain('Clear the filters');
    // The counters stay those of every user.
    expect(text).toContain('Total users 57');
  });

  it('says all users are shown after the last page', () => {
    const all = listReply([person(4)], { page: 1, pages: 1, total: 1 });
    const text = textOf(renderAdmin(<UsersTab />, { lang: 'en', role: 'admin', path: '/admin?tab=users', fill: fillList(everyone, [all]) }));
    expect(text).toMatch(/Showing 1 of 1 user(?!s)/);
    expect(text).toContain('All users are shown');
  });

  it('shows a load failure with the server’s reason and a retry', () => {
    const html = renderAdmin(<UsersTab />, {
      lang: 'en',
      role: 'admin',
      path: '/admin?tab=users',
      fill: fillError(usersQueryKeys.list(everyone), new ApiError(500, 'INTERNAL', 'Database unreachable')),
    });
    const text = textOf(html);
    expect(text).toContain('Error loading the users');
    expect(text).toContain('Database unreachable');
    expect(text).toContain('Try again');
  });
});

describe('user form', () => {
  it('starts a new user as a customer, offers the three roles and asks for a password', () => {
    const html = renderAdmin(<UserFormScreen id={null} />, { lang: 'ar', role: 'admin', path: '/admin/users/new' });
    const text = textOf(html);
    expect(text).toContain('إضافة مستخدم');
    expect(html).toMatch(/<option value="customer" selected="">عميل<\/option>/);
    expect(html).toMatch(/<option value="moderator">مشرف<\/option>/);
    expect(html).toMatch(/<option value="admin">مدير<\/option>/);
    expect(html).toContain('id="user-password"');
    expect(html).toContain('id="user-address"');
    expect(html).toMatch(/<textarea[^>]*id="user-address"/);
    expect(text).toContain('إنشاء المستخدم');
    expect(html).toContain('href="/admin?tab=users"');
    expect(text).not.toMatch(/admin-users\.|admin\.common\./);
  });

  it('fills the form on edit, password empty with the hint that empty keeps it', () => {
    const stored = person(9, { name: 'نورة الصباح', role: 'moderator', phone: '+965 5555 1234', address: 'حولي' });
    const html = renderAdmin(<UserFormScreen id={9} />, {
      lang: 'en',
      role: 'admin',
      path: '/admin/users/edit/9',
      fill: (client) => client.setQueryData(usersQueryKeys.detail(9), detailOf(stored)),
    });
    const text = textOf(html);
    expect(text).toContain('Edit user: نورة الصباح');
    expect(html).toContain('value="user9@example.com"');
    expect(html).toContain('value="+965 5555 1234"');
    expect(html).toMatch(/<option value="moderator" selected="">Moderator<\/option>/);
    expect(html).toMatch(/id="user-password"[^>]*value=""/);
    expect(text).toContain('Leave it empty to keep the current password');
    expect(text).toContain('Not signed in anywhere');
    expect(text).toContain('No orders');
    expect(text).toContain('Verified');
    expect(text).toContain('Save changes');
  });

  it("shows a customer's orders: count, total spent, latest, and the page of orders linked to their screens", () => {
    const stored = detailOf(person(9, { name: 'نورة الصباح', order_count: 12 }), {
      orders_count: 12,
      total_spent: 154.25,
      last_order_at: '2026-11-30T21:30:00.000Z',
    });
    const page: AdminOrderListResponse = {
      success: true,
      orders: [
        {
          id: 77,
          order_number: 'SB-7K3M9Q2X4T',
          status: 'shipped',
          status_display: 'Shipped',
          status_color: 'purple',
          created_at: '2026-11-30T21:30:00.000Z',
          customer_type: 'user',
          user_id: 9,
          customer_name: 'نورة الصباح',
          customer_email: 'user9@example.com',
          customer_phone: '+96551112222',
          city_id: 1,
          city_name: 'Salmiya',
          governorate_name: 'Hawalli',
          item_count: 2,
          payment_method: 'cash_on_delivery',
          payment_method_name: 'Cash on delivery',
          payment_status: 'not_required',
          paid_at: null,
          shipping_amount: 1.5,
          total_amount: 21.5,
        },
      ],
      pagination: { page: 1, limit: 10, total: 12, pages: 2 },
      total_capped: false,
      cities: [],
    };
    const html = renderAdmin(<UserFormScreen id={9} />, {
      lang: 'en',
      role: 'admin',
      path: '/admin/users/edit/9',
      fill: (client) => {
        client.setQueryData(usersQueryKeys.detail(9), stored);
        client.setQueryData(userOrdersQuery(9, 1).queryKey, page);
      },
    });
    const text = textOf(html);
    expect(text).toContain("Customer's orders");
    expect(text).toContain('12 orders');
    expect(text).toMatch(/Total spent\s*154\.250/);
    expect(html).toContain('href="/admin/orders/77"');
    expect(text).toContain('SB-7K3M9Q2X4T');
    // Kuwait's day: 21:30 UTC on the 30th is already 1 December there.
    expect(text).toContain('1 Dec 2026');
    expect(text).toContain('Shipped');
    expect(text).toContain('21.500');
    expect(text).toContain('Page 1 of 2');
  });

  it('an administrator editing themself cannot pick a lower role, and is told why', () => {
    const self = person(1, { name: 'المدير', role: 'admin' });
    const html = renderAdmin(<UserFormScreen id={1} />, {
      lang: 'en',
      role: 'admin',
      path: '/admin/users/edit/1',
      fill: (client) => client.setQueryData(usersQueryKeys.detail(1), detailOf(self)),
    });
    expect(html).toMatch(/<option value="customer" disabled="">Customer<\/option>/);
    expect(html).toMatch(/<option value="moderator" disabled="">Moderator<\/option>/);
    expect(html).toMatch(/<option value="admin" selected="">Admin<\/option>/);
    expect(textOf(html)).toContain('You cannot lower your own role; another administrator can.');
  });

  it('shows a spinner while the user loads', () => {
    const html = renderAdmin(<UserFormScreen id={9} />, { lang: 'en', role: 'admin', path: '/admin/users/edit/9' });
    expect(textOf(html)).toContain('Loading the user…');
    expect(html).not.toContain('id="user-name"');
  });

  it('shows the error panel with the message or “an unexpected error occurred”, and the way back', () => {
    const withReason = renderAdmin(<UserFormScreen id={9} />, {
      lang: 'en',
      role: 'admin',
      path: '/admin/users/edit/9',
      fill: fillError(usersQueryKeys.detail(9), new ApiError(500, 'INTERNAL', 'Database unreachable')),
    });
    expect(textOf(withReason)).toContain('Error loading user data');
    expect(textOf(withReason)).toContain('Database unreachable');
    expect(textOf(withReason)).toContain('Back to users');

    const network = renderAdmin(<UserFormScreen id={9} />, {
      lang: 'ar',
      role: 'admin',
      path: '/admin/users/edit/9',
      fill: fillError(usersQueryKeys.detail(9), new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch')),
    });
    expect(textOf(network)).toContain('خطأ في تحميل بيانات المستخدم');
    expect(textOf(network)).toContain('حدث خطأ غير متوقع');
    expect(network).toContain('href="/admin?tab=users"');
  });

  it('says when the user does not exist', () => {
    const html = renderAdmin(<UserFormScreen id={9} />, {
      lang: 'en',
      role: 'admin',
      path: '/admin/users/edit/9',
      fill: fillError(usersQueryKeys.detail(9), new ApiError(404, 'NOT_FOUND', 'User not found')),
    });
    expect(textOf(html)).toContain('This user does not exist or has been deleted.');
    expect(textOf(renderAdmin(<UserNotFound />, { lang: 'en', role: 'admin' }))).toContain('This user does not exist or has been deleted.');
  });

  it('tells a moderator that only administrators manage users', () => {
    const html = renderAdmin(<UserFormScreen id={null} />, { lang: 'en', role: 'moderator', path: '/admin/users/new' });
    expect(textOf(html)).toContain('Only administrators manage users');
    expect(html).not.toContain('id="user-name"');
  });
});
