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
  /**
   * A secondary column folded under the primary one, so the table fits a laptop's content box
   * (about 1,000 px beside the side navigation): `labelled` shows "Header: value" under the primary
   * cell in the table and stays a row of the phone card; `bare` shows the value alone under the
   * primary cell in both layouts (an e-mail under a name, a description under a code).
   */
  fold?: 'labelled' | 'bare';
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
/** A row checkbox's touch area: 44 px on a phone or tablet, compact beside a desktop pointer. */
const checkboxTargetClass = 'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-stone-100 lg:size-10';

/**
 * From which width the rows are a table (below it, a card each): `lg` for most lists (phones and
 * tablets keep the cards, a laptop gets the table beside the side navigation); `xl` for a list
 * whose columns need a laptop's full width (orders).
 */
const LAYOUT = {
  md: { table: 'hidden md:block', cards: 'md:hidden' },
  lg: { table: 'hidden lg:block', cards: 'lg:hidden' },
  xl: { table: 'hidden xl:block', cards: 'xl:hidden' },
} as const;

/** A checkbox that also shows the mixed state (some rows selected). */
function SelectAllBox({ checked, mixed, label, onChange, id }: { checked: boolean; mixed: boolean; label?: string; onChange: () => void; id?: string }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return <input ref={box} id={id} type="checkbox" className={checkboxClass} checked={checked} onChange={onChange} aria-label={label} />;
}

/** The folded columns of a row under its primary cell: bare values, then "Header: value" pairs. */
function FoldedCells<Row>({ row, bare, labelled }: { row: Row; bare: readonly Column<Row>[]; labelled: readonly Column<Row>[] }) {
  if (bare.length === 0 && labelled.length === 0) return null;
  return (
    <div className="mt-1 flex min-w-0 flex-col gap-0.5 text-sm font-normal text-stone-600">
      {bare.map((column) => (
        <div key={column.id} className="min-w-0 break-words">
          {column.cell(row)}
        </div>
      ))}
      {labelled.length > 0 ? (
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
          {labelled.map((column) => (
            <div key={column.id} className="flex min-w-0 items-baseline gap-1">
              <dt className="whitespace-nowrap text-stone-500">{column.header}:</dt>
              <dd className="min-w-0 text-stone-800">{column.cell(row)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/**
 * The one list of the back office (Polaris' index table): a table from a laptop's width (lg), a
 * card per row on a phone or tablet, the same columns and row actions in both; secondary columns
 * folded under the primary one (Column.fold) so the table fits without a sideways scroll; optional
 * row selection and load-more footer.
 */
export function ResourceList<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  footer,
  selection,
  tableFrom = 'lg',
  compact = false,
}: {
  /** The accessible name of the table (e.g. "Products"). */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  actions?: (row: Row) => ReactNode;
  footer?: ReactNode;
  selection?: RowSelection<Row>;
  tableFrom?: keyof typeof LAYOUT;
  /** Narrower cell padding, for a table with many columns. */
  compact?: boolean;
}) {
  const { t } = useI18n();
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const media = columns.find((column) => column.media);
  const bare = columns.filter((column) => column !== primary && column.fold === 'bare');
  const labelled = columns.filter((column) => column !== primary && column.fold === 'labelled');
  const tableColumns = columns.filter((column) => column === primary || column.fold === undefined);
  const details = columns.filter((column) => column !== primary && column !== media && !column.hideOnPhone && column.fold !== 'bare');
  const selectedCount = selection ? rows.filter((row) => selection.selected.has(rowKey(row))).length : 0;
  const allSelected = rows.length > 0 && selectedCount === rows.length;
  const someSelected = selectedCount > 0 && !allSelected;
  const layout = LAYOUT[tableFrom];
  const cell = compact ? 'px-3 py-2.5' : 'px-4 py-3';
  const rowCheckbox = (row: Row) =>
    selection ? (
      <label className={checkboxTargetClass}>
        <input
          type="checkbox"
          className={checkboxClass}
          checked={selection.selected.has(rowKey(row))}
          onChange={() => selection.onToggle(row)}
          aria-label={selection.rowLabel(row)}
        />
      </label>
    ) : null;
  return (
    <div className="flex flex-col gap-4">
      {selection ? (
        <label className={`inline-flex min-h-11 cursor-pointer items-center gap-3 self-start rounded-xl border border-stone-200 bg-white px-4 font-semibold text-stone-800 ${layout.cards}`}>
          <SelectAllBox checked={allSelected} mixed={someSelected} onChange={selection.onToggleAll} />
          {selection.allLabel}
        </label>
      ) : null}
      <div className={`overflow-x-auto rounded-2xl border border-stone-200 bg-white ${layout.table}`}>
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              {selection ? (
                <th scope="col" className={`w-12 text-start ${cell}`}>
                  <SelectAllBox checked={allSelected} mixed={someSelected} label={selection.allLabel} onChange={selection.onToggleAll} />
                </th>
              ) : null}
              {tableColumns.map((column) => (
                <th key={column.id} scope="col" className={`text-start font-semibold ${cell} ${column.className ?? ''}`}>
                  {column.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className={`text-end font-semibold ${cell}`}>
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
                {selection ? <td className={cell}>{rowCheckbox(row)}</td> : null}
                {tableColumns.map((column) => (
                  <td key={column.id} className={`${cell} ${column.className ?? ''}`}>
                    {column.cell(row)}
                    {column === primary ? <FoldedCells row={row} bare={bare} labelled={labelled} /> : null}
                  </td>
                ))}
                {actions ? (
                  <td className={cell}>
                    <div className="flex justify-end gap-1">{actions(row)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={`flex flex-col gap-3 ${layout.cards}`} aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-stone-200 bg-white p-4">
            <div className="flex items-start gap-3">
              {/* The label around the box (rowCheckbox) is a finger's 44 px target. */}
              {selection ? <div className="-m-3 flex shrink-0">{rowCheckbox(row)}</div> : null}
              {media ? <div className="shrink-0">{media.cell(row)}</div> : null}
              <div className="min-w-0 flex-1 font-semibold text-stone-900">
                {primary?.cell(row)}
                <FoldedCells row={row} bare={bare} labelled={[]} />
              </div>
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
  // Isolated left to right, but aligned with the page: under an Arabic name on an Arabic page.
  return name ? (
    <p className="text-sm font-normal break-words text-stone-500">
      <bdi lang="en" dir="ltr">
        {name}
      </bdi>
    </p>
  ) : null;
}
