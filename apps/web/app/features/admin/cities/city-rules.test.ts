import type { MoneyFormat } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import {
  bulkFailureLines,
  bulkFeeProblem,
  cityBody,
  cityFormFrom,
  cityFormProblems,
  cityListQuery,
  emptyCityForm,
  feeInputText,
  formatFee,
  isCityFormDirty,
  parseId,
  parseShippingFee,
  progressPercent,
  selectedShown,
  toggleAllShown,
  toggleSelected,
  updateAllInParallel,
  withFilterCountry,
  withFormCountry,
  type CityForm,
} from './city-rules';

/** The store's money as the back office shows it: the default symbol, KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };

const stored = {
  name_ar: 'السالمية',
  name_en: 'Salmiya',
  country_id: 1,
  governorate_id: 3,
  shipping_fee: 1.25,
  is_active: true,
};

describe('shipping fees', () => {
  it('reads a fee of 0 or more with at most 3 decimals, in fils', () => {
    expect(parseShippingFee('5')).toBe(5_000);
    expect(parseShippingFee(' 2.5 ')).toBe(2_500);
    expect(parseShippingFee('0.750')).toBe(750);
    expect(parseShippingFee('.5')).toBe(500);
    expect(parseShippingFee('0')).toBe(0);
    expect(parseShippingFee('١٫٢٥')).toBe(1_250);
    expect(parseShippingFee('1000')).toBe(1_000_000);
  });

  it('refuses negatives, 4 decimals, commas, words and fees above 1000', () => {
    for (const text of ['', ' ', '-1', '1.2345', '1,250', 'five', '1e3', '1000.001', '5.']) {
      expect(parseShippingFee(text), text).toBeNull();
    }
  });

  it('shows a missing fee as 5 and a stored one as typed', () => {
    expect(feeInputText(null)).toBe('5');
    expect(feeInputText(undefined)).toBe('5');
    expect(feeInputText(1.25)).toBe('1.25');
    expect(feeInputText(0)).toBe('0');
  });

  it('lists fees in KD with 3 decimals', () => {
    expect(formatFee(1.25, KD)).toBe('1.250 KD');
    expect(formatFee(0, KD)).toBe('0.000 KD');
    expect(formatFee(null, KD)).toBe('5.000 KD');
  });
});

describe('filters', () => {
  it('reads ids from the URL and ignores anything else', () => {
    expect(parseId('12')).toBe(12);
    for (const text of ['', 'abc', '0', '-1', '1.5', '01']) expect(parseId(text), text).toBeNull();
  });

  it('asks the server for every city of the chosen country and governorate', () => {
    expect(cityListQuery({ country: '', governorate: '' })).toEqual({ admin: true });
    expect(cityListQuery({ country: '1', governorate: '' })).toEqual({ admin: true, country_id: 1 });
    expect(cityListQuery({ country: '1', governorate: '3' })).toEqual({ admin: true, country_id: 1, governorate_id: 3 });
    // A governorate without a country (a hand-edited URL) is not a filter.
    expect(cityListQuery({ country: '', governorate: '3' })).toEqual({ admin: true });
  });

  it('clears the governorate when the country changes', () => {
    expect(withFilterCountry('2')).toEqual({ country: '2', governorate: '' });
    expect(withFilterCountry('')).toEqual({ country: '', governorate: '' });
  });
});

describe('the city form', () => {
  it('starts a new city at a fee of 5, active, in the country and governorate filtered on', () => {
    expect(emptyCityForm()).toEqual({
      name: '',
      name_en: '',
      country_id: '',
      governorate_id: '',
      shipping_fee: '5',
      is_active: true,
    });
    expect(emptyCityForm({ country: '1', governorate: '3' })).toMatchObject({ country_id: '1', governorate_id: '3' });
    expect(emptyCityForm({ country: '', governorate: '3' })).toMatchObject({ country_id: '', governorate_id: '' });
  });

  it('edits a stored city, a missing fee shown as 5', () => {
    expect(cityFormFrom(stored)).toEqual({
      name: 'السالمية',
      name_en: 'Salmiya',
      country_id: '1',
      governorate_id: '3',
      shipping_fee: '1.25',
      is_active: true,
    });
    expect(cityFormFrom({ ...stored, governorate_id: null, shipping_fee: null })).toMatchObject({
      governorate_id: '',
      shipping_fee: '5',
    });
  });

  it('clears the governorate when the country changes, not when it stays', () => {
    const form = cityFormFrom(stored);
    expect(withFormCountry(form, '2')).toMatchObject({ country_id: '2', governorate_id: '' });
    expect(withFormCountry(form, '')).toMatchObject({ country_id: '', governorate_id: '' });
    expect(withFormCountry(form, '1')).toBe(form);
  });

  it('requires a name and a country, and a fee that is a number of 0 or more', () => {
    expect(cityFormProblems(emptyCityForm())).toEqual({
      name: 'admin-cities.validation.name_required',
      country_id: 'admin-cities.validation.country_required',
    });
    const valid: CityForm = { ...emptyCityForm(), name: 'الشعب', country_id: '1' };
    expect(cityFormProblems(valid)).toEqual({});
    expect(cityFormProblems({ ...valid, shipping_fee: '' })).toEqual({ shipping_fee: 'admin-cities.validation.fee_required' });
    expect(cityFormProblems({ ...valid, shipping_fee: '-2' })).toEqual({ shipping_fee: 'admin-cities.validation.fee_invalid' });
    expect(cityFormProblems({ ...valid, shipping_fee: '2.1234' })).toEqual({ shipping_fee: 'admin-cities.validation.fee_invalid' });
    expect(cityFormProblems({ ...valid, name: '   ' })).toEqual({ name: 'admin-cities.validation.name_required' });
    expect(cityFormProblems({ ...valid, name_en: 'x'.repeat(101) })).toEqual({ name_en: 'admin-cities.validation.name_too_long' });
  });

  it('sends trimmed names, numeric ids (none for no governorate) and the fee in decimals', () => {
    const form: CityForm = { name: ' الشعب ', name_en: ' Shaab ', country_id: '1', governorate_id: '', shipping_fee: '١٫٧٥', is_active: false };
    expect(cityBody(form)).toEqual({
      name: 'الشعب',
      name_en: 'Shaab',
      country_id: 1,
      governorate_id: null,
      shipping_fee: 1.75,
      is_active: false,
    });
  });

  it('is dirty once a field or the flag changes', () => {
    const initial = cityFormFrom(stored);
    expect(isCityFormDirty({ ...initial }, initial)).toBe(false);
    expect(isCityFormDirty({ ...initial, name: ' السالمية ' }, initial)).toBe(false);
    expect(isCityFormDirty({ ...initial, shipping_fee: '2' }, initial)).toBe(true);
    expect(isCityFormDirty({ ...initial, is_active: false }, initial)).toBe(true);
  });
});

describe('selection', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it('adds and removes one row', () => {
    const one = toggleSelected(new Set(), 2);
    expect([...one]).toEqual([2]);
    expect([...toggleSelected(one, 2)]).toEqual([]);
  });

  it('selects every row shown, then clears them, leaving rows not shown alone', () => {
    const some = new Set([1, 9]);
    const all = toggleAllShown(some, [1, 2, 3]);
    expect([...all].sort()).toEqual([1, 2, 3, 9]);
    expect([...toggleAllShown(all, [1, 2, 3])]).toEqual([9]);
    expect([...toggleAllShown(new Set(), [])]).toEqual([]);
  });

  it('bulk-edits only the selected rows still shown, in list order', () => {
    expect(selectedShown(rows, new Set([3, 1, 9]))).toEqual([{ id: 1 }, { id: 3 }]);
  });
});

describe('the bulk fee edit', () => {
  it('says what is missing: a city first, then the fee', () => {
    expect(bulkFeeProblem(0, '')).toBe('admin-cities.bulk.none_selected');
    expect(bulkFeeProblem(0, '2')).toBe('admin-cities.bulk.none_selected');
    expect(bulkFeeProblem(3, '  ')).toBe('admin-cities.bulk.fee_required');
    expect(bulkFeeProblem(3, '-1')).toBe('admin-cities.validation.fee_invalid');
    expect(bulkFeeProblem(3, '2.5')).toBeNull();
    expect(bulkFeeProblem(1, '0')).toBeNull();
  });

  it('updates every city at once, counts progress, and keeps each failure with its city', async () => {
    const cities = [
      { id: 1, name: 'السالمية' },
      { id: 2, name: 'حولي' },
      { id: 3, name: 'الجابرية' },
    ];
    const started: number[] = [];
    const release: Array<() => void> = [];
    const progress: number[] = [];
    const run = updateAllInParallel(
      cities,
      (city) =>
        new Promise<void>((resolve, reject) => {
          started.push(city.id);
          release.push(() => (city.id === 2 ? reject(new ApiError(404, 'NOT_FOUND', 'City not found')) : resolve()));
        }),
      (settled) => progress.push(settled),
    );
    // All three requests are under way before any answers: they run in parallel.
    expect(started).toEqual([1, 2, 3]);
    release.forEach((answer) => answer());
    const outcome = await run;
    expect(progress).toEqual([1, 2, 3]);
    expect(outcome.updated.map((city) => city.id)).toEqual([1, 3]);
    expect(bulkFailureLines(outcome, (error) => (error instanceof Error ? error.message : 'failed'))).toEqual([
      { id: 2, name: 'حولي', reason: 'City not found' },
    ]);
  });

  it('reports a run with no failure as all updated', async () => {
    const outcome = await updateAllInParallel([{ id: 1, name: 'a' }], async () => undefined, () => undefined);
    expect(outcome).toEqual({ updated: [{ id: 1, name: 'a' }], failed: [] });
    expect(bulkFailureLines(outcome, () => 'x')).toEqual([]);
  });

  it('draws the progress bar from 0 to 100', () => {
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
  });
});
