import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  PRODUCT_IMPORT_CLEAR_MARKER,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductImportRow,
  type ProductImportSummary,
} from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { failureText, useSessionFailure } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';
import { useConfirm } from '../ui/confirm-dialog';
import { ListFilterSelect } from '../ui/list-filters';
import { Badge, LoadMoreFooter, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader } from '../ui/states';
import { PRODUCTS_LIST_PATH } from './product-form';
import { ProductsExportButton } from './products-export-button';
import { importProductsCsv, useApplyProductsImport, type ImportProgress, type ProductImportOutcome } from './products-api';
import { importRowsShown, IMPORT_FILTERS, type ImportFilter } from './product-import-rules';

/** Rows drawn at a time: a file of 10,000 rows is read a page at a time. */
const ROWS_PER_PAGE = 100;

/** Where a request is: sending the file (its share sent), then the server at work. */
type Progress = { phase: 'sending'; sent: number } | { phase: 'working' } | null;

/** The request's progress callbacks, feeding the screen's bar. */
function progressOf(set: (progress: Progress) => void): ImportProgress {
  return {
    onProgress: (sent) => set({ phase: 'sending', sent }),
    onSent: () => set({ phase: 'working' }),
  };
}

/**
 * /admin/products/import (docs/decisions/056): choose a CSV file (the export's columns), check it
 * (a dry run: what each row would do, changes and errors on their cells), then apply it with a
 * progress bar and a toast. A refused apply keeps the rows on screen with their errors.
 */
export function ProductImportScreen() {
  const { t } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const authFailure = useSessionFailure();
  const errorText = useStaffErrorText();

  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ProductImportOutcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<Progress>(null);
  const [filter, setFilter] = useState<ImportFilter>('changes');
  const [shownCount, setShownCount] = useState(ROWS_PER_PAGE);

  const apply = useApplyProductsImport({
    onSuccess: (result) => {
      setProgress(null);
      setOutcome(result);
      if (result.success) {
        toast.success(t('admin-products.import.success', result.summary));
        void navigate(PRODUCTS_LIST_PATH);
      } else {
        setFilter('errors');
        toast.error(t('admin-products.import.refused'));
      }
    },
    onError: (error) => {
      setProgress(null);
      if (!authFailure(error)) toast.error(failureText(t('admin-products.import.failed'), error));
    },
  });

  async function check() {
    if (!file) {
      setFileError(t('admin-products.import.choose_first'));
      return;
    }
    setChecking(true);
    setFileError(null);
    try {
      const result = await importProductsCsv(file, true, progressOf(setProgress));
      setOutcome(result);
      setShownCount(ROWS_PER_PAGE);
      if (result.summary.errors > 0) setFilter('errors');
    } catch (error) {
      if (!authFailure(error)) {
        const text = errorText(error);
        setFileError(text);
        toast.error(failureText(t('admin-products.import.check_failed'), error));
      }
    } finally {
      setChecking(false);
      setProgress(null);
    }
  }

  async function askApply() {
    if (!file || !outcome) return;
    const { summary } = outcome;
    const yes = await confirm({
      title: t('admin-products.import.confirm.title'),
      message: t('admin-products.import.confirm.message', { create: summary.create, update: summary.update }),
      confirmLabel: t('admin-products.import.apply'),
      tone: 'default',
    });
    if (yes) apply.mutate({ file, progress: progressOf(setProgress) });
  }

  const busy = checking || apply.isPending;
  const rows = useMemo(() => (outcome ? importRowsShown(outcome.rows, filter) : []), [outcome, filter]);
  const canApply = outcome !== null && outcome.summary.errors === 0 && outcome.summary.create + outcome.summary.update > 0;

  return (
    <div>
      <title>{`${t('admin-products.import.title')} | ${t('admin.meta.title')}`}</title>
      <AdminPageHeader
        title={t('admin-products.import.title')}
        description={t('admin-products.import.description')}
        actions={
          <ButtonLink variant="ghost" to={PRODUCTS_LIST_PATH}>
            {t('admin-products.form.back')}
          </ButtonLink>
        }
      />
      <ImportHelp />

      <section className="mb-6 flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="import-file-label">
        <label id="import-file-label" htmlFor="import-file" className="text-sm font-semibold text-stone-800">
          {t('admin-products.import.file_label')}
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          aria-describedby="import-file-error"
          className="min-h-11 w-full rounded-xl border border-stone-300 bg-white p-2 text-sm file:me-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            // The rows on screen belong to the file checked; a new file needs its own check.
            setOutcome(null);
            setFileError(null);
          }}
        />
        <p id="import-file-error" role="alert" className="text-sm font-semibold text-red-700 empty:hidden">
          {fileError}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button variant={outcome ? 'secondary' : 'primary'} onClick={() => void check()} pending={checking} disabled={busy}>
            {checking ? t('admin-products.import.checking') : t('admin-products.import.check')}
          </Button>
          {outcome ? (
            <Button onClick={() => void askApply()} pending={apply.isPending} disabled={busy || !canApply}>
              {apply.isPending ? t('admin-products.import.applying') : t('admin-products.import.apply')}
            </Button>
          ) : null}
        </div>
        {progress ? <ImportProgressBar progress={progress} /> : null}
      </section>

      {outcome ? (
        <section aria-labelledby="import-summary-title">
          <h2 id="import-summary-title" className="mb-3 text-lg font-bold text-stone-900">
            {outcome.success && !outcome.dry_run ? t('admin-products.import.summary.applied') : t('admin-products.import.summary.title')}
          </h2>
          <ImportSummary summary={outcome.summary} />
          {outcome.summary.errors > 0 ? (
            <p className="mb-4 rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">{t('admin-products.import.errors_block')}</p>
          ) : outcome.summary.create + outcome.summary.update === 0 ? (
            <p className="mb-4 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">{t('admin-products.import.nothing_to_apply')}</p>
          ) : null}
          <div className="mb-3 max-w-xs">
            <ListFilterSelect
              id="import-filter"
              label={t('admin-products.import.filter.label')}
              value={filter}
              onValue={(value) => {
                setFilter(IMPORT_FILTERS.find((option) => option === value) ?? 'changes');
                setShownCount(ROWS_PER_PAGE);
              }}
            >
              {IMPORT_FILTERS.map((option) => (
                <option key={option} value={option}>
                  {t(`admin-products.import.filter.${option}`)}
                </option>
              ))}
            </ListFilterSelect>
          </div>
          <p aria-live="polite" className="mb-3 text-sm text-stone-600">
            {rows.length > 0 ? t('admin-products.import.shown', { shown: Math.min(shownCount, rows.length), total: rows.length }) : t('admin-products.import.no_rows_shown')}
          </p>
          {rows.length > 0 ? (
            <ImportRowsTable
              rows={rows.slice(0, shownCount)}
              footer={
                <LoadMoreFooter
                  hasMore={shownCount < rows.length}
                  loading={false}
                  onLoadMore={() => setShownCount((count) => count + ROWS_PER_PAGE)}
                  allShownText={t('admin-products.import.all_shown')}
                />
              }
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** What the file may hold: the columns, the blank and the clearing marker, images, the limits. */
function ImportHelp() {
  const { t } = useI18n();
  return (
    <section className="mb-6 rounded-2xl bg-stone-50 p-4 text-sm text-stone-700" aria-labelledby="import-help-title">
      <h2 id="import-help-title" className="mb-2 font-bold text-stone-900">
        {t('admin-products.import.help.title')}
      </h2>
      <ul className="mb-3 flex list-disc flex-col gap-1.5 ps-5">
        <li>{t('admin-products.import.help.columns')}</li>
        <li>
          {t('admin-products.import.help.blank')} <kbd className="rounded bg-white px-1.5 font-mono font-bold text-stone-900">{PRODUCT_IMPORT_CLEAR_MARKER}</kbd>
        </li>
        <li>{t('admin-products.import.help.images')}</li>
        <li>{t('admin-products.import.help.limits', { mb: Math.round(PRODUCT_IMPORT_MAX_BYTES / (1024 * 1024)), rows: PRODUCT_IMPORT_MAX_ROWS })}</li>
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <span>{t('admin-products.import.help.template')}</span>
        <ProductsExportButton />
      </div>
    </section>
  );
}

function ImportProgressBar({ progress }: { progress: NonNullable<Progress> }) {
  const { t } = useI18n();
  const percent = progress.phase === 'sending' ? Math.round(progress.sent * 100) : null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="import-progress">
      {percent === null ? (
        // The file is sent; the server's work has no measure: a bar with no value says "working".
        <progress className="h-3 w-full overflow-hidden rounded-full accent-brand-700" aria-labelledby="import-progress-label" />
      ) : (
        <progress className="h-3 w-full overflow-hidden rounded-full accent-brand-700" max={100} value={percent} aria-labelledby="import-progress-label" />
      )}
      <p id="import-progress-label" className="text-sm text-stone-700" aria-live="polite">
        {percent === null ? t('admin-products.import.progress.working') : t('admin-products.import.progress.sending', { percent })}
      </p>
    </div>
  );
}

function ImportSummary({ summary }: { summary: ProductImportSummary }) {
  const { t } = useI18n();
  const items: Array<[string, number, string]> = [
    [t('admin-products.import.summary.create'), summary.create, 'bg-green-50 text-green-900'],
    [t('admin-products.import.summary.update'), summary.update, 'bg-blue-50 text-blue-900'],
    [t('admin-products.import.summary.unchanged'), summary.unchanged, 'bg-stone-100 text-stone-800'],
    [t('admin-products.import.summary.errors'), summary.errors, summary.errors > 0 ? 'bg-red-50 text-red-900' : 'bg-stone-100 text-stone-800'],
  ];
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-summary">
      {items.map(([label, value, tone]) => (
        <div key={label} className={`rounded-xl p-3 ${tone}`}>
          <dt className="text-sm">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActionBadge({ row }: { row: ProductImportRow }) {
  const { t } = useI18n();
  return (
    <span className="flex flex-wrap gap-1.5">
      {row.action === 'create' ? <Badge tone="green">{t('admin-products.import.action.create')}</Badge> : null}
      {row.action === 'update' ? <Badge tone="blue">{t('admin-products.import.action.update')}</Badge> : null}
      {row.action === 'unchanged' ? <Badge tone="grey">{t('admin-products.import.action.unchanged')}</Badge> : null}
      {row.errors.length > 0 ? <Badge tone="red">{t('admin-products.import.has_errors')}</Badge> : null}
    </span>
  );
}

/** A cell's value as the table shows it: long texts cut, an empty one named. */
function CellValue({ value }: { value: string | null }) {
  const { t } = useI18n();
  if (value === null || value === '') return <span className="italic text-stone-500">{t('admin-products.import.empty_value')}</span>;
  const short = value.length > 120 ? `${value.slice(0, 120)}…` : value;
  return (
    <bdi className="break-all whitespace-pre-line" title={value.length > 120 ? value : undefined}>
      {short}
    </bdi>
  );
}

/** The row's changed cells (old → new) and its errors on their cells, whole-row errors first. */
function RowCells({ row }: { row: ProductImportRow }) {
  const { t } = useI18n();
  const columns = [...new Set([...row.errors.flatMap((error) => (error.column ? [error.column] : [])), ...Object.keys(row.changes)])];
  const rowErrors = row.errors.filter((error) => error.column === null);
  if (columns.length === 0 && rowErrors.length === 0) return <span className="text-stone-500">{t('admin-products.import.action.unchanged')}</span>;
  return (
    <ul className="flex min-w-0 flex-col gap-1.5">
      {rowErrors.map((error) => (
        <li key={error.message} className="rounded-lg bg-red-50 px-2 py-1 text-sm font-semibold text-red-800" data-cell-error="row">
          {t('admin-products.import.row_error')}: {error.message}
        </li>
      ))}
      {columns.map((column) => {
        const change = row.changes[column];
        const errors = row.errors.filter((error) => error.column === column);
        const failed = errors.length > 0;
        return (
          <li
            key={column}
            className={`rounded-lg px-2 py-1 text-sm ${failed ? 'bg-red-50 text-red-900 ring-1 ring-red-300' : 'bg-amber-50 text-stone-900'}`}
            data-cell={column}
            data-cell-error={failed ? column : undefined}
          >
            <code className="font-mono text-xs font-semibold text-stone-600" dir="ltr">
              {column}
            </code>{' '}
            {change ? (
              <span className="inline-flex flex-wrap items-baseline gap-1">
                {change.from !== null ? (
                  <>
                    <del className="text-stone-500">
                      <CellValue value={change.from} />
                    </del>
                    <span aria-hidden="true">{'→'}</span>
                    <span className="sr-only">{t('admin-products.import.changed_to')}</span>
                  </>
                ) : null}
                <ins className="font-semibold no-underline">
                  <CellValue value={change.to} />
                </ins>
              </span>
            ) : null}
            {errors.map((error) => (
              <p key={error.message} className="font-semibold text-red-800">
                {error.message}
              </p>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

function ImportRowsTable({ rows, footer }: { rows: readonly ProductImportRow[]; footer: ReactNode }) {
  const { t } = useI18n();
  const columns: Column<ProductImportRow>[] = [
    {
      id: 'row',
      header: t('admin-products.import.column.row'),
      primary: true,
      className: 'whitespace-nowrap',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold tabular-nums">{t('admin-products.import.row', { row: row.row })}</span>
          <span className="text-sm font-normal text-stone-600">
            {row.product_id === null ? t('admin-products.import.new_product') : t('admin-products.import.product', { id: row.product_id })}
          </span>
        </span>
      ),
    },
    { id: 'action', header: t('admin-products.import.column.action'), cell: (row) => <ActionBadge row={row} /> },
    { id: 'cells', header: t('admin-products.import.column.cells'), cell: (row) => <RowCells row={row} /> },
  ];
  return <ResourceList label={t('admin-products.import.table.label')} columns={columns} rows={rows} rowKey={(row) => row.row} footer={footer} />;
}
