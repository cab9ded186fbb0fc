import type { AuditLogResponse } from '@shop/shared';
import { adminApi, adminQueryKeys } from '../ui/admin-api';

/** The activity view's call: GET /api/admin/audit-log (audit.read), paged on the server. */

export interface ActivityFilters {
  actor_id?: number | undefined;
  entity?: string | undefined;
}

/**
 * The trail's keys. Every write adds an entry, yet none invalidates them: the trail is never
 * fresh (no staleTime), so each visit to the tab fetches it again.
 */
export const activityQueryKeys = adminQueryKeys('audit-log');

/** One page of the trail, newest first, with the people and kinds of thing for the filters. */
export function fetchActivityPage(
  filters: ActivityFilters,
  page: number,
): Promise<AuditLogResponse> {
  return adminApi().get<AuditLogResponse>('/admin/audit-log', {
    page,
    actor_id: filters.actor_id,
    entity: filters.entity,
  });
}
