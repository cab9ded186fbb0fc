import { queryOptions } from '@tanstack/react-query';
import {
  DASHBOARD_CACHE_MS,
  DASHBOARD_STALE_MS,
  type AdminStats,
  type AdminStatsResponse,
} from '@shop/shared';
import { adminApi, adminQueryKeys } from '../ui/admin-api';

/**
 * The dashboard's keys. It only reads; the writes whose data it shows (products, orders, users)
 * invalidate `dashboardQueryKeys.all` in their own modules.
 */
export const dashboardQueryKeys = {
  ...adminQueryKeys('dashboard'),
  stats: () => [...adminQueryKeys('dashboard').all, 'stats'] as const,
};

/**
 * GET /api/admin/stats: fresh for 30 s and kept 60 s, so the figures are recent without asking
 * on every render. The `_` parameter asks past any copy kept on the way (the server ignores it).
 */
export function dashboardStatsQuery() {
  return queryOptions({
    queryKey: dashboardQueryKeys.stats(),
    queryFn: async (): Promise<AdminStats> =>
      (await adminApi().get<AdminStatsResponse>('/admin/stats', { _: Date.now() })).stats,
    staleTime: DASHBOARD_STALE_MS,
    gcTime: DASHBOARD_CACHE_MS,
    retry: false,
  });
}
