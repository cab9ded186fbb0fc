import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserDeleteResponse, AdminUserListResponse, AdminUserResponse } from '@shop/shared';
import { adminApi, adminKeys } from '../ui/admin-api';
import type { UserListFilters, UserRequestBody } from './user-rules';

/**
 * The back office's user calls. Every key lives under
 * adminKeys.users (the 'admin-users' cache), so one invalidation after a write refreshes
 * the list, its counters and the forms.
 */

export const userKeys = {
  list: (filters: UserListFilters) => [...adminKeys.users, 'list', filters] as const,
  one: (id: number) => adminKeys.user(id),
};

/** One page of GET /api/admin/users, newest first; the page size is the server's. */
export function fetchUserPage(filters: UserListFilters, page: number): Promise<AdminUserListResponse> {
  return adminApi().get<AdminUserListResponse>('/admin/users', { page, search: filters.search, role: filters.role });
}

/** GET /api/admin/users/:id: the user the form starts from. */
export function adminUserQuery(id: number) {
  return queryOptions({
    queryKey: userKeys.one(id),
    queryFn: async () => (await adminApi().get<AdminUserResponse>(`/admin/users/${id}`)).user,
    retry: false,
    // The form starts from what is stored now, not from an older visit.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/admin/users (id null) or PUT /api/admin/users/:id with the form's JSON body. */
export async function saveUser(id: number | null, body: UserRequestBody): Promise<AdminUser> {
  const api = adminApi();
  const reply = id === null ? await api.post<AdminUserResponse>('/admin/users', body) : await api.put<AdminUserResponse>(`/admin/users/${id}`, body);
  return reply.user;
}

/** DELETE /api/admin/users/:id: the account goes, its orders stay (detached). */
export function deleteUser(id: number): Promise<AdminUserDeleteResponse> {
  return adminApi().delete<AdminUserDeleteResponse>(`/admin/users/${id}`);
}

/**
 * After a write: the users' list and counters refresh; so do the order lists (a deleted
 * customer's orders become guest ones) and the dashboard (its user count).
 */
export function refreshUsers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}
