import {
  CITY_NAME_MAX,
  CITY_SHIPPING_FEE_MAX,
  DEFAULT_CITY_SHIPPING_FEE,
  amountInputText,
  formatPrice,
  fromThousandths,
  latinDigits,
  toThousandths,
  type MoneyFormat,
  type Thousandths,
} from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';

/**
 * The rules of the cities tab, the city form and the bulk fee edit: the
 * filters, what is checked before sending, the JSON bodies of
 * POST/PUT /api/locations/cities, the row selection and the summary of a bulk update. The server
 * checks everything again.
 */

// ---------- fees ----------

/**
 * A shipping fee as typed: a decimal ≥ 0 with at most 3 decimals ("2", "2.5", "0.750", ".5"),
 * Arabic-Indic digits and the Arabic decimal separator (٫) accepted, at most
 * CITY_SHIPPING_FEE_MAX; in thousandths. Null when it is not such an amount (a comma is refused:
 * "1,250" could mean either 1.25 or 1250).
 */
export function parseShippingFee(text: string): Thousandths | null {
  let normalised = latinDigits(text.trim()).replace(/\u066b/g, '.');
  if (normalised.startsWith('.')) normalised = `0${normalised}`;
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(normalised)) return null;
  const fee = toThousandths(normalised);
  return fee > CITY_SHIPPING_FEE_MAX ? null : fee;
}

/** A stored fee as the input shows it ("2.5"); a missing fee shows the default, 5. */
export function feeInputText(fee: number | null | undefined): string {
  const amount = fee === null || fee === undefined ? DEFAULT_CITY_SHIPPING_FEE : toThousandths(fee);
  // An input holds what is stored: up to 3 decimals (thousandths), trailing zeros trimmed.
  return amountInputText(amount);
}

/** A fee for the list as it is charged (3 decimals for KWD, "1.250 KD"); missing: 5. */
export function formatFee(fee: number | null | undefined, money: MoneyFormat): string {
  const amount = fee === null || fee === undefined ? DEFAULT_CITY_SHIPPING_FEE : toThousandths(fee);
  return formatPrice(amount, money);
}

// ---------- filters ----------

/** An id from the URL or a select ("12"); anything else (empty, "abc", "0") is none. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The list's filters as the URL holds them. */
export interface CityFilters {
  country: string;
  governorate: string;
}

/** The filters once the country is changed: the governorate belonged to the old one, so it goes. */
export function withFilterCountry(country: string): CityFilters {
  return { country, governorate: '' };
}

/** The query of GET /api/locations/cities?admin=true for the filters (a governorate needs a country). */
export function cityListQuery(filters: CityFilters): { admin: true; country_id?: number; governorate_id?: number } {
  const country = parseId(filters.country);
  const governorate = country === null ? null : parseId(filters.governorate);
  return {
    admin: true,
    ...(country === null ? {} : { country_id: country }),
    ...(governorate === null ? {} : { governorate_id: governorate }),
  };
}

// ---------- the city form ----------

/** What the form needs of a stored city. */
export interface CityValues {
  name_ar: string;
  name_en: string;
  country_id: number;
  governorate_id: number | null;
  shipping_fee: number | null | undefined;
  is_active: boolean;
}

export interface CityForm {
  name: string;
  name_en: string;
  /** A country's id, "" until one is chosen. */
  country_id: string;
  /** A governorate's id, "" for none. */
  governorate_id: string;
  /** As typed, in decimals. */
  shipping_fee: string;
  is_active: boolean;
}

/** The form's fields in screen order (the focus goes to the first invalid one). */
export const cityFields = ['name', 'name_en', 'country_id', 'governorate_id', 'shipping_fee'] as const;
export type CityField = (typeof cityFields)[number];

/** A new city: fee 5, active, in the country and governorate the list is filtered on. */
export function emptyCityForm(filters: CityFilters = { country: '', governorate: '' }): CityForm {
  const country = parseId(filters.country);
  const governorate = country === null ? null : parseId(filters.governorate);
  return {
    name: '',
    name_en: '',
    country_id: country === null ? '' : String(country),
    governorate_id: governorate === null ? '' : String(governorate),
    shipping_fee: feeInputText(null),
    is_active: true,
  };
}

/** The form of a stored city. */
export function cityFormFrom(city: CityValues): CityForm {
  return {
    name: city.name_ar,
    name_en: city.name_en,
    country_id: String(city.country_id),
    governorate_id: city.governorate_id === null ? '' : String(city.governorate_id),
    shipping_fee: feeInputText(city.shipping_fee),
    is_active: city.is_active,
  };
}

/** The form once the country is changed: the governorate is cleared. */
export function withFormCountry(form: CityForm, countryId: string): CityForm {
  return countryId === form.country_id ? form : { ...form, country_id: countryId, governorate_id: '' };
}

/** Whether the form differs from where it started. */
export function isCityFormDirty(form: CityForm, initial: CityForm): boolean {
  if (form.is_active !== initial.is_active) return true;
  const texts = ['name', 'name_en', 'country_id', 'governorate_id', 'shipping_fee'] as const;
  return texts.some((key) => form[key].trim() !== initial[key].trim());
}

/** The checks before sending: name and country required, fee a number ≥ 0. */
export function cityFormProblems(form: CityForm): Partial<Record<CityField, MessageKey>> {
  const problems: Partial<Record<CityField, MessageKey>> = {};
  const name = form.name.trim();
  if (!name) problems.name = 'admin-cities.validation.name_required';
  else if (name.length > CITY_NAME_MAX) problems.name = 'admin-cities.validation.name_too_long';
  if (form.name_en.trim().length > CITY_NAME_MAX) problems.name_en = 'admin-cities.validation.name_too_long';
  if (parseId(form.country_id) === null) problems.country_id = 'admin-cities.validation.country_required';
  if (!form.shipping_fee.trim()) problems.shipping_fee = 'admin-cities.validation.fee_required';
  else if (parseShippingFee(form.shipping_fee) === null) problems.shipping_fee = 'admin-cities.validation.fee_invalid';
  return problems;
}

/** The JSON body of POST /api/locations/cities and PUT /api/locations/cities/:id (a checked form). */
export function cityBody(form: CityForm) {
  const fee = parseShippingFee(form.shipping_fee);
  return {
    name: form.name.trim(),
    name_en: form.name_en.trim(),
    country_id: parseId(form.country_id),
    governorate_id: parseId(form.governorate_id),
    shipping_fee: fee === null ? form.shipping_fee.trim() : fromThousandths(fee),
    is_active: form.is_active,
  };
}

// ---------- selection ----------

/** The selection with one row added or taken away. */
export function toggleSelected(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * Select all on the list shown: when every shown row is selected, they are cleared; otherwise
 * all of them are selected. Rows selected but not shown are left as they are.
 */
export function toggleAllShown(selected: ReadonlySet<number>, shownIds: readonly number[]): Set<number> {
  const next = new Set(selected);
  const all = shownIds.length > 0 && shownIds.every((id) => next.has(id));
  for (const id of shownIds) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** The selected rows among those shown, in list order: a filter hides rows from the bulk edit too. */
export function selectedShown<Row extends { id: number }>(rows: readonly Row[], selected: ReadonlySet<number>): Row[] {
  return rows.filter((row) => selected.has(row.id));
}

// ---------- the bulk fee edit ----------

/**
 * The bulk form's checks, in this order: a city must be selected ('Please
 * select cities to update'), a fee entered ('Please enter shipping fee'), and the fee a number ≥ 0.
 */
export function bulkFeeProblem(selectedCount: number, feeText: string): MessageKey | null {
  if (selectedCount === 0) return 'admin-cities.bulk.none_selected';
  if (!feeText.trim()) return 'admin-cities.bulk.fee_required';
  if (parseShippingFee(feeText) === null) return 'admin-cities.validation.fee_invalid';
  return null;
}

/** How a bulk update went: the items that were updated, and those that failed with their error. */
export interface BulkOutcome<Item> {
  updated: Item[];
  failed: Array<{ item: Item; error: unknown }>;
}

/**
 * Runs `update` for every item at once (one PUT per selected city, in parallel) and
 * reports the number settled after each one, for the progress bar. Never rejects: each failure is
 * kept with its item.
 */
export async function updateAllInParallel<Item>(
  items: readonly Item[],
  update: (item: Item) => Promise<unknown>,
  onProgress: (settled: number) => void,
): Promise<BulkOutcome<Item>> {
  let settled = 0;
  const results = await Promise.allSettled(
    items.map(async (item) => {
      try {
        return await update(item);
      } finally {
        settled += 1;
        onProgress(settled);
      }
    }),
  );
  const outcome: BulkOutcome<Item> = { updated: [], failed: [] };
  results.forEach((result, index) => {
    const item = items[index]!;
    if (result.status === 'fulfilled') outcome.updated.push(item);
    else outcome.failed.push({ item, error: result.reason });
  });
  return outcome;
}

/** A progress bar's share, 0 to 100 (a run of nothing is done). */
export function progressPercent(settled: number, total: number): number {
  if (total <= 0) return 100;
  return Math.round((Math.min(settled, total) / total) * 100);
}

/** One line of the summary of a bulk update: which city failed and why. */
export interface BulkFailureLine {
  id: number;
  name: string;
  reason: string;
}

/** The failed cities of a bulk update, each named with the server's reason (or `reasonOf`'s fallback). */
export function bulkFailureLines<Item extends { id: number; name: string }>(
  outcome: BulkOutcome<Item>,
  reasonOf: (error: unknown) => string,
): BulkFailureLine[] {
  return outcome.failed.map(({ item, error }) => ({ id: item.id, name: item.name, reason: reasonOf(error) }));
}
