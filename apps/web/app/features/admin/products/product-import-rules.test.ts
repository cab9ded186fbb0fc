import { describe, expect, it } from 'vitest';
import type { ProductImportRow } from '@shop/shared';
import { importRowsShown } from './product-import-rules';

const row = (number: number, action: ProductImportRow['action'], errors = 0): ProductImportRow => ({
  row: number,
  action,
  product_id: action === 'create' ? null : number,
  changes: {},
  errors: Array.from({ length: errors }, () => ({ column: 'price', message: 'bad' })),
});

describe('the rows the import screen shows', () => {
  const rows = [row(2, 'unchanged'), row(3, 'update'), row(4, 'create', 1), row(5, 'unchanged', 1), row(6, 'unchanged')];

  it('shows changes and errors by default, leaving the unchanged rows out', () => {
    expect(importRowsShown(rows, 'changes').map((shown) => shown.row)).toEqual([3, 4, 5]);
  });

  it('shows only the refused rows, or every row', () => {
    expect(importRowsShown(rows, 'errors').map((shown) => shown.row)).toEqual([4, 5]);
    expect(importRowsShown(rows, 'all').map((shown) => shown.row)).toEqual([2, 3, 4, 5, 6]);
  });
});
