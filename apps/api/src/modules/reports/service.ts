import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  SALES_REPORT_TOP_PRODUCTS,
  SHOP_TIME_ZONE,
  amountDigits,
  apiMessage,
  fromThousandths,
  reportAddDays,
  reportDayCount,
  type AdminSalesReportQuery,
  type ApiMessageKey,
  type Language,
  type SalesFigures,
  type SalesReport,
  type SalesReportRow,
  type Thousandths,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { csvFile } from '../../lib/csv-file.js';
import { productCategories } from '../catalog/index.js';
import { salesReportDays, salesReportLines, type ReportLineGroup } from '../orders/index.js';

/** A row's figures in fils, before the reply converts them once. */
interface FilsRow {
  key: string | null;
  label: string;
  orders: number;
  units: number;
  revenue: Thousandths;
  shipping: Thousandths;
  discounts: Thousandths;
  refunds: Thousandths;
}

const ZERO = { orders: 0, units: 0, revenue: 0, shipping: 0, discounts: 0, refunds: 0 };

function figures(row: Omit<FilsRow, 'key' | 'label'>): SalesFigures {
  return {
    orders: row.orders,
    units: row.units,
    revenue: fromThousandths(row.revenue),
    shipping: fromThousandths(row.shipping),
    discounts: fromThousandths(row.discounts),
    refunds: fromThousandths(row.refunds),
  };
}

const present = (row: FilsRow): SalesReportRow => ({ key: row.key, label: row.label, ...figures(row) });

function lineRow(line: ReportLineGroup, label: string): FilsRow {
  return { ...ZERO, key: line.key === null ? null : String(line.key), label, orders: line.orders, units: line.units, revenue: line.revenue };
}

interface ReportInFils {
  totals: Omit<FilsRow, 'key' | 'label'>;
  rows: FilsRow[];
  top: FilsRow[];
}

/** Numeric keys in order, the group of no key (deleted or uncategorised) last. */
function compareKeys(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return Number(a) - Number(b);
}

/**
 * The sales report (docs/decisions/055): totals and day rows from the orders, product and
 * category rows from their lines; each module answers for its own tables (orders, catalog).
 */
export function createReportsService(db: Database) {
  /**
   * One report query in a read-only transaction of its own without PostgreSQL's JIT: a year's
   * orders cost enough to start it, and compiling took longer (about 150 ms) than the query itself.
   */
  function withoutJit<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return db.transaction(
      async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return work(tx);
      },
      { accessMode: 'read only' },
    );
  }

  /**
   * The product rows regrouped by the products' categories as they are now (the catalogue's);
   * an order with two products of one category counts once. Highest revenue first.
   */
  async function byCategory(products: readonly ReportLineGroup[], lang: Language): Promise<FilsRow[]> {
    const ids = products.flatMap((line) => (line.key === null ? [] : [line.key]));
    const categories = await productCategories(db, ids, lang);
    const groups = new Map<number | null, { label: string; orders: Set<number>; units: number; revenue: number }>();
    const noCategory = apiMessage('reports.no_category', lang);
    for (const line of products) {
      const category = line.key === null ? null : (categories.get(line.key) ?? null);
      const key = category?.id ?? null;
      let group = groups.get(key);
      if (!group) {
        group = { label: category?.name ?? noCategory, orders: new Set(), units: 0, revenue: 0 };
        groups.set(key, group);
      }
      for (const id of line.orderIds ?? []) group.orders.add(id);
      group.units += line.units;
      group.revenue += line.revenue;
    }
    return [...groups]
      .map(([key, group]): FilsRow => ({
        ...ZERO,
        key: key === null ? null : String(key),
        label: group.label,
        orders: group.orders.size,
        units: group.units,
        revenue: group.revenue,
      }))
      .sort((a, b) => b.revenue - a.revenue || compareKeys(a.key, b.key));
  }

  async function inFils(query: AdminSalesReportQuery, lang: Language): Promise<ReportInFils> {
    const { from, to, group } = query;
    const [days, products] = await Promise.all([
      withoutJit((tx) => salesReportDays(tx, from, to, SHOP_TIME_ZONE)),
      // Per category, the product rows are regrouped here: their order ids count each order once.
      withoutJit((tx) => salesReportLines(tx, from, to, SHOP_TIME_ZONE, lang, { withOrderIds: group === 'category' })),
    ]);
    const totals = { ...ZERO };
    for (const day of days) {
      for (const field of ['orders', 'units', 'revenue', 'shipping', 'discounts', 'refunds'] as const) {
        totals[field] += day[field];
      }
    }
    const deleted = apiMessage('reports.deleted_product', lang);
    const productRows = products.map((line) => lineRow(line, line.key === null ? deleted : line.name));
    const top = productRows.slice(0, SALES_REPORT_TOP_PRODUCTS);

    let rows: FilsRow[];
    if (group === 'day') {
      const byDay = new Map(days.map((day) => [day.day, day]));
      rows = Array.from({ length: reportDayCount(from, to) }, (_, offset) => {
        const date = reportAddDays(from, offset);
        const day = byDay.get(date) ?? ZERO;
        return {
          key: date,
          label: date,
          orders: day.orders,
          units: day.units,
          revenue: day.revenue,
          shipping: day.shipping,
          discounts: day.discounts,
          refunds: day.refunds,
        };
      });
    } else if (group === 'product') {
      rows = productRows;
    } else {
      rows = await byCategory(products, lang);
    }
    return { totals, rows, top };
  }

  return {
    /** The report of `query`'s range and grouping, names in `lang`. */
    async sales(query: AdminSalesReportQuery, lang: Language): Promise<SalesReport> {
      const report = await inFils(query, lang);
      return {
        from: query.from,
        to: query.to,
        group: query.group,
        totals: figures(report.totals),
        rows: report.rows.map(present),
        top_products: report.top.map(present),
      };
    },

    /**
     * The same rows as a CSV file (lib/csv-file.ts: byte order mark, formula guard), headers in
     * `lang`, amounts in KWD with 3 decimals, a last row of totals. Day files carry every column;
     * product and category files the ones their rows have.
     */
    async salesCsv(query: AdminSalesReportQuery, lang: Language): Promise<Readable> {
      const report = await inFils(query, lang);
      const byDay = query.group === 'day';
      const columns: ApiMessageKey[] = [
        `reports.column.${query.group}`,
        'reports.column.orders',
        'reports.column.units',
        'reports.column.revenue',
        ...(byDay ? (['reports.column.shipping', 'reports.column.discounts', 'reports.column.refunds'] as const) : []),
      ];
      const cells = (label: string, row: Omit<FilsRow, 'key' | 'label'>): string[] => [
        label,
        String(row.orders),
        String(row.units),
        amountDigits(row.revenue, 3),
        ...(byDay ? [amountDigits(row.shipping, 3), amountDigits(row.discounts, 3), amountDigits(row.refunds, 3)] : []),
      ];
      // Product and category rows leave shipping out: their total row is the sum of their rows.
      const total = byDay
        ? report.totals
        : report.rows.reduce(
            (sum, row) => ({ ...sum, units: sum.units + row.units, revenue: sum.revenue + row.revenue }),
            { ...ZERO, orders: report.totals.orders },
          );
      async function* rows(): AsyncGenerator<string[]> {
        for (const row of report.rows) yield cells(row.label, row);
        yield cells(apiMessage('reports.column.total', lang), total);
      }
      return csvFile(
        columns.map((key) => apiMessage(key, lang)),
        rows(),
      );
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
