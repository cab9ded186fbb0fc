import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type MessageResponse,
  type NotificationPreferences,
  type Order,
  type OrderListResponse,
  type PreferencesResponse,
  type ProfileResponse,
  type ProfileUpdateBody,
  type User,
} from '@shop/shared';
import { browserApi, type Api } from '../../lib/api';

/** Everything under ['account'] belongs to the signed-in user; useAuth().forget drops it. */
export const profileKeys = {
  myOrders: (userId: number) => ['account', 'my-orders', userId] as const,
};

/** GET /orders/my-orders: the signed-in customer's orders, newest first. */
export async function fetchMyOrders(api: Api): Promise<Order[]> {
  return (await api.get<OrderListResponse>('/orders/my-orders')).orders;
}

export function myOrdersQuery(userId: number) {
  return queryOptions({
    queryKey: profileKeys.myOrders(userId),
    queryFn: () => fetchMyOrders(browserApi()),
    // An order placed in another tab shows when the tab is opened again.
    staleTime: 0,
    retry: false,
  });
}

export function useMyOrders(userId: number) {
  return useQuery(myOrdersQuery(userId));
}

/** PUT /auth/profile; the reply carries the updated user. */
export async function updateProfile(body: ProfileUpdateBody): Promise<User> {
  return (await browserApi().put<ProfileResponse>('/auth/profile', body)).user;
}

/** POST /auth/resend-verification-code: e-mails a new 6-digit code. */
export async function sendVerificationCode(email: string): Promise<MessageResponse> {
  return browserApi().post<MessageResponse>('/auth/resend-verification-code', { email });
}

/** PUT /auth/change-password; the server signs out the account's other sessions. */
export async function changePassword(body: { current_password?: string; new_password: string }): Promise<MessageResponse> {
  return browserApi().put<MessageResponse>('/auth/change-password', body);
}

/** PUT /auth/preferences: which e-mails the customer wants. */
export async function savePreferences(preferences: NotificationPreferences): Promise<PreferencesResponse> {
  return browserApi().put<PreferencesResponse>('/auth/preferences', preferences);
}

/** DELETE /auth/account, confirmed by the current password when the account has one. */
export async function deleteAccount(body: { password?: string }): Promise<MessageResponse> {
  return browserApi().delete<MessageResponse>('/auth/account', body);
}
