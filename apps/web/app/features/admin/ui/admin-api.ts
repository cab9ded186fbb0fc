import { useCallback, useEffect } from 'react';
import { browserApi, type Api } from '../../../lib/api';
import { useAuth } from '../../account/auth';

/** The API client of the back office: the browser client with the admin's bearer token. */
export function adminApi(): Api {
  return browserApi();
}

/**
 * Handles a failed back-office call the shop's way: an invalid or expired token clears the
 * session; returns true when it did, so the screen shows nothing more.
 */
export function useAuthFailure(): (error: unknown) => boolean {
  const { handleAuthError } = useAuth();
  return useCallback((error: unknown) => handleAuthError(error), [handleAuthError]);
}

/** Ends the session the shop's way when a query of the screen failed on an invalid token. */
export function useAuthFailureOf(error: unknown): void {
  const authFailure = useAuthFailure();
  useEffect(() => {
    if (error) authFailure(error);
  }, [error, authFailure]);
}

/** Query keys of the back office: every mutation invalidates its resource's root key. */
export const adminKeys = {
  all: ['admin'] as const,
  products: ['admin', 'products'] as const,
  product: (id: number) => ['admin', 'products', 'one', id] as const,
  categories: ['admin', 'categories'] as const,
  category: (id: number) => ['admin', 'categories', 'one', id] as const,
  attributes: ['admin', 'attributes'] as const,
  slides: ['admin', 'slides'] as const,
  settings: ['admin', 'settings'] as const,
  cities: ['admin', 'cities'] as const,
  countries: ['admin', 'locations', 'countries'] as const,
  governorates: (countryId: number) => ['admin', 'locations', 'governorates', countryId] as const,
  /** The 'admin-users' cache: the list, its counters and the user forms. */
  users: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'users', 'one', id] as const,
  promoCodes: ['admin', 'promo-codes'] as const,
  promoCode: (id: number) => ['admin', 'promo-codes', 'one', id] as const,
  orders: ['admin', 'orders'] as const,
  order: (id: number) => ['admin', 'orders', 'one', id] as const,
  /** Every back-office write changes some figure: mutations invalidating adminKeys.all refresh it. */
  dashboard: ['admin', 'dashboard'] as const,
  auditLog: ['admin', 'audit-log'] as const,
};
