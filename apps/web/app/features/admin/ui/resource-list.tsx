import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes of the table cell (alignment, width). */
  className?: string;
  /** On a phone, the card shows this column as its title (one column should say so). */
  primary?: boolean;
  /** On a phone, this column is shown beside the title (e.g. the image) instead of in the rows. */
  media?: boolean;
  /** Left out of the phone card. */
  hideOnPhone?: boolean;
}

/**
 * Row selection for bulk actions (Polaris' index table): a checkbox on every row and card, and one
 * that selects or clears every row shown. The screen keeps the selected keys.
 */
export interface RowSelection<Row> {
  /** Keys (rowKey) of the selected rows. */
  selected: ReadonlySet<string | number>;
  onToggle: (row: Row) => void;
  /** Selects every row shown, or clears them when all are selected already. */
  onToggleAll: () => void;
  /** The accessible name of a row's checkbox (e.g. "Select Salmiya"). */
  rowLabel: (row: Row) => string;
  /** The accessible name and phone label of the select-all checkbox. */
  allLabel: string;
}

const checkboxClass = 'size-5 cursor-pointer accent-brand-700';

/** A checkbox that also shows the mixed state (some rows selected). */
function SelectAllBox({ checked, mixed, label, onChange, id }: { checked: boolean; mixed: boolean; label?: string; onChange: () => void; id?: string }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return <input ref={box} id={id} type="checkbox" className={checkboxClass} checked={checked} onChange={onChange} aria-label={label} />;
}

/**
 * The one list of the back office (Polaris' index table): a table on wide screens, a card per row
 * on a phone, the same columns and row actions in both; optional row selection and load-more footer.
 */
export function ResourceList<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  footer,
  selection,
}: {
  /** The accessible name of the table (e.g. "Products"). */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  actions?: (row: Row) => ReactNode;
  footer?: ReactNode;
  selection?: RowSelection<Row>;
}) {
  const { t } = useI18n();
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const media = columns.find((column) => column.media);
  const details = columns.filter((column) => column !== primary && column !== media && !column.hideOnPhone);
  const selectedCount = selection ? rows.filter((row) => selection.selected.has(rowKey(row))).length : 0;
  const allSelected = rows.length > 0 && selectedCount === rows.length;
  const someSelected = selectedCount > 0 && !allSelected;
  const rowCheckbox = (row: Row) =>
    selection ? (
      <input
        type="checkbox"
        className={checkboxClass}
        checked={selection.selected.has(rowKey(row))}
        onChange={() => selection.onToggle(row)}
        aria-label={selection.rowLabel(row)}
      />
    ) : null;
  return (
    <div className="flex flex-col gap-4">
      {selection ? (
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 self-start rounded-xl border border-stone-200 bg-white px-4 font-semibold text-stone-800 md:hidden">
          <SelectAllBox checked={allSelected} mixed={someSelected} onChange={selection.onToggleAll} />
          {selection.allLabel}
        </label>
      ) : null}
      <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white md:block">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              {selection ? (
                <th scope="col" className="w-12 px-4 py-3 text-start">
                  <SelectAllBox checked={allSelected} mixed={someSelected} label={selection.allLabel} onChange={selection.onToggleAll} />
                </th>
              ) : null}
              {columns.map((column) => (
                <th key={column.id} scope="col" className={`px-4 py-3 text-start font-semibold ${column.className ?? ''}`}>
                  {column.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  {t('admin.common.actions')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={`align-middle hover:bg-sand-50 ${selection?.selected.has(rowKey(row)) ? 'bg-brand-50/60' : ''}`}
              >
                {selection ? <td className="px-4 py-3">{rowCheckbox(row)}</td> : null}
                {columns.map((column) => (
                  <td key={column.id} className={`px-4 py-3 ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions ? (
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">{actions(row)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-stone-200 bg-white p-4">
            <div className="flex items-start gap-3">
              {selection ? <div className="flex min-h-6 shrink-0 items-center">{rowCheckbox(row)}</div> : null}
              {media ? <div className="shrink-0">{media.cell(row)}</div> : null}
              <div className="min-w-0 flex-1 font-semibold text-stone-900">{primary?.cell(row)}</div>
            </div>
            {details.length > 0 ? (
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {details.map((column) => (
                  <div key={column.id} className="min-w-0">
                    <dt className="text-stone-500">{column.header}</dt>
                    <dd className="text-stone-900">{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {actions ? <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-stone-100 pt-3">{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
      {footer}
    </div>
  );
}

/** The footer of a paged list: a load-more button while pages remain, then "all shown". */
export function LoadMoreFooter({
  hasMore,
  loading,
  onLoadMore,
  allShownText,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  allShownText?: string;
}) {
  const { t } = useI18n();
  return (
    <div className="flex justify-center py-2">
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} disabled={loading}>
          {loading ? t('admin.common.loading_more') : t('admin.common.load_more')}
        </Button>
      ) : (
        <p className="text-sm text-stone-500">{allShownText ?? t('admin.common.all_shown')}</p>
      )}
    </div>
  );
}

/** A small coloured label (status, stock, active). */
export function Badge({ tone, children }: { tone: 'green' | 'yellow' | 'red' | 'grey' | 'blue' | 'purple'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-800',
    yellow: 'bg-yellow-100 text-yellow-900',
    red: 'bg-red-100 text-red-800',
    grey: 'bg-stone-100 text-stone-700',
    blue: 'bg-blue-100 text-blue-800',
    purple: 'bg-purple-100 text-purple-800',
  } as const;
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** A row's English name under its (Arabic) name, when it has one. */
export function EnglishNameLine({ name }: { name: string | null | undefined }) {
  return name ? (
    <p lang="en" dir="ltr" className="text-start text-sm font-normal break-words text-stone-500">
      {name}
    </p>
  ) : null;
}
