import type { ProductImportRow } from '@shop/shared';

/**
 * The import screen's rules (product-import.tsx): which rows of a checked file it shows. By
 * default the rows that change something or are refused; the unchanged ones of a whole-catalogue
 * export would bury them.
 */
export const IMPORT_FILTERS = ['changes', 'errors', 'all'] as const;
export type ImportFilter = (typeof IMPORT_FILTERS)[number];

/** The rows the filter keeps, in the file's order. */
export function importRowsShown(rows: readonly ProductImportRow[], filter: ImportFilter): ProductImportRow[] {
  switch (filter) {
    case 'errors':
      return rows.filter((row) => row.errors.length > 0);
    case 'changes':
      return rows.filter((row) => row.errors.length > 0 || row.action !== 'unchanged');
    default:
      return [...rows];
  }
}
