import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminSalesReportResponse, SalesReport } from '@shop/shared';
import { browserDownload } from '../../../lib/api';
import { adminApi, adminQueryKeys } from '../ui/admin-api';
import type { ReportFilters } from './reports-rules';

export const reportsQueryKeys = {
  ...adminQueryKeys('reports'),
  sales: (filters: ReportFilters) => [...adminQueryKeys('reports').all, 'sales', filters] as const,
};

/** GET /api/admin/reports/sales of a range and grouping; the last report stays shown while the next loads. */
export function salesReportQuery(filters: ReportFilters, enabled: boolean) {
  return queryOptions({
    queryKey: reportsQueryKeys.sales(filters),
    queryFn: async (): Promise<SalesReport> =>
      (await adminApi().get<AdminSalesReportResponse>('/admin/reports/sales', { ...filters })).report,
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The same report as the server's CSV file. */
export function downloadSalesReportCsv(filters: ReportFilters): Promise<Blob> {
  return browserDownload('/admin/reports/sales', { ...filters, format: 'csv' }, 'text/csv');
}
