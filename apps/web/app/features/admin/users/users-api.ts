import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminOrderListResponse,
  AdminUser,
  AdminUserDeleteResponse,
  AdminUserDetailResponse,
  AdminUserListResponse,
  AdminUserResponse,
} from '@shop/shared';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { ordersQueryKeys } from '../orders/orders-api';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import type { UserListFilters, UserRequestBody } from './user-rules';

/** The back office's user calls, their query keys and the hooks that write users. */

/** The users' lists (with their counters) by filter, and each user's form. */
export const usersQueryKeys = adminQueryKeys('users');

/** One page of GET /api/admin/users, newest first; the page size is the server's. */
export function fetchUserPage(filters: UserListFilters, page: number): Promise<AdminUserListResponse> {
  return adminApi().get<AdminUserListResponse>('/admin/users', { page, search: filters.search, role: filters.role });
}

/** GET /api/admin/users/:id: the user the form starts from, with their orders' figures. */
export function adminUserQuery(id: number) {
  return queryOptions({
    queryKey: usersQueryKeys.detail(id),
    queryFn: async () => (await adminApi().get<AdminUserDetailResponse>(`/admin/users/${id}`)).user,
    retry: false,
    // The form starts from what is stored now, not from an older visit.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Orders a page of a customer's panel holds. */
export const USER_ORDERS_PAGE_SIZE = 10;

/**
 * One page of a customer's orders, newest first (GET /api/orders?user_id=); under the orders'
 * keys, so every order write refreshes it.
 */
export function userOrdersQuery(userId: number, page: number) {
  return queryOptions({
    queryKey: ordersQueryKeys.list({ user_id: userId, page }),
    queryFn: () => adminApi().get<AdminOrderListResponse>('/orders', { user_id: userId, page, limit: USER_ORDERS_PAGE_SIZE }),
  });
}

/** POST /api/admin/users (id null) or PUT /api/admin/users/:id with the form's JSON body. */
async function saveUser(id: number | null, body: UserRequestBody): Promise<AdminUser> {
  const api = adminApi();
  const reply = id === null ? await api.post<AdminUserResponse>('/admin/users', body) : await api.put<AdminUserResponse>(`/admin/users/${id}`, body);
  return reply.user;
}

/** DELETE /api/admin/users/:id: the account goes, its orders stay (detached). */
function deleteUser(id: number): Promise<AdminUserDeleteResponse> {
  return adminApi().delete<AdminUserDeleteResponse>(`/admin/users/${id}`);
}

/**
 * After a write: the users' lists and counters and the user's form refresh; so does the
 * dashboard, which counts customers (a new one, a role changed, an account deleted).
 */
export function refreshUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
  ]);
}

/** After a deletion: as any user write, and the orders, whose deleted customer becomes a guest. */
export function refreshAfterUserDelete(queryClient: QueryClient, id: number): Promise<unknown> {
  queryClient.removeQueries({ queryKey: usersQueryKeys.detail(id) });
  return Promise.all([refreshUsers(queryClient), queryClient.invalidateQueries({ queryKey: ordersQueryKeys.all })]);
}

/** Creates a user (`id` null) or changes one with the form's JSON body. */
export function useSaveUser<Values>(id: number | null, toBody: (values: Values) => UserRequestBody, callbacks?: MutationCallbacks<AdminUser, Values>) {
  return useResourceMutation((values: Values) => saveUser(id, toBody(values)), refreshUsers, callbacks);
}

export function useDeleteUser(callbacks?: MutationCallbacks<AdminUserDeleteResponse, AdminUser>) {
  return useResourceMutation((user: AdminUser) => deleteUser(user.id), (client, _, user) => refreshAfterUserDelete(client, user.id), callbacks);
}

/** Refreshes the users (a row someone else deleted). */
export function useRefreshUsers(): () => void {
  return useRefresh(refreshUsers);
}
