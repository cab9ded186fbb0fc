import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import {
  SALES_REPORT_GROUPS,
  kuwaitDateOf,
  salesReportFileName,
  type MoneyFormat,
  type SalesReport,
  type SalesReportRow,
} from '@shop/shared';
import { useMoneyFormat } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n';
import { useSessionFailureOf } from '../../../lib/errors';
import { dayPoints, groupedAmount, groupedCount } from '../dashboard/dashboard-rules';
import { SalesPointsChart } from '../dashboard/sales-chart';
import { Field, SelectInput, TextInput } from '../ui/fields';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUrlState } from '../ui/url-state';
import { downloadSalesReportCsv, salesReportQuery } from './reports-api';
import { DownloadButton } from '../ui/download-button';
import { defaultReportRange, reportGroupFrom, reportRangeProblem, type ReportFilters } from './reports-rules';

const cardClass = 'rounded-2xl border border-stone-200 bg-white p-4 sm:p-5';

/**
 * The Reports tab: sales of a range of Kuwait days (the last 30 by default) per day, product or
 * category, kept in the URL (?tab=reports&from=&to=&group=): totals, the chart of the days, the
 * table, the top products and the CSV file. Every figure is defined in docs/decisions/055.
 */
export default function ReportsTab() {
  const { t } = useI18n();
  const formId = useId();
  const today = kuwaitDateOf(new Date());
  const defaults = useMemo(() => ({ ...defaultReportRange(today), group: 'day' }), [today]);
  const [values, update] = useUrlState(defaults);
  const filters: ReportFilters = { from: values.from, to: values.to, group: reportGroupFrom(values.group) };
  const problem = reportRangeProblem(filters);
  const report = useQuery(salesReportQuery(filters, problem === null));
  useSessionFailureOf(report.error);

  const rangeError =
    problem === 'missing'
      ? t('admin-reports.range.missing')
      : problem === 'reversed'
        ? t('admin-reports.range.reversed')
        : problem === 'too_long'
          ? t('admin-reports.range.too_long')
          : undefined;

  let body: ReactNode;
  if (problem !== null) body = null;
  else if (report.isPending) body = <LoadingPanel />;
  else if (report.isError)
    body = <ErrorPanel title={t('admin-reports.load_error')} error={report.error} onRetry={() => void report.refetch()} />;
  else body = <ReportBody report={report.data} />;

  return (
    <div className="min-w-0">
      <AdminPageHeader
        title={t('admin-reports.title')}
        description={t('admin-reports.description')}
        actions={<CsvButton filters={filters} disabled={problem !== null} />}
      />
      <form
        className={`${cardClass} mb-5 grid gap-3 sm:grid-cols-3`}
        aria-label={t('admin-reports.range.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <Field id={`${formId}-from`} label={t('admin-reports.range.from')} required error={problem === 'missing' && !values.from ? rangeError : undefined}>
          <TextInput id={`${formId}-from`} type="date" value={values.from} max={today} onValue={(from) => update({ from })} required />
        </Field>
        <Field id={`${formId}-to`} label={t('admin-reports.range.to')} required error={problem !== null && (problem !== 'missing' || !values.to) ? rangeError : undefined}>
          <TextInput id={`${formId}-to`} type="date" value={values.to} max={today} onValue={(to) => update({ to })} required />
        </Field>
        <Field id={`${formId}-group`} label={t('admin-reports.group.label')}>
          <SelectInput id={`${formId}-group`} value={filters.group} onValue={(group) => update({ group })}>
            {SALES_REPORT_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`admin-reports.group.${group}`)}
              </option>
            ))}
          </SelectInput>
        </Field>
      </form>
      {body}
    </div>
  );
}

/** Downloads the report as the server's CSV file (sales-<group>-<from>-<to>.csv), a toast either way. */
function CsvButton({ filters, disabled }: { filters: ReportFilters; disabled: boolean }) {
  const { t } = useI18n();
  const name = salesReportFileName(filters);
  return (
    <DownloadButton
      download={() => downloadSalesReportCsv(filters)}
      name={() => name}
      disabled={disabled}
      texts={{
        button: t('admin-reports.csv.button'),
        working: t('admin-reports.csv.working'),
        success: t('admin-reports.csv.success', { name }),
        failed: t('admin-reports.csv.failed'),
      }}
    />
  );
}

function ReportBody({ report }: { report: SalesReport }) {
  const { t, lang } = useI18n();
  const money = useMoneyFormat();
  const points = useMemo(
    () =>
      report.group === 'day'
        ? dayPoints(
            report.rows.map((row) => ({ date: row.key ?? row.label, revenue: row.revenue, orders: row.orders })),
            lang,
          )
        : [],
    [report, lang],
  );
  const { totals } = report;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <section aria-label={t('admin-reports.totals.label')}>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6">
          <TotalCard wide label={t('admin-reports.totals.revenue')} hint={t('admin-reports.totals.revenue_hint')}>
            <bdi>{groupedAmount(totals.revenue, money)}</bdi>
          </TotalCard>
          <TotalCard label={t('admin-reports.totals.orders')}>{groupedCount(totals.orders)}</TotalCard>
          <TotalCard label={t('admin-reports.totals.units')}>{groupedCount(totals.units)}</TotalCard>
          <TotalCard label={t('admin-reports.totals.shipping')}>
            <bdi>{groupedAmount(totals.shipping, money)}</bdi>
          </TotalCard>
          <TotalCard label={t('admin-reports.totals.discounts')}>
            <bdi>{groupedAmount(totals.discounts, money)}</bdi>
          </TotalCard>
          <TotalCard label={t('admin-reports.totals.refunds')}>
            <bdi>{groupedAmount(totals.refunds, money)}</bdi>
          </TotalCard>
        </dl>
      </section>

      {report.group === 'day' ? (
        <section className={cardClass} aria-label={t('admin-reports.chart.title')}>
          <h2 className="mb-3 text-lg font-semibold text-stone-900">{t('admin-reports.chart.title')}</h2>
          <SalesPointsChart
            points={points}
            money={money}
            caption={t('admin-reports.chart.caption')}
            periodHeading={t('admin-reports.column.day')}
          />
        </section>
      ) : null}

      <div className="grid min-w-0 gap-5 xl:grid-cols-3">
        <section className={`${cardClass} min-w-0 xl:col-span-2`}>
          <h2 className="mb-3 text-lg font-semibold text-stone-900">{t(`admin-reports.table.title.${report.group}`)}</h2>
          {report.rows.length === 0 ? (
            <EmptyPanel title={t('admin-reports.empty')} />
          ) : (
            <ReportTable report={report} money={money} />
          )}
        </section>
        <section className={`${cardClass} min-w-0`}>
          <h2 className="mb-3 text-lg font-semibold text-stone-900">{t('admin-reports.top.title')}</h2>
          {report.top_products.length === 0 ? (
            <p className="text-sm text-stone-600">{t('admin-reports.empty')}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-stone-100">
              {report.top_products.map((row, index) => (
                <li key={row.key ?? `deleted-${index}`} className="flex items-baseline justify-between gap-3 py-2">
                  <span className="min-w-0 break-words text-stone-900">
                    <span className="me-2 text-stone-500 tabular-nums">{index + 1}.</span>
                    {row.label}
                  </span>
                  <span className="shrink-0 text-end text-sm tabular-nums text-stone-700">
                    <bdi className="block font-semibold text-stone-900">{groupedAmount(row.revenue, money)}</bdi>
                    {t('admin-reports.top.units', { count: groupedCount(row.units) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

function ReportTable({ report, money }: { report: SalesReport; money: MoneyFormat }) {
  const { t } = useI18n();
  const byDay = report.group === 'day';
  // The money columns of days only, and from a tablet up: a phone shows the day, orders, units, revenue.
  const extra = 'hidden px-2 py-2 text-end tabular-nums md:table-cell';
  const cell = 'px-2 py-2 text-end tabular-nums';
  const row = (key: string, label: string, figures: Omit<SalesReportRow, 'key' | 'label'>, strong = false) => (
    <tr key={key} className={strong ? 'border-t-2 border-stone-300 font-semibold' : 'border-t border-stone-100'}>
      <th scope="row" className="px-2 py-2 text-start font-normal break-words">
        {strong ? <strong>{label}</strong> : label}
      </th>
      <td className={cell}>{groupedCount(figures.orders)}</td>
      <td className={cell}>{groupedCount(figures.units)}</td>
      <td className={cell}>
        <bdi>{groupedAmount(figures.revenue, money)}</bdi>
      </td>
      {byDay ? (
        <>
          <td className={extra}>
            <bdi>{groupedAmount(figures.shipping, money)}</bdi>
          </td>
          <td className={extra}>
            <bdi>{groupedAmount(figures.discounts, money)}</bdi>
          </td>
          <td className={extra}>
            <bdi>{groupedAmount(figures.refunds, money)}</bdi>
          </td>
        </>
      ) : null}
    </tr>
  );
  return (
    // A scrolling region takes the keyboard's focus (arrow keys scroll it) and is named for it.
    <div
      role="region"
      tabIndex={0}
      aria-label={t(`admin-reports.table.title.${report.group}`)}
      className="max-h-[32rem] overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full text-sm" data-testid="sales-report-table">
        <thead className="sticky top-0 bg-white text-stone-600">
          <tr>
            <th scope="col" className="px-2 py-2 text-start">{t(`admin-reports.column.${report.group}`)}</th>
            <th scope="col" className="px-2 py-2 text-end">{t('admin-reports.column.orders')}</th>
            <th scope="col" className="px-2 py-2 text-end">{t('admin-reports.column.units')}</th>
            <th scope="col" className="px-2 py-2 text-end">{t('admin-reports.column.revenue')}</th>
            {byDay ? (
              <>
                <th scope="col" className="hidden px-2 py-2 text-end md:table-cell">{t('admin-reports.column.shipping')}</th>
                <th scope="col" className="hidden px-2 py-2 text-end md:table-cell">{t('admin-reports.column.discounts')}</th>
                <th scope="col" className="hidden px-2 py-2 text-end md:table-cell">{t('admin-reports.column.refunds')}</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((entry, index) => row(entry.key ?? `none-${index}`, entry.label, entry))}
          {byDay ? row('total', t('admin-reports.column.total'), report.totals, true) : null}
        </tbody>
      </table>
    </div>
  );
}

function TotalCard({ label, hint, wide = false, children }: { label: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`${cardClass} ${wide ? 'col-span-2' : ''} flex min-w-0 flex-col gap-1`}>
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className="text-xl font-bold break-words text-stone-900 tabular-nums">{children}</dd>
      {hint ? <dd className="text-xs text-stone-500">{hint}</dd> : null}
    </div>
  );
}
