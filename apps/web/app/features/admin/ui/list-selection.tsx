import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { RowSelection } from './resource-list';

/**
 * The rows a list's bulk actions work on (orders, products): the ids chosen among the rows shown,
 * forgotten when the filters change (other filters start a new selection), and the ResourceList
 * `selection` that ticks them.
 */
export function useListSelection<Row>(
  rows: readonly Row[],
  idOf: (row: Row) => number,
  filtersKey: string,
  labels: { rowLabel: (row: Row) => string; allLabel: string },
) {
  const [picked, setPicked] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: filtersKey, ids: new Set() });
  const selectedIds = picked.key === filtersKey ? picked.ids : new Set<number>();
  const selectedRows = rows.filter((row) => selectedIds.has(idOf(row)));
  const select = (ids: Iterable<number>) => setPicked({ key: filtersKey, ids: new Set(ids) });
  const selection: RowSelection<Row> = {
    selected: selectedIds,
    onToggle: (row) => {
      const next = new Set(selectedIds);
      if (!next.delete(idOf(row))) next.add(idOf(row));
      select(next);
    },
    onToggleAll: () => select(selectedRows.length === rows.length ? [] : rows.map(idOf)),
    ...labels,
  };
  return { selectedRows, select, selection };
}

/** The bar over a list while rows are selected: how many, the list's actions, and clear. */
export function SelectionBar({
  label,
  count,
  clearLabel,
  onClear,
  children,
}: {
  /** The bar's accessible name ("Selected orders"). */
  label: string;
  /** How many are selected, in words. */
  count: ReactNode;
  clearLabel: string;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      className="sticky top-16 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-3 shadow-sm"
    >
      <p className="me-auto font-semibold text-brand-900" aria-live="polite">
        {count}
      </p>
      {children}
      <Button variant="ghost" onClick={onClear}>
        {clearLabel}
      </Button>
    </div>
  );
}
