import { useId, useMemo, useState } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdminStats, MoneyFormat } from '@shop/shared';
import { useI18n } from '../../../i18n/i18n';
import {
  SALES_PERIODS,
  compactNumber,
  groupedAmount,
  groupedCount,
  salesPoints,
  salesTotals,
  type SalesPeriod,
  type SalesPoint,
} from './dashboard-rules';

// The shop's brand green (brand-600) for money, amber for counts: both readable on white.
const REVENUE_COLOR = '#17694d';
const ORDERS_COLOR = '#b45309';
const CHART_FIRST_SIZE = { width: 320, height: 256 };

/**
 * Revenue (bars) and orders (line) per day for 30 days or per month for 12, with a toggle. In
 * Arabic the time axis runs right to left and the money axis stands on the right, where a reader
 * starts. Screen readers get a table of the same numbers instead of the drawing.
 */
export function SalesChart({ sales, money }: { sales: AdminStats['sales']; money: MoneyFormat }) {
  const { t, lang } = useI18n();
  const [period, setPeriod] = useState<SalesPeriod>('daily');
  const points = useMemo(() => salesPoints(sales, period, lang), [sales, period, lang]);
  const totals = salesTotals(points);
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-stone-900">
            {t('admin-dashboard.sales.title')}
          </h2>
          <p className="text-sm text-stone-600">
            {t(`admin-dashboard.sales.summary.${period}`, {
              revenue: groupedAmount(totals.revenue, money),
              orders: groupedCount(totals.orders),
            })}
          </p>
        </div>
        <div
          role="group"
          aria-label={t('admin-dashboard.sales.period_label')}
          className="inline-flex rounded-lg border border-stone-300 p-0.5"
        >
          {SALES_PERIODS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={period === option}
              onClick={() => setPeriod(option)}
              className={`min-h-11 rounded-md px-3 lg:min-h-10 text-sm font-semibold ${
                period === option ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'
              }`}
            >
              {t(`admin-dashboard.sales.period.${option}`)}
            </button>
          ))}
        </div>
      </div>

      <SalesPointsChart
        points={points}
        money={money}
        caption={t(`admin-dashboard.sales.table_caption.${period}`)}
        periodHeading={t(`admin-dashboard.sales.table_period.${period}`)}
      />
    </section>
  );
}

/**
 * Revenue (bars) and orders (line) of a series of points, with its legend and, for screen
 * readers, a table of the same numbers (`caption`, `periodHeading` name it). The dashboard's
 * chart and the sales report draw their series with it.
 */
export function SalesPointsChart({
  points,
  money,
  caption,
  periodHeading,
}: {
  points: readonly SalesPoint[];
  money: MoneyFormat;
  caption: string;
  periodHeading: string;
}) {
  const { t, lang, dir } = useI18n();
  const rtl = dir === 'rtl';
  return (
    <>
      <div className="mb-2 flex flex-wrap gap-4 text-sm text-stone-700" aria-hidden="true">
        <span className="inline-flex items-center gap-2">
          <span
            className="inline-block size-3 rounded-sm"
            style={{ backgroundColor: REVENUE_COLOR }}
          />
          {t('admin-dashboard.sales.revenue', { symbol: money.symbol })}
        </span>
        <span className="inline-flex items-center gap-2">
          <span
            className="inline-block h-0.5 w-4 rounded"
            style={{ backgroundColor: ORDERS_COLOR }}
          />
          {t('admin-dashboard.sales.orders')}
        </span>
      </div>

      {/* The drawing is for the eyes; the table below carries the same numbers for everyone else. */}
      <div className="h-64 w-full sm:h-80" aria-hidden="true" dir="ltr">
        {/* A phone-sized first guess until the container is measured: no zero-size warning. */}
        <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_FIRST_SIZE}>
          <ComposedChart
            data={[...points]}
            margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
            <XAxis
              dataKey="label"
              reversed={rtl}
              tick={{ fontSize: 12, fill: '#57534e' }}
              tickLine={false}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis
              yAxisId="revenue"
              orientation={rtl ? 'right' : 'left'}
              tick={{ fontSize: 12, fill: '#57534e' }}
              tickFormatter={(value: number) => compactNumber(value, lang)}
              tickLine={false}
              axisLine={false}
              width={48}
            />
            <YAxis
              yAxisId="orders"
              orientation={rtl ? 'left' : 'right'}
              allowDecimals={false}
              tick={{ fontSize: 12, fill: '#57534e' }}
              tickFormatter={(value: number) => compactNumber(value, lang)}
              tickLine={false}
              axisLine={false}
              width={36}
            />
            <Tooltip
              content={({ active, payload }) => (
                <SalesTooltip
                  active={active}
                  point={payload?.[0]?.payload as SalesPoint | undefined}
                  money={money}
                />
              )}
              cursor={{ fill: '#f5f5f4' }}
            />
            <Bar
              yAxisId="revenue"
              dataKey="revenue"
              fill={REVENUE_COLOR}
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
            <Line
              yAxisId="orders"
              dataKey="orders"
              stroke={ORDERS_COLOR}
              strokeWidth={2}
              dot={false}
              type="monotone"
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>

      <SalesTable points={points} caption={caption} periodHeading={periodHeading} money={money} />
    </>
  );
}

function SalesTooltip({
  active,
  point,
  money,
}: {
  active: boolean | undefined;
  point: SalesPoint | undefined;
  money: MoneyFormat;
}) {
  const { t, dir } = useI18n();
  if (!active || !point) return null;
  return (
    <div
      dir={dir}
      className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm shadow-md"
    >
      <p className="font-semibold text-stone-900">{point.fullLabel}</p>
      <p className="text-stone-700">
        {t('admin-dashboard.sales.tooltip_revenue')}{' '}
        <bdi className="tabular-nums">{groupedAmount(point.revenue, money)}</bdi>
      </p>
      <p className="text-stone-700">
        {t('admin-dashboard.sales.tooltip_orders')}{' '}
        <bdi className="tabular-nums">{groupedCount(point.orders)}</bdi>
      </p>
    </div>
  );
}

/** The chart's numbers as a table for screen readers. */
function SalesTable({
  points,
  caption,
  periodHeading,
  money,
}: {
  points: readonly SalesPoint[];
  caption: string;
  periodHeading: string;
  money: MoneyFormat;
}) {
  const { t } = useI18n();
  return (
    // A table does not shrink to sr-only's 1 px: its wrapper does, so no phone scrolls sideways.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{periodHeading}</th>
            <th scope="col">{t('admin-dashboard.sales.revenue', { symbol: money.symbol })}</th>
            <th scope="col">{t('admin-dashboard.sales.orders')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.key}>
              <th scope="row">{point.fullLabel}</th>
              <td>{groupedAmount(point.revenue, money)}</td>
              <td>{groupedCount(point.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
